/**
 * How one execution is isolated, and the command line that does it. A
 * process sees only a *layout* (a list of mounts: read-only binds of host
 * directories, private tmpfs, /proc of its own PID namespace, a minimal
 * /dev, files handed over on a descriptor) and runs in new user, PID,
 * network, IPC, UTS, cgroup and mount namespaces. Two ways to get there,
 * the same layout either way:
 * - "bwrap": bubblewrap (Debian package `bubblewrap`) builds it.
 * - "unshare": util-linux builds it: `unshare` makes the namespaces, `mount
 *   --all` mounts the layout from an fstab over a read-only template of its
 *   mount points (made once per service by `prepareUnshareRoot`),
 *   `pivot_root` makes that the root and detaches the host's, and `setpriv`
 *   drops every capability before the program starts. A shell stays PID 1 of
 *   the namespace so the program is never its init (an init ignores
 *   SIGXCPU, which turned CPU timeouts into "exit code 1").
 * - "none": no namespaces; only for `--unsafe-no-isolation`.
 * The caller wraps its program in `prlimit` (CPU seconds, address space,
 * file size, processes, open files) and kills the process group at the
 * wall-clock timeout.
 *
 * I/O: `findTool` stats PATH; `prepareUnshareRoot` creates (and `dispose`
 * removes) the template directory; the rest builds argv, pure.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";

/** @typedef {"bwrap" | "unshare" | "none"} Isolation */

/**
 * One entry of the file system an isolated process sees; later entries
 * mount on top of earlier ones. Everything not listed is absent, and the
 * root itself is read-only.
 * @typedef {{ type: "ro-bind", src: string, dest: string }
 *   | { type: "tmpfs", dest: string, bytes: number }
 *   | { type: "symlink", target: string, dest: string }
 *   | { type: "proc", dest: string }
 *   | { type: "dev", dest: string, shmBytes: number }
 *   | { type: "file", fd: number, dest: string }
 *   | { type: "data", dest: string, root: string }} Mount
 * A "data" mount is a directory whose host side is chosen per execution (the
 * files a request names, read-only): one under `root` when the execution has
 * files, else an empty read-only directory.
 */

/** The environment variable that chooses the isolation, and its values. */
export const ISOLATION_SETTING = "ASSAY_SANDBOX_ISOLATION";
/** How to get bubblewrap on Debian and Ubuntu: said wherever its absence matters. */
export const BUBBLEWRAP_INSTALL = "apt-get install -y bubblewrap";
/** Size of the private /tmp an execution gets. */
export const TMP_BYTES = 64 * 1024 * 1024;
/** Size of its private /dev/shm (POSIX semaphores and shared memory). */
export const SHM_BYTES = 16 * 1024 * 1024;
/** Largest file a program may write (RLIMIT_FSIZE). */
export const FILE_BYTES = 16 * 1024 * 1024;
/** Processes (threads included) per execution's uid (RLIMIT_NPROC). */
export const MAX_PROCESSES = 64;
/** Open files per process (RLIMIT_NOFILE). */
export const MAX_OPEN_FILES = 128;
/** The device nodes a minimal /dev holds (bind-mounted from the host's), as bubblewrap's --dev does. */
const DEV_NODES = ["null", "zero", "full", "random", "urandom", "tty"];
const DEV_LINKS = [
  ["fd", "/proc/self/fd"],
  ["stdin", "/proc/self/fd/0"],
  ["stdout", "/proc/self/fd/1"],
  ["stderr", "/proc/self/fd/2"],
  ["ptmx", "pts/ptmx"],
];
/**
 * The descriptor on which the unshare mode's setup writes one byte once the
 * layout is mounted, just before the program starts (and which the program
 * never holds): a run that ends without it failed to set up, and says
 * nothing about the program.
 */
export const READY_FD = 4;
/** What each mode needs on the host, by command name. */
const TOOLS = { bwrap: ["bwrap"], unshare: ["unshare", "mount", "umount", "pivot_root", "setpriv", "cat", "sh"] };

/**
 * The isolation asked for: ASSAY_SANDBOX_ISOLATION (or the option), "auto"
 * when unset. Throws naming the setting for anything else.
 * @param {string | undefined} value
 * @returns {"auto" | "bwrap" | "unshare"}
 */
