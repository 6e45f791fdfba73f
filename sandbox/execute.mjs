/**
 * One execution: a fresh `python3 -I` process, isolated as the service's
 * isolator says (sandbox/isolation.mjs), under resource limits, killed with
 * its whole process group at the wall-clock timeout, its output capped, and
 * a verdict with the reason in words. Isolated, the program arrives on fd 3
 * into a private tmpfs that disappears with the process; without isolation
 * (--unsafe-no-isolation) it lives in a fresh host directory removed
 * afterwards.
 *
 * I/O: spawns the process; without isolation, creates and removes its directory.
 */
import { spawn } from "node:child_process";
import { chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isolatedCommand, prlimitArgs } from "./isolation.mjs";

/** Bytes of stdout and of stderr kept per execution (head and tail). */
export const OUTPUT_CAP_BYTES = 16 * 1024;
/**
 * The wall clock allows this many times the timeout: the timeout is CPU time
 * (prlimit), so a loaded machine slows a program down without failing it,
 * while a program that sleeps or blocks is still killed.
 */
export const WALL_FACTOR = 3;
/** After the wall-clock kill, how long to wait for the process to be reaped before answering anyway. */
const REAP_GRACE_MS = 5_000;

/**
 * Keeps the first and last `cap / 2` bytes of a stream, and how many were dropped between.
 * @param {number} cap
 */
function cappedSink(cap) {
  const half = Math.floor(cap / 2);
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  let total = 0;
  return {
    /** @param {Buffer} chunk */
    push(chunk) {
      total += chunk.length;
      if (head.length < half) {
        const take = Math.min(half - head.length, chunk.length);
        head = Buffer.concat([head, chunk.subarray(0, take)]);
        chunk = chunk.subarray(take);
      }
      if (chunk.length) {
        tail = Buffer.concat([tail, chunk]);
        if (tail.length > half) tail = tail.subarray(tail.length - half);
      }
    },
    text() {
      const dropped = total - head.length - tail.length;
      const h = head.toString("utf8");
      const t = tail.toString("utf8");
      return dropped > 0 ? `${h}\n…[${dropped} bytes not kept]…\n${t}` : h + t;
    },
    get total() {
      return total;
    },
  };
}

const SIGNALS = { 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 24: "SIGXCPU", 25: "SIGXFSZ" };

/** The signal that ended the process, from node's report or a wrapper's 128+N exit code. */
function cpuSignal(e) {
  return e.signal ?? (e.exit_code !== null && e.exit_code > 128 ? SIGNALS[e.exit_code - 128] ?? `signal ${e.exit_code - 128}` : null);
}

/**
 * The verdict's reason and failure kind from how the process ended.
 * @param {{ exit_code: number | null, signal: string | null, timed_out: boolean, stderr: string, timeout_s: number }} e
 * @returns {{ failure: string | null, reason: string }}
 */
export function classify(e) {
  if (e.timed_out) return { failure: "timeout", reason: `timeout: still running after ${e.timeout_s * WALL_FACTOR} s of wall clock, killed` };
  if (e.exit_code === 0 && !e.signal) return { failure: null, reason: "passed" };
  const signal = cpuSignal(e);
  if (signal === "SIGXCPU") return { failure: "timeout", reason: `timeout: used its ${e.timeout_s} s of CPU time, killed` };
  if (signal === "SIGXFSZ") return { failure: "file_size", reason: "file size limit exceeded, killed" };
  const last = e.stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  // After a traceback the last line is "<type>: <message>"; without one, only names that look like exceptions count.
  const pattern = e.stderr.includes("Traceback (most recent call last)")
    ? /^([A-Za-z_][\w.]*)(?::\s?(.*))?$/
    : /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Iteration|Warning))(?::\s?(.*))?$/;
  const exception = last && pattern.exec(last);
  if (exception) {
    const [, type, message] = exception;
    const detail = message ? `${type}: ${message.slice(0, 300)}` : type;
    if (type === "MemoryError") return { failure: "memory", reason: `memory limit: ${detail}` };
    if (type === "AssertionError") return { failure: "assertion", reason: `assertion failed${message ? `: ${message.slice(0, 300)}` : ""}` };
    return { failure: "exception", reason: `exception ${detail}` };
  }
  if (signal === "SIGKILL") return { failure: "killed", reason: "killed by SIGKILL (the memory limit, or the program itself)" };
  if (signal) return { failure: "signal", reason: `killed by ${signal}` };
  return { failure: "exit", reason: `exit code ${e.exit_code}` };
}

/**
 * How the service isolates every execution: the mode, the layout, the
 * tools it resolved, and (unshare) its prepared root.
 * @typedef {{
 *   isolation: import("./isolation.mjs").Isolation,
 *   mounts: import("./isolation.mjs").Mount[],
 *   tools: Record<string, string>,
 *   root?: import("./isolation.mjs").UnshareRoot,
 *   strayFds?: number[],
 * }} Isolator
 */

