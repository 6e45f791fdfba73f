/**
 * A container without a container engine: one environment's processes in
 * their own user, mount, PID, network, IPC, UTS and cgroup namespaces, over
 * a root file system made of read-only layers (the cached Debian root, the
 * task's build) with a writable layer on top, bounded by control groups.
 *
 * How it comes up (the runner is root, as a container engine is):
 * 1. a holder process makes a user namespace; the runner writes its uid
 *    and gid maps (0–65535 inside = host 100000–165535), so the
 *    environment has real users (apt's _apt, nobody) and root inside is no
 *    host user;
 * 2. the keeper enters it as uid 0 (`nsenter -S 0`), makes a private mount
 *    namespace, mounts the writable layer (a tmpfs of the task's storage
 *    size, or a directory for a build) and the overlay of the layers, and
 *    execs bubblewrap with that overlay bound as `/` (its own /proc, a
 *    minimal /dev with a capped /dev/shm, no network but loopback unless
 *    the host's is given), which holds the namespaces open with
 *    `sleep infinity`. bubblewrap reports its sandbox's pid on a pipe.
 * 3. every command enters those namespaces (`nsenter --target <pid>`, uid
 *    0 of the environment), so files and background processes persist
 *    between commands as in a container, and each command is killed as a
 *    process group at its timeout.
 * Killing the keeper ends the PID namespace, so every process in it; the
 * writable layer (a tmpfs) goes with its mount namespace.
 *
 * Each process is held at a gate (a shell reading one line from fd 3)
 * until it has joined the environment's control groups, so nothing it
 * starts escapes them. Without writable control groups the limits fall
 * back to prlimit per process (said in `limits.enforced`).
 *
 * I/O: processes (unshare, nsenter, bwrap), /proc/<pid>/{uid,gid}_map,
 * cgroups (cgroups.mjs), a state directory per container.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chown, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { findTool } from "../../sandbox/isolation.mjs";
import { createCgroup } from "./cgroups.mjs";
import { ENV_UID_BASE, ENV_UID_COUNT } from "./rootfs.mjs";

/** A container engine's default capabilities (Docker's), kept by the environment's first process. */
export const DEFAULT_CAPS = ["CHOWN", "DAC_OVERRIDE", "FSETID", "FOWNER", "MKNOD", "NET_RAW", "SETGID", "SETUID", "SETFCAP", "SETPCAP", "NET_BIND_SERVICE", "SYS_CHROOT", "KILL", "AUDIT_WRITE"];
/** Processes per environment (a fork bomb stops here). */
export const DEFAULT_PIDS = 1024;
export const SHM_BYTES = 64 * 1024 * 1024;
const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/** Output of one command kept in memory (head and tail); the count is exact. */
export const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
/** After a command's process exits, how long output still in the pipe is read (a background child may hold it open). */
const DRAIN_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What this machine lacks for local containers, or null. */
export function localSupport() {
  if ((process.getuid?.() ?? 0) !== 0) return { missing: "the local backend runs as root (it maps each environment's users to host uids 100000–165535, as a container engine does)" };
  const tools = {};
  for (const name of ["unshare", "nsenter", "bwrap", "sh", "prlimit"]) {
    const p = findTool(name);
    if (!p) return { missing: name === "bwrap" ? "bubblewrap is not installed (apt-get install -y bubblewrap)" : `${name} is not installed (util-linux provides it)` };
    tools[name] = p;
  }
  return { tools };
}

function gate(tools, argv, { env = {}, detached = true, extraFds = [] } = {}) {
  // `read` on fd 3 holds the process until the runner has put it in its groups; then fd 3 is closed and argv runs.
  const child = spawn(tools.sh, ["-c", 'read _ <&3; exec 3<&-; exec "$@"', "gate", ...argv], { stdio: ["pipe", "pipe", "pipe", "pipe", ...extraFds], env, detached });
  return child;
}

function release(child) {
  child.stdio[3].end("\n");
}

function waitExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** Collects a stream's bytes, keeping the head and tail when there are too many. */
function collector(limit) {
  const head = [];
  const tail = [];
  let headBytes = 0;
  let tailBytes = 0;
  let total = 0;
  return {
    push(b) {
      total += b.length;
      if (headBytes < limit / 2) {
        const take = b.subarray(0, limit / 2 - headBytes);
        head.push(take);
        headBytes += take.length;
        b = b.subarray(take.length);
      }
      if (b.length) {
        tail.push(b);
        tailBytes += b.length;
        while (tailBytes - tail[0].length >= limit / 2) tailBytes -= tail.shift().length;
      }
    },
    result() {
      const kept = headBytes + tailBytes;
      const out = kept < total ? Buffer.concat([...head, Buffer.from(`\n[... ${total - kept} bytes cut ...]\n`), ...tail]) : Buffer.concat([...head, ...tail]);
      return { output: out, output_bytes: total };
    },
  };
}