export function parseIsolationSetting(value) {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "auto") return "auto";
  if (v === "bubblewrap" || v === "bwrap") return "bwrap";
  if (v === "unshare") return "unshare";
  throw Object.assign(new Error(`${ISOLATION_SETTING} must be auto, bubblewrap or unshare (got ${JSON.stringify(value)})`), { setting: ISOLATION_SETTING });
}

/**
 * The absolute path of `name` on `searchPath` (then /usr/sbin and /sbin,
 * which a non-root PATH often lacks), or null.
 * @param {string} name
 * @param {string} [searchPath]
 */
export function findTool(name, searchPath = process.env.PATH ?? "") {
  for (const dir of [...searchPath.split(":").filter(Boolean), "/usr/sbin", "/sbin"]) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      // Resolved: a tool run after pivot_root must be reachable by its real path under /usr.
      if (statSync(file).isFile()) return realpathSync(file);
    } catch {
      // Not here.
    }
  }
  return null;
}

/**
 * The tools `isolation` needs, resolved on `searchPath`; or why it cannot run.
 * @param {"bwrap" | "unshare"} isolation
 * @param {string} [searchPath]
 * @returns {{ tools: Record<string, string> } | { missing: string }}
 */
export function toolsFor(isolation, searchPath) {
  /** @type {Record<string, string>} */
  const tools = {};
  const absent = [];
  for (const name of TOOLS[isolation]) {
    const path = findTool(name, searchPath);
    if (path) tools[name] = path;
    else absent.push(name);
  }
  if (!absent.length) return { tools };
  if (isolation === "bwrap") return { missing: `bubblewrap is not installed (${BUBBLEWRAP_INSTALL})` };
  return { missing: `${absent.join(", ")} not found (util-linux and coreutils provide them)` };
}

/**
 * The Python interpreter to run: ASSAY_SANDBOX_PYTHON, else /usr/bin/python3,
 * else the `python3` on PATH (resolved, so a pyenv shim is not what runs).
 * @param {string | undefined} configured
 */
export function findPython(configured) {
  if (configured) return configured;
  if (existsSync("/usr/bin/python3")) return "/usr/bin/python3";
  const r = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
  if (r.status === 0 && r.stdout.trim()) return realpathSync(r.stdout.trim());
  throw new Error("no python3 found: install Python 3 or set ASSAY_SANDBOX_PYTHON");
}

/**
 * What a code execution sees: /usr read-only (plus the interpreter's own
 * prefix when it lives elsewhere), /bin, /sbin, /lib* as links into it
 * (merged-/usr Debian), its own /proc, a minimal /dev, and a private /tmp
 * (the working directory) holding the program, which arrives on fd 3; and,
 * given `dataRoot`, /data: the files an execution is handed, read-only.
 * No /etc, /home, /root, /work, repository or secrets.
 * @param {string} python
 * @param {string} [dataRoot] where the service makes each execution's data directory
 * @returns {Mount[]}
 */
export function executionLayout(python, dataRoot) {
  /** @type {Mount[]} */
  const mounts = [{ type: "ro-bind", src: "/usr", dest: "/usr" }];
  const prefix = dirname(dirname(realpathSync(python)));
  if (!prefix.startsWith("/usr")) mounts.push({ type: "ro-bind", src: prefix, dest: prefix });
  for (const link of ["bin", "sbin", "lib", "lib64", "lib32"]) {
    if (existsSync(`/usr/${link}`)) mounts.push({ type: "symlink", target: `usr/${link}`, dest: `/${link}` });
  }
  mounts.push(
    { type: "proc", dest: "/proc" },
    { type: "dev", dest: "/dev", shmBytes: SHM_BYTES },
    { type: "tmpfs", dest: "/tmp", bytes: TMP_BYTES },
    { type: "file", fd: 3, dest: "/tmp/program.py" },
  );
  // Read-only data a request hands over (BIRD's databases), when the service keeps a file store under dataRoot.
  if (dataRoot !== undefined) mounts.push({ type: "data", dest: "/data", root: dataRoot });
  return mounts;
}

/** The names at the top of the root a layout makes (what a probe expects to find in `/`). */
export function rootEntries(/** @type {Mount[]} */ mounts) {
  return [...new Set(mounts.map((m) => m.dest.split("/")[1]).filter(Boolean))].sort();
}

/**
 * prlimit arguments for one execution.
 * @param {{ timeout_s: number, memory_mb: number }} limits
 */