/**
 * Runs one program and answers its verdict. Never throws for anything the
 * program does; throws only when the process cannot be started at all.
 * @param {{
 *   isolator: Isolator,
 *   python: string,
 *   prlimit: string,
 *   program: string,
 *   timeout_s: number,
 *   memory_mb: number,
 *   uid?: number,
 *   outputCapBytes?: number,
 *   data?: string,
 * }} o `data`: a host directory shown read-only at the layout's data mount (/data)
 */
export async function executeProgram(o) {
  const started = performance.now();
  const cap = o.outputCapBytes ?? OUTPUT_CAP_BYTES;
  const { isolation, mounts } = o.isolator;
  // Isolated, the layout's file on fd 3 is the program; otherwise a fresh host directory holds it.
  const onFd3 = isolation !== "none";
  const programPath = onFd3 ? mounts.find((m) => m.type === "file" && m.fd === 3)?.dest : "program.py";
  if (!programPath) throw new Error("the layout has no file on fd 3 for the program");
  if (o.data !== undefined && !mounts.some((m) => m.type === "data")) throw new Error("this sandbox's layout has no data mount for the files an execution is handed");
  const workdir = onFd3 ? null : await mkdtemp(join(tmpdir(), "assay-sandbox-"));
  try {
    if (workdir) {
      await writeFile(join(workdir, "program.py"), o.program);
      if (o.uid !== undefined) {
        await chown(workdir, o.uid, o.uid);
        await chown(join(workdir, "program.py"), o.uid, o.uid);
      }
    }
    // Only these: the service's own environment (its secret) never reaches the program.
    const env = { PATH: "/usr/bin:/bin", LANG: "C.UTF-8", HOME: workdir ?? dirname(programPath) };
    const argv = [o.prlimit, ...prlimitArgs({ timeout_s: o.timeout_s, memory_mb: o.memory_mb }), o.python, "-I", "-B", programPath];
    const cmd = isolatedCommand(isolation, { ...o.isolator, argv, chdir: dirname(programPath), env, ...(o.data !== undefined ? { data: o.data } : {}) });
    /** @type {("ignore" | "pipe")[]} */
    const stdio = ["ignore", "pipe", "pipe"];
    if (onFd3) stdio[3] = "pipe";
    if (cmd.readyFd) stdio[cmd.readyFd] = "pipe";
    // A descriptor the service inherited without close-on-exec would reach the program: each is
    // replaced in the child by a pipe whose other end is dropped at once.
    const stray = (o.isolator.strayFds ?? []).filter((fd) => stdio[fd] === undefined);
    for (const fd of stray) stdio[fd] = "pipe";
    const child = spawn(cmd.command, cmd.args, {
      cwd: workdir ?? "/",
      env,
      stdio: Array.from(stdio, (s) => s ?? "ignore"),
      detached: true,
      ...(o.uid !== undefined ? { uid: o.uid, gid: o.uid } : {}),
    });
    for (const fd of stray) child.stdio[fd]?.destroy();
    const out = cappedSink(cap);
    const err = cappedSink(cap);
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => err.push(c));
    let ready = false;
    if (cmd.readyFd) child.stdio[cmd.readyFd]?.on("data", () => (ready = true));
    if (onFd3) {
      const fd3 = /** @type {import("node:stream").Writable} */ (child.stdio[3]);
      fd3.on("error", () => {});
      fd3.end(o.program);
    }
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const ended = await new Promise((resolve, reject) => {
      let grace;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup();
        grace = setTimeout(() => resolve({ code: null, signal: "SIGKILL" }), REAP_GRACE_MS);
      }, o.timeout_s * WALL_FACTOR * 1000);
      child.on("error", (e) => {
        clearTimeout(timer);
        clearTimeout(grace);
        reject(e);
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        clearTimeout(grace);
        resolve({ code, signal });
      });
    });
    // Whatever the program left behind in its group goes with it.
    killGroup();
    const stderr = err.text();
    // The layout never came up (its template gone, a mount refused): not the program's doing, so no verdict.
    if (cmd.readyFd && !ready) throw new Error(`the ${isolation} sandbox could not be set up: ${stderr.trim().split("\n").at(-1) || `exit ${ended.code}`}`);
    const verdict = classify({ exit_code: ended.code, signal: ended.signal, timed_out: timedOut, stderr, timeout_s: o.timeout_s });
    return {
      passed: verdict.failure === null,
      exit_code: ended.code,
      signal: ended.signal,
      // Out of CPU time or of wall clock: both are the program's timeout.
      timed_out: verdict.failure === "timeout",
      stdout: out.text(),
      stderr,
      stdout_bytes: out.total,
      stderr_bytes: err.total,
      duration_ms: Math.round(performance.now() - started),
      failure: verdict.failure,
      reason: verdict.reason,
      isolation,
    };
  } finally {
    if (workdir) await rm(workdir, { recursive: true, force: true });
  }
}