/**
 * Starts a container. `layers`: read-only directories, top first (a build's
 * layer over the Debian root). `writable`: { tmpfsBytes } for an
 * environment (its storage limit), or { dir } for a build whose writes
 * become a layer. `network`: "none" (loopback only) or "host".
 * `limits`: { memory_mb, cpus, pids }. `binds`: host directories shown
 * read-only inside (a build's context), { src, dest }.
 * @returns {Promise<Container>}
 */
export async function startContainer({ layers, writable, network = "none", limits, stateDir, env = {}, workdir = "/", hostname = "environment", binds = [] }) {
  const support = localSupport();
  if (support.missing) throw new Error(support.missing);
  const { tools } = support;
  const id = randomBytes(6).toString("hex");
  const dir = join(stateDir, `env-${id}`);
  // Traversable (not readable) by the environment's uids: the keeper mounts on paths below it as uid 100000.
  await mkdir(dir, { recursive: true, mode: 0o711 });
  const mountPoint = join(dir, "w");
  await mkdir(mountPoint, { mode: 0o711 });
  if (writable.dir) await mkdir(join(mountPoint, "root"));
  const cgroup = await createCgroup(`assay-env-${id}`, { memory_mb: limits.memory_mb, cpus: limits.cpus, pids: limits.pids ?? DEFAULT_PIDS });
  const rlimits = cgroup ? [] : [`--as=${limits.memory_mb * 1024 * 1024}`, `--nproc=${(limits.pids ?? DEFAULT_PIDS) * 4}`];
  const enforced = cgroup
    ? { memory: "cgroup", pids: "cgroup", cpus: "cgroup", storage: writable.dir ? "none" : "tmpfs size" }
    : { memory: "address space per process (prlimit --as)", pids: "processes per host uid, shared by all environments (prlimit --nproc)", cpus: "none", storage: writable.dir ? "none" : "tmpfs size" };
  const cleanup = [];
  try {
    // 1. The user namespace, held by a process until the keeper has entered it.
    const holder = spawn(tools.unshare, ["--user", "--", tools.sh, "-c", "read _"], { stdio: ["pipe", "ignore", "ignore"] });
    cleanup.push(() => holder.kill("SIGKILL"));
    await new Promise((resolve, reject) => {
      holder.once("spawn", resolve);
      holder.once("error", reject);
    });
    // The map is written once unshare has made the namespace: retry briefly until it has.
    for (let i = 0; ; i++) {
      try {
        await writeFile(`/proc/${holder.pid}/uid_map`, `0 ${ENV_UID_BASE} ${ENV_UID_COUNT}\n`);
        await writeFile(`/proc/${holder.pid}/gid_map`, `0 ${ENV_UID_BASE} ${ENV_UID_COUNT}\n`);
        break;
      } catch (err) {
        if (i >= 100) throw new Error(`could not map the environment's users: ${err.message}`);
        await sleep(10);
      }
    }
    // 2. The keeper: mounts the layers, then bubblewrap holds the namespaces.
    const upper = writable.dir ? writable.dir : join(mountPoint, "upper");
    const work = writable.dir ? `${writable.dir}.work` : join(mountPoint, "work");
    const merged = join(mountPoint, "root");
    if (writable.dir) {
      // overlayfs needs its work directory writable by the mounter (uid 0 inside, 100000 here), or it mounts read-only.
      await mkdir(work, { recursive: true });
      await chown(work, ENV_UID_BASE, ENV_UID_BASE);
    }
    const script = [
      "set -e",
      writable.dir ? ":" : `mount -t tmpfs -o size=${writable.tmpfsBytes},mode=0755 assay-env "$1" && mkdir "$1/upper" "$1/work" "$1/root"`,
      `mount -t overlay assay-env -o "lowerdir=$2,upperdir=$3,workdir=$4,userxattr" "$1/root"`,
      'shift 4; exec "$@"',
    ].join("\n");
    const bwrap = [
      tools.bwrap,
      "--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try",
      ...(network === "host" ? [] : ["--unshare-net"]),
      "--die-with-parent", "--info-fd", "4", "--hostname", hostname,
      "--bind", merged, "/", ...binds.flatMap((b) => ["--ro-bind", b.src, b.dest]), "--proc", "/proc", "--dev", "/dev", "--size", String(SHM_BYTES), "--tmpfs", "/dev/shm",
      "--cap-drop", "ALL", ...DEFAULT_CAPS.flatMap((c) => ["--cap-add", `CAP_${c}`]),
      // bubblewrap reports its pid before the sandbox's root is in place: the first process inside says when it is.
      "--chdir", "/", "--", "/bin/sh", "-c", "echo ready >&5; exec 4>&- 5>&-; exec sleep infinity",
    ];
    const keeperArgv = [
      ...(rlimits.length ? [tools.prlimit, ...rlimits, "--"] : []),
      tools.nsenter, `--target=${holder.pid}`, "--user", "--setuid=0", "--setgid=0", "--",
      tools.unshare, "--mount", "--propagation", "private", "--", tools.sh, "-c", script, "keeper", mountPoint, layers.join(":"), upper, work, ...bwrap,
    ];
    const keeper = gate(tools, keeperArgv, { env: { PATH: DEFAULT_PATH }, extraFds: ["pipe", "pipe"] });
    cleanup.push(() => killGroup(keeper));
    let keeperLog = "";
    keeper.stdout.on("data", (b) => (keeperLog = (keeperLog + b).slice(-4000)));
    keeper.stderr.on("data", (b) => (keeperLog = (keeperLog + b).slice(-4000)));
    await new Promise((resolve, reject) => {
      keeper.once("spawn", resolve);
      keeper.once("error", reject);
    });
    await cgroup?.add(keeper.pid);
    release(keeper);
    const info = await new Promise((resolve, reject) => {
      let text = "";
      let pid = null;
      let ready = false;
      keeper.stdio[4].on("data", (b) => {
        text += b;
        const m = /"child-pid":\s*(\d+)/.exec(text);
        if (m) pid = Number(m[1]);
        if (pid && ready) resolve(pid);
      });
      keeper.stdio[5].on("data", () => {
        ready = true;
        if (pid) resolve(pid);
      });
      keeper.once("exit", (code) => reject(new Error(`the environment did not start (exit ${code}): ${keeperLog.trim().slice(-600) || "no output"}`)));
    });
    holder.kill("SIGKILL");
    cleanup.shift();
    const pid = info;
    let gone = null;
    keeper.once("exit", (code, signal) => (gone = `the environment's processes ended (keeper ${signal ?? `exit ${code}`})${keeperLog.trim() ? `: ${keeperLog.trim().slice(-300)}` : ""}`));
    const baseEnv = { PATH: DEFAULT_PATH, HOME: "/root", LANG: "C.UTF-8", TERM: "xterm", HOSTNAME: hostname, ...env };

    /**
     * Runs `argv` in the environment as root, in `cwd`, with the
     * environment's variables and `env` over them; stdout and stderr
     * together. Resolves when the process exits (or is killed at
     * `timeout_s`), whatever still holds its output.
     */
    async function exec({ argv, cwd = workdir, env: extra = {}, timeout_s = 600, stdin = null, maxOutput = MAX_OUTPUT_BYTES }) {
      if (gone) throw new Error(gone);
      const started = Date.now();
      const child = gate(tools, [
        ...(rlimits.length ? [tools.prlimit, ...rlimits, "--"] : []),
        tools.nsenter, `--target=${pid}`, "--user", "--mount", "--net", "--pid", "--ipc", "--uts", "--cgroup", "--root", "--wd", "--setuid=0", "--setgid=0", "--",
        "/bin/sh", "-c", 'exec 2>&1; cd "$1" || exit 125; shift; exec "$@"', "exec", cwd, ...argv,
      ], { env: { ...baseEnv, ...extra } });
      const out = collector(maxOutput);
      child.stdout.on("data", (b) => out.push(b));
      child.stderr.on("data", (b) => out.push(b));
      await new Promise((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", reject);
      });
      await cgroup?.add(child.pid);
      release(child);
      if (stdin) child.stdin.end(stdin);
      else child.stdin.end();
      child.stdin.on("error", () => {});
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, timeout_s * 1000);
      const { code, signal } = await waitExit(child);
      clearTimeout(timer);
      await sleep(DRAIN_MS);
      child.stdout.destroy();
      child.stderr.destroy();
      // The command's own group, should it have left children behind it in the foreground.
      if (timedOut) killGroup(child);
      return { exit_code: code, signal, timed_out: timedOut, duration_ms: Date.now() - started, ...out.result() };
    }

    let disposed = false;
    return {
      id,
      pid,
      network,
      limits: { ...limits, pids: limits.pids ?? DEFAULT_PIDS, enforced },
      exec,
      /** Whether the kernel killed a process of it for exceeding its memory. */
      oomKilled: async () => (cgroup ? cgroup.oomKilled() : false),
      async dispose() {
        if (disposed) return;
        disposed = true;
        killGroup(keeper);
        await waitExit(keeper);
        await cgroup?.dispose();
        await rm(dir, { recursive: true, force: true }).catch(() => {});
      },
    };
  } catch (err) {
    for (const c of cleanup.reverse()) c();
    await cgroup?.dispose();
    await rm(dir, { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}

function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    try {
      child.kill("SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

/**
 * @typedef {{ id: string, pid: number, network: string, limits: object,
 *   exec(o: { argv: string[], cwd?: string, env?: Record<string, string>, timeout_s?: number, stdin?: Buffer | null, maxOutput?: number }): Promise<{ exit_code: number | null, signal: string | null, timed_out: boolean, duration_ms: number, output: Buffer, output_bytes: number }>,
 *   oomKilled(): Promise<boolean>, dispose(): Promise<void> }} Container
 */
