/**
 * How one execution is isolated, and the command line that does it. Three
 * levels, probed once at start (strongest first):
 * - "bwrap": bubblewrap (Debian package `bubblewrap`): new user, PID, network,
 *   IPC, UTS and mount namespaces; a read-only root holding only /usr (no
 *   /home, /root, /etc or the repository); a private, size-capped tmpfs /tmp
 *   holding the program, gone when the process ends; an empty environment.
 * - "unshare": util-linux `unshare` where bubblewrap cannot run: new user,
 *   PID, network, IPC and mount namespaces (so no network and no view of
 *   other processes), but the host's file system stays visible; writes are
 *   limited by Unix permissions (the program runs as an unprivileged uid when
 *   the service is root) and its working directory is a fresh host directory.
 * - "none": only resource limits and a process group; refused unless the
 *   service is started with `--unsafe-no-isolation`.
 * Every level runs the program under `prlimit` (CPU seconds, address space,
 * file size, processes, open files) and the caller kills the whole process
 * group at the wall-clock timeout.
 *
 * I/O: probing spawns short-lived processes; otherwise pure argv building.
 */
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname } from "node:path";

/** @typedef {"bwrap" | "unshare" | "none"} Isolation */

/** Size of the private /tmp an execution gets under bubblewrap. */
export const TMP_BYTES = 64 * 1024 * 1024;
/** Largest file a program may write (RLIMIT_FSIZE). */
export const FILE_BYTES = 16 * 1024 * 1024;
/** Processes (threads included) per execution's uid (RLIMIT_NPROC). */
export const MAX_PROCESSES = 64;
/** Open files per process (RLIMIT_NOFILE). */
export const MAX_OPEN_FILES = 128;

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

/** Directories the bubblewrap root mounts read-only: /usr, plus the interpreter's own prefix when it lives elsewhere. */
function readOnlyMounts(python) {
  const mounts = ["/usr"];
  const prefix = dirname(dirname(realpathSync(python)));
  if (!prefix.startsWith("/usr")) mounts.push(prefix);
  return mounts;
}

/** bwrap arguments that recreate / from the host's /usr (merged-/usr Debian: /bin, /lib are symlinks). */
function rootLayout(python) {
  const args = [];
  for (const m of readOnlyMounts(python)) args.push("--ro-bind", m, m);
  for (const link of ["bin", "sbin", "lib", "lib64", "lib32"]) {
    if (existsSync(`/usr/${link}`)) args.push("--symlink", `usr/${link}`, `/${link}`);
  }
  return args;
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
 * The argv that runs `program.py` at `isolation`, with limits. Under bwrap the
 * program arrives on fd 3 and becomes /tmp/program.py inside the private tmp;
 * otherwise `workdir` (a fresh host directory) already holds it.
 * @param {Isolation} isolation
 * @param {{ python: string, prlimit: string, workdir: string, limits: { timeout_s: number, memory_mb: number }, root: boolean }} o
 * @returns {{ command: string, args: string[], programPath: string, programOnFd3: boolean }}
 */
export function commandFor(isolation, o) {
  const limited = [...prlimitArgs(o.limits), o.python, "-I", "-B"];
  if (isolation === "bwrap") {
    return {
      command: "bwrap",
      args: [
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        ...rootLayout(o.python),
        "--proc", "/proc",
        "--dev", "/dev",
        "--size", String(TMP_BYTES),
        "--tmpfs", "/tmp",
        "--file", "3", "/tmp/program.py",
        "--remount-ro", "/",
        "--chdir", "/tmp",
        "--clearenv",
        "--setenv", "PATH", "/usr/bin:/bin",
        "--setenv", "HOME", "/tmp",
        "--setenv", "LANG", "C.UTF-8",
        o.prlimit, ...limited, "/tmp/program.py",
      ],
      programPath: "/tmp/program.py",
      programOnFd3: true,
    };
  }
  if (isolation === "unshare") {
    // Non-root needs a user namespace to create the others; root drops to an unprivileged uid at spawn instead.
    return {
      command: "unshare",
      args: ["--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child", "--mount-proc", "--ipc", "--uts", o.prlimit, ...limited, "program.py"],
      programPath: "program.py",
      programOnFd3: false,
    };
  }
  return { command: o.prlimit, args: [...limited, "program.py"], programPath: "program.py", programOnFd3: false };
}

/**
 * The strongest isolation that actually works here: the first level under
 * which `run` (an execution of `print(1)`) prints 1. Throws when none does
 * and unsafe mode was not asked for.
 * @param {(isolation: Isolation) => Promise<{ exit_code: number | null, stdout: string, stderr: string }>} run
 * @param {boolean} allowUnsafe
 * @returns {Promise<{ isolation: Isolation, tried: string[] }>}
 */
export async function probeIsolation(run, allowUnsafe) {
  const tried = [];
  for (const isolation of /** @type {Isolation[]} */ (["bwrap", "unshare"])) {
    const r = await run(isolation).catch((err) => ({ exit_code: null, stdout: "", stderr: String(err?.message ?? err) }));
    if (r.exit_code === 0 && r.stdout.trim() === "1") return { isolation, tried };
    tried.push(`${isolation}: ${r.stderr.trim().split("\n").at(-1) || `exit ${r.exit_code}`}`);
  }
  if (allowUnsafe) return { isolation: "none", tried };
  throw new Error(`no isolation works here (${tried.join("; ")}); install bubblewrap, or start with --unsafe-no-isolation to run code without it`);
}