export function prlimitArgs({ timeout_s, memory_mb }) {
  // timeout_s is the program's CPU time; the caller's wall clock (WALL_FACTOR × it) catches programs that sleep.
  const cpu = Math.ceil(timeout_s);
  return [
    // Soft limit first (SIGXCPU, read as a timeout), the hard one a second later: equal limits let the
    // kernel's SIGKILL race SIGXCPU, and a killed loop then read as "killed" instead of "timeout".
    `--cpu=${cpu}:${cpu + 1}`,
    `--as=${memory_mb * 1024 * 1024}`,
    `--fsize=${FILE_BYTES}`,
    `--nproc=${MAX_PROCESSES}`,
    `--nofile=${MAX_OPEN_FILES}`,
    `--core=0`,
    "--",
  ];
}

/**
 * bubblewrap's arguments for `mounts`, then `argv` run in `chdir` with only `env`; `data` is the host directory a
 * data mount shows (an empty directory without it).
 * @param {Mount[]} mounts
 * @param {{ argv: string[], chdir: string, env: Record<string, string>, data?: string }} o
 */
export function bwrapArgs(mounts, o) {
  const args = ["--unshare-all", "--die-with-parent", "--new-session"];
  for (const m of mounts) {
    if (m.type === "ro-bind") args.push("--ro-bind", m.src, m.dest);
    else if (m.type === "tmpfs") args.push("--size", String(m.bytes), "--tmpfs", m.dest);
    else if (m.type === "symlink") args.push("--symlink", m.target, m.dest);
    else if (m.type === "proc") args.push("--proc", m.dest);
    // bubblewrap's /dev is a writable tmpfs of no fixed size: made read-only, with a capped /dev/shm over it.
    else if (m.type === "dev") args.push("--dev", m.dest, "--remount-ro", m.dest, "--size", String(m.shmBytes), "--tmpfs", `${m.dest}/shm`);
    else if (m.type === "file") args.push("--file", String(m.fd), m.dest);
    else if (m.type === "data") args.push(...(o.data ? ["--ro-bind", o.data, m.dest] : ["--dir", m.dest]));
  }
  args.push("--remount-ro", "/", "--chdir", o.chdir, "--clearenv");
  for (const [k, v] of Object.entries(o.env)) args.push("--setenv", k, v);
  return [...args, ...o.argv];
}

/**
 * Descriptors above stderr this process holds without close-on-exec: ones it
 * inherited from whatever started it (Node opens its own close-on-exec), and
 * which every child would inherit in turn, a program included: a pipe or a
 * socket out of the sandbox. The caller replaces each in its children.
 * @param {string} [procFd] the /proc/self/fd of the process (a test may give another)
 * @returns {number[]}
 */
export function strayDescriptors(procFd = "/proc/self/fd") {
  const O_CLOEXEC = 0o2000000;
  const stray = [];
  let names = [];
  try {
    names = readdirSync(procFd);
  } catch {
    return stray; // No /proc: nothing to learn.
  }
  for (const name of names) {
    const fd = Number(name);
    if (!(fd > 2)) continue;
    try {
      const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(join(procFd, "..", "fdinfo", name), "utf8"))?.[1];
      if (flags !== undefined && !(parseInt(flags, 8) & O_CLOEXEC)) stray.push(fd);
    } catch {
      // Closed since the listing (the listing's own descriptor, for one).
    }
  }
  return stray.sort((a, b) => a - b);
}

/**
 * The flags of the mount holding `path` that a bind of it made in a user
 * namespace must keep: the kernel locks nosuid, nodev, noexec and the atime
 * mode of a mount a namespace inherits, and a read-only remount that leaves
 * any out fails (a systemd tmpfs /tmp is "nosuid,nodev,strictatime").
 * @param {string} path
 * @param {string} [mountinfo] /proc/self/mountinfo's text
 */
export function lockedMountFlags(path, mountinfo = readFileSync("/proc/self/mountinfo", "utf8")) {
  const real = realpathSync(path);
  let options = [];
  let longest = -1;
  for (const line of mountinfo.split("\n")) {
    const fields = line.split(" ");
    if (fields.length < 7) continue;
    const point = fields[4].replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8)));
    const holds = point === "/" || real === point || real.startsWith(`${point}/`);
    // Later lines are mounts made later, on top of earlier ones at the same point.
    if (holds && point.length >= longest) {
      longest = point.length;
      options = fields[5].split(",");
    }
  }
  const flags = ["nosuid", "nodev", "noexec", "nodiratime"].filter((f) => options.includes(f));
  return [...flags, options.find((o) => o === "noatime" || o === "relatime") ?? "strictatime"];
}

/** Mount options for a bind of `src`: `wanted` plus whatever the kernel will insist on keeping. */
function bindOptions(src, wanted) {
  return ["bind", ...new Set([...wanted, ...lockedMountFlags(src)])].join(",");
}

/** A path in an fstab field: whitespace and backslashes as octal escapes. */
function fstabPath(p) {
  return p.replace(/[\\\s]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`);
}

/** A word for sh, single-quoted. */
function shellWord(s) {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/**
 * @typedef {{ dir: string, root: string, fstab: string, script: string, tools: Record<string, string>, dispose(): Promise<void> }} UnshareRoot
 */

/**
 * The host side of the unshare mode for `mounts`: a template directory
 * (`root`) holding only their mount points (empty directories and files,
 * the symlinks), readable by everyone and written by no execution (it is
 * mounted read-only, and an execution never sees the host's view of it);
 * the fstab that mounts the layout over it; and the script that runs
 * inside the namespaces. One per service, removed by `dispose`.
 * @param {Mount[]} mounts
 * @param {Record<string, string>} tools from `toolsFor("unshare")`
 * @returns {Promise<UnshareRoot>}
 */
export async function prepareUnshareRoot(mounts, tools) {
  const dir = await mkdtemp(join(tmpdir(), "assay-sandbox-root-"));
  try {
    // Every execution's uid must reach the template (a root service runs them as 61000+).
    await chmod(dir, 0o755);
    const root = join(dir, "root");
    await mkdir(root, { mode: 0o755 });
    const at = (dest) => join(root, dest);
    const lines = [[root, root, "none", bindOptions(root, ["ro", "nosuid", "nodev", "noexec"])]];
    const files = [];
    const tmpfsDests = [];
    /** @type {{ dest: string, options: string } | undefined} */
    let dataMount;
    for (const m of mounts) {
      if (m.dest === "/" || !posix.isAbsolute(m.dest)) throw new Error(`unshare layout: ${m.dest} must be an absolute path below /`);
      const under = tmpfsDests.find((t) => m.dest.startsWith(`${t}/`));
      if (m.type === "file") {
        if (!under) throw new Error(`unshare layout: the file ${m.dest} must lie in a tmpfs`);
        if (m.fd < 3 || m.fd === READY_FD || m.fd === 9) throw new Error(`unshare layout: fd ${m.fd} is taken (0-2, ${READY_FD} and 9 are)`);
        files.push(m);
        continue;
      }
      if (under) throw new Error(`unshare layout: ${m.dest} lies inside the tmpfs at ${under}`);
      if (m.type === "symlink") {
        await mkdir(dirname(at(m.dest)), { recursive: true, mode: 0o755 });
        await symlink(m.target, at(m.dest));
        continue;
      }
      await mkdir(at(m.dest), { recursive: true, mode: 0o755 });
      if (m.type === "data") {
        // Bound per execution by the script (its second argument), with the flags the kernel keeps on data's file system.
        dataMount = { dest: at(m.dest), options: bindOptions(m.root, ["ro", "nosuid", "nodev", "noexec"]) };
        continue;
      }
      if (m.type === "ro-bind") {
        if (!statSync(m.src).isDirectory()) throw new Error(`unshare layout: ${m.src} must be a directory`);
        // Not recursive (no rbind): a mount below src stays out rather than writable.
        lines.push([m.src, at(m.dest), "none", bindOptions(m.src, ["ro", "nosuid", "nodev"])]);
      } else if (m.type === "tmpfs") {
        lines.push(["assay-tmp", at(m.dest), "tmpfs", `size=${m.bytes},mode=1777,nosuid,nodev`]);
        tmpfsDests.push(m.dest);
      } else if (m.type === "proc") {
        lines.push(["proc", at(m.dest), "proc", "nosuid,nodev,noexec"]);
      } else if (m.type === "dev") {
        for (const node of DEV_NODES) {
          await writeFile(at(`${m.dest}/${node}`), "", { mode: 0o644 });
          lines.push([`/dev/${node}`, at(`${m.dest}/${node}`), "none", bindOptions(`/dev/${node}`, ["nosuid", "noexec"])]);
        }
        for (const [name, target] of DEV_LINKS) await symlink(target, at(`${m.dest}/${name}`));
        await mkdir(at(`${m.dest}/shm`), { mode: 0o755 });
        await mkdir(at(`${m.dest}/pts`), { mode: 0o755 });
        lines.push(["assay-shm", at(`${m.dest}/shm`), "tmpfs", `size=${m.shmBytes},mode=1777,nosuid,nodev,noexec`]);
        lines.push(["devpts", at(`${m.dest}/pts`), "devpts", "newinstance,ptmxmode=0666,mode=620,nosuid,noexec"]);
      }
    }
    const fstab = join(dir, "fstab");
    await writeFile(fstab, lines.map((l) => l.map(fstabPath).join(" ") + " 0 0\n").join(""), { mode: 0o644 });
    const t = (name) => shellWord(tools[name]);
    // Runs as PID 1 of the new PID namespace with every capability of the new user namespace; $1 is the
    // working directory, $2 the execution's data directory ("" for none), the rest the command. Only /usr's tools
    // are reachable after pivot_root.
    const script = [
      "set -eu",
      'workdir="$1"',
      'data="$2"',
      "shift 2",
      `${t("mount")} --all --fstab ${shellWord(fstab)}`,
      ...files.map((f) => `${t("cat")} <&${f.fd} > ${shellWord(at(f.dest))}; exec ${f.fd}<&-`),
      ...(dataMount ? [`if [ -n "$data" ]; then ${t("mount")} -o ${shellWord(dataMount.options)} "$data" ${shellWord(dataMount.dest)}; fi`] : []),
      `cd ${shellWord(root)}`,
      // pivot_root(".", ".") stacks the old root on the new one; the lazy unmount then detaches the host's tree.
      `${t("pivot_root")} . .`,
      `${t("umount")} -l .`,
      'cd "$workdir"',
      `printf . >&${READY_FD}`,
      `exec ${READY_FD}>&-`,
      // The shell reports a killed child on its own stderr ("CPU time limit exceeded"): closed, so only the
      // program writes to the real one; the subshell keeps the program from being PID 1 (the shell is).
      "exec 9>&2 2>&-",
      "set +e",
      `(exec ${t("setpriv")} --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- "$@" 2>&9 9>&-)`,
      "exit $?",
    ].join("\n");
    return { dir, root, fstab, script, tools, dispose: () => rm(dir, { recursive: true, force: true }) };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * unshare's arguments: new namespaces, then the prepared root's script runs
 * `argv` in `chdir` (the environment is the spawn's: give it only what the
 * program may see), with `data` bound read-only on the layout's data mount.
 * Spawn it with a pipe on READY_FD, and on each file mount's descriptor.
 * @param {UnshareRoot} root
 * @param {{ argv: string[], chdir: string, data?: string }} o
 */
export function unshareArgs(root, o) {
  return [
    "--user", "--map-root-user",
    "--mount", "--propagation", "private",
    "--net", "--pid", "--fork", "--kill-child", "--ipc", "--uts", "--cgroup",
    root.tools.sh, "-c", root.script, "assay-sandbox", o.chdir, o.data ?? "", ...o.argv,
  ];
}

/**
 * The command that runs `argv` under `isolation` inside `mounts` (for
 * "none": as is, in the caller's working directory). The spawn's
 * environment should be `env` in every mode; `readyFd`, when set, is the
 * descriptor to pipe and read (READY_FD above).
 * @param {Isolation} isolation
 * @param {{ mounts: Mount[], argv: string[], chdir: string, env: Record<string, string>, tools: Record<string, string>, root?: UnshareRoot, data?: string }} o
 * @returns {{ command: string, args: string[], readyFd?: number }}
 */
export function isolatedCommand(isolation, o) {
  if (isolation === "bwrap") return { command: o.tools.bwrap, args: bwrapArgs(o.mounts, o) };
  if (isolation === "unshare") {
    if (!o.root) throw new Error("the unshare mode needs its prepared root (prepareUnshareRoot)");
    return { command: o.root.tools.unshare, args: unshareArgs(o.root, o), readyFd: READY_FD };
  }
  return { command: o.argv[0], args: o.argv.slice(1) };
}
