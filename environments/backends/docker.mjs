/**
 * The docker backend: a task's environment as a container of a Docker or
 * Podman engine, through the Engine API (engine.mjs).
 *
 * Images: a task that names a prebuilt image (task.toml docker_image, a
 * SWE-bench instance's evaluation image) runs it, pulled when the engine
 * lacks it; when the pull fails and the task has a Dockerfile, the image is
 * built from it instead, and that is noted. Otherwise environment/ is sent
 * as the build context and built once, tagged `assay-env/<task>:<digest of
 * the context>`, so later trials of the same task reuse it.
 *
 * Containers run `sleep infinity` with the task's limits as the engine
 * enforces them: Memory and MemorySwap (no swap beyond it), NanoCpus,
 * PidsLimit (a fork bomb stops there), NetworkMode "none" unless the task
 * allows internet, no-new-privileges, an init to reap orphans (and
 * Ulimits when ASSAY_ENV_DOCKER_ULIMITS gives some). Storage is bounded
 * with StorageOpt size where the engine's storage driver supports it
 * (overlay2 on xfs with pquota); elsewhere a container's files are bounded
 * per file (RLIMIT_FSIZE) and that is noted. The root file system stays
 * writable: a task's agent installs packages and writes where it likes,
 * as under Harbor.
 *
 * Commands are execs (`timeout -s KILL` when the image has it, so a
 * command ends at its timeout inside the container too); an exec is over
 * when the engine says its process exited, even if a background child
 * still holds its output. Files go in and come out as tar archives
 * (PUT/GET /containers/{id}/archive).
 *
 * I/O: the Engine API.
 */
import { createHash, randomBytes } from "node:crypto";
import { EnvironmentError, MAX_READ_BYTES } from "../environment.mjs";
import { guessMode, tarPack, tarUnpack, treeEntries } from "../tar.mjs";
import { demuxer, engineAddress, engineClient, EngineError } from "./engine.mjs";

export { engineAddress };

/** Processes per container when the task names none. */
export const DEFAULT_PIDS = 1024;
const INSPECT_EVERY_MS = 200;
const DRAIN_MS = 100;
/** Grace over a command's own timeout before the runner stops waiting for its exec. */
const EXEC_GRACE_S = 10;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Ulimits from a setting like `nofile=1024:1024,nproc=4096:4096` (name=soft[:hard]),
 * for engines that cannot raise a container's limits past their own (no
 * CAP_SYS_RESOURCE, as in some VMs): they then fail to start containers
 * with their default ones. Throws naming the setting on a bad entry.
 */
export function parseUlimits(text) {
  if (!text?.trim()) return [];
  return text.split(",").map((part) => {
    const m = /^\s*([a-z]+)=(\d+)(?::(\d+))?\s*$/.exec(part);
    if (!m) throw new Error(`ASSAY_ENV_DOCKER_ULIMITS: '${part}' is not name=soft[:hard] (e.g. nofile=1024:1024)`);
    return { Name: m[1], Soft: Number(m[2]), Hard: Number(m[3] ?? m[2]) };
  });
}

/** A tag component from a task name (lower case, [a-z0-9._-], at most 100). */
export function tagName(name) {
  return (String(name).toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "") || "task").slice(0, 100);
}

/** The digest of a build context (paths and bytes). */
export function contextDigest(files) {
  const h = createHash("sha256");
  for (const p of [...files.keys()].sort()) h.update(`${p}\0${createHash("sha256").update(files.get(p)).digest("hex")}\n`);
  return h.digest("hex");
}

/** A container's configuration for a trial of `image` with `limits` (the create body). Pure. */
export function containerConfig(image, { limits, allowInternet, env = {}, workdir = null, name, ulimits = [] }) {
  return {
    Image: image,
    Entrypoint: ["sleep"],
    Cmd: ["infinity"],
    ...(workdir ? { WorkingDir: workdir } : {}),
    Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
    Hostname: "environment",
    Tty: false,
    OpenStdin: false,
    Labels: { "assay.environment": "1", "assay.task": String(name ?? "") },
    HostConfig: {
      Memory: limits.memory_mb * 1024 * 1024,
      MemorySwap: limits.memory_mb * 1024 * 1024,
      NanoCpus: Math.round((limits.cpus || 1) * 1e9),
      PidsLimit: limits.pids ?? DEFAULT_PIDS,
      NetworkMode: allowInternet ? "bridge" : "none",
      SecurityOpt: ["no-new-privileges"],
      Init: true,
      ReadonlyRootfs: false,
      Ulimits: ulimits,
      ...(limits.storage_mb ? { StorageOpt: { size: `${limits.storage_mb}M` } } : {}),
    },
  };
}

/**
 * @param {{ dockerHost?: string, log?: (s: string) => void, recorder?: (e: object) => void, client?: object }} o
 */
export async function dockerBackend({ dockerHost = process.env.DOCKER_HOST, ulimits = parseUlimits(process.env.ASSAY_ENV_DOCKER_ULIMITS), log = () => {}, recorder = null, client = null } = {}) {
  const address = engineAddress(dockerHost);
  const engine = client ?? engineClient(address, { recorder });
  let version;
  try {
    const ping = await engine.request("GET", "/_ping", { timeoutMs: 5_000 });
    if (ping.status !== 200) throw new Error(`it answered ${ping.status}`);
    version = await engine.json("GET", "/version", { timeoutMs: 5_000 });
  } catch (err) {
    throw new Error(`no container engine answers at ${address.display} (${err.code ?? err.message}); start Docker, or Podman's API service (podman system service), or set DOCKER_HOST`);
  }
  const engineName = version?.Components?.[0]?.Name ?? "Docker Engine";
  let storageOptWorks = true;

  async function hasImage(ref) {
    const r = await engine.request("GET", `/images/${encodeURIComponent(ref)}/json`);
    return r.status === 200;
  }

  /** Pulls `ref`; resolves null or the engine's reason it could not. */
  async function pull(ref, onLog) {
    const at = ref.lastIndexOf(":");
    const slash = ref.lastIndexOf("/");
    const [name, tag] = at > slash ? [ref.slice(0, at), ref.slice(at + 1)] : [ref, "latest"];
    let error = null;
    const lines = lineReader((msg) => {
      if (msg.error) error = msg.errorDetail?.message ?? msg.error;
      else if (msg.status) onLog(`${msg.status}${msg.id ? ` ${msg.id}` : ""}\n`);
    });
    const r = await engine.stream("POST", `/images/create?fromImage=${encodeURIComponent(name)}&tag=${encodeURIComponent(tag)}`, { timeoutMs: 30 * 60_000 }, lines).done;
    lines.flush();
    if (r.status >= 400) return `${r.status} ${r.body.toString("utf8").slice(0, 300)}`;
    return error;
  }

  async function build(tag, files, { buildTimeoutS, onLog }) {
    const context = tarPack(treeEntries(files, guessMode));
    let error = null;
    let out = "";
    const lines = lineReader((msg) => {
      if (msg.stream) {
        out += msg.stream;
        onLog(msg.stream);
      }
      if (msg.error) error = msg.errorDetail?.message ?? msg.error;
    });
    const s = engine.stream("POST", `/build?t=${encodeURIComponent(tag)}&rm=1&forcerm=1`, { body: context, headers: { "content-type": "application/x-tar" }, timeoutMs: buildTimeoutS * 1000 }, lines);
    const timer = setTimeout(() => {
      error ??= `the build did not finish within its ${buildTimeoutS} s (environment.build_timeout_sec)`;
      s.stop();
    }, buildTimeoutS * 1000);
    const r = await s.done.catch((err) => ({ status: 0, body: Buffer.from(String(err.message)) }));
    clearTimeout(timer);
    lines.flush();
    if (r.status >= 400) error ??= `${r.status} ${r.body.toString("utf8").slice(0, 300)}`;
    if (error) {
      // The engine names the step; the step's own last words say why.
      const last = out.trim().split("\n").filter((l) => l.trim() && !/^(STEP \d|-->|Step \d|\s*---> )/.test(l)).slice(-3).join(" · ");
      throw new EnvironmentError("build", `docker build failed: ${error.trim()}${last ? `; its output ended: ${last.slice(-400)}` : ""}`, out);
    }
    if (!(await hasImage(tag))) throw new EnvironmentError("build", "docker build ended without the image", out);
  }

  async function prepare(environment, { buildTimeoutS = 600, onLog = () => {} } = {}) {
    const notes = [];
    const started = Date.now();
    if (environment.image) {
      if (await hasImage(environment.image)) return { image: environment.image, key: environment.image, built: false, seconds: 0, notes };
      const why = await pull(environment.image, onLog);
      if (!why) return { image: environment.image, key: environment.image, built: false, seconds: Math.round((Date.now() - started) / 1000), notes };
      if (!environment.dockerfile) throw new EnvironmentError("build", `the image ${environment.image} could not be pulled: ${why}`);
      notes.push(`the image ${environment.image} could not be pulled (${why.slice(0, 200)}); built from environment/Dockerfile instead`);
    }
    if (!environment.dockerfile) throw new EnvironmentError("build", "the task has neither an image nor an environment/Dockerfile");
    const tag = `assay-env/${tagName(environment.name ?? "task")}:${contextDigest(environment.files).slice(0, 16)}`;
    if (await hasImage(tag)) return { image: tag, key: tag, built: false, seconds: 0, notes };
    await build(tag, environment.files, { buildTimeoutS, onLog });
    return { image: tag, key: tag, built: true, seconds: Math.round((Date.now() - started) / 1000), notes };
  }

  async function start(image, { limits, allowInternet, env = {}, workdir = null, name }) {
    const notes = [];
    const containerName = `assay-env-${randomBytes(6).toString("hex")}`;
    const config = containerConfig(image.image, { limits, allowInternet, env, workdir, name, ulimits });
    // Without a storage quota, each file is bounded to the task's storage instead.
    const perFile = () => {
      delete config.HostConfig.StorageOpt;
      config.HostConfig.Ulimits = [...ulimits, { Name: "fsize", Soft: limits.storage_mb * 1024 * 1024, Hard: limits.storage_mb * 1024 * 1024 }];
    };
    if (!storageOptWorks) perFile();
    let created = await engine.request("POST", `/containers/create?name=${containerName}`, { json: config });
    if (created.status >= 400 && config.HostConfig.StorageOpt && /storage.?opt|quota|not supported/i.test(created.body.toString("utf8"))) {
      storageOptWorks = false;
      perFile();
      created = await engine.request("POST", `/containers/create?name=${containerName}`, { json: config });
    }
    if (!config.HostConfig.StorageOpt) notes.push("the engine cannot bound a container's storage (StorageOpt size needs overlay2 on xfs with pquota): each file is bounded to the task's storage instead");
    if (created.status >= 400) throw new EnvironmentError("start", `the engine refused the container: ${created.status} ${created.body.toString("utf8").slice(0, 300)}`);
    const id = JSON.parse(created.body.toString("utf8")).Id;
    const remove = () => engine.request("DELETE", `/containers/${id}?force=true&v=true`).catch(() => {});
    const startedRes = await engine.request("POST", `/containers/${id}/start`);
    if (startedRes.status >= 400) {
      await remove();
      throw new EnvironmentError("start", `the container did not start: ${startedRes.status} ${startedRes.body.toString("utf8").slice(0, 300)}`);
    }

    async function run(argv, { cwd, env: extra = {}, timeout_s = 600, maxOutput = 4 * 1024 * 1024, wrapTimeout = true } = {}) {
      const started = Date.now();
      const cmd = wrapTimeout && tools.timeout ? ["timeout", "-s", "KILL", String(Math.max(1, Math.ceil(timeout_s))), ...argv] : argv;
      const created = await engine.request("POST", `/containers/${id}/exec`, {
        json: { AttachStdin: false, AttachStdout: true, AttachStderr: true, Tty: false, Cmd: cmd, Env: Object.entries(extra).map(([k, v]) => `${k}=${v}`), ...(cwd ? { WorkingDir: cwd } : {}) },
      });
      if (created.status >= 400) throw new EnvironmentError("exec", `the engine refused the command: ${created.status} ${created.body.toString("utf8").slice(0, 300)}`);
      const execId = JSON.parse(created.body.toString("utf8")).Id;
      const kept = [];
      let keptBytes = 0;
      let total = 0;
      const push = demuxer((b) => {
        total += b.length;
        if (keptBytes < maxOutput) {
          kept.push(b.subarray(0, maxOutput - keptBytes));
          keptBytes += Math.min(b.length, maxOutput - keptBytes);
        }
      });
      const stream = engine.stream("POST", `/exec/${execId}/start`, { json: { Detach: false, Tty: false }, timeoutMs: (timeout_s + EXEC_GRACE_S + 60) * 1000 }, push);
      let exitCode = null;
      let timedOut = false;
      const deadline = started + (timeout_s + EXEC_GRACE_S) * 1000;
      // The exec is over when its process has exited, whatever still holds the stream open.
      let streamDone = false;
      stream.done.then(() => (streamDone = true));
      for (;;) {
        await Promise.race([stream.done, sleep(INSPECT_EVERY_MS)]);
        const info = await engine.json("GET", `/exec/${execId}/json`).catch(() => null);
        if (info && info.Running === false && info.ExitCode !== null && info.ExitCode !== undefined) {
          exitCode = info.ExitCode;
          break;
        }
        if (Date.now() > deadline) {
          timedOut = true;
          break;
        }
        if (streamDone && !info) break;
      }
      if (!streamDone) {
        await Promise.race([stream.done, sleep(DRAIN_MS)]);
        stream.stop();
      }
      const elapsed = Date.now() - started;
      if (exitCode === 137 && wrapTimeout && tools.timeout && elapsed >= timeout_s * 1000 - 250) timedOut = true;
      const output = Buffer.concat(kept);
      return { exit_code: timedOut ? null : exitCode, signal: timedOut ? "SIGKILL" : null, timed_out: timedOut, duration_ms: elapsed, output: total > keptBytes ? Buffer.concat([output, Buffer.from(`\n[... ${total - keptBytes} bytes cut ...]\n`)]) : output, output_bytes: total };
    }

    const tools = { bash: false, timeout: false };
    const probe = await run(["sh", "-c", "command -v bash >/dev/null && echo bash; command -v timeout >/dev/null && echo timeout; true"], { timeout_s: 30, wrapTimeout: false }).catch(() => null);
    if (probe) {
      const out = probe.output.toString("utf8");
      tools.bash = /\bbash\b/.test(out);
      tools.timeout = /\btimeout\b/.test(out);
    }
    if (!tools.timeout) notes.push("the image has no `timeout`: a command past its time is abandoned by the runner, not killed inside the container");
    const shell = tools.bash ? "bash" : "sh";

    return {
      backend: "docker",
      network: allowInternet ? "bridge" : "none",
      limits: { ...limits, pids: config.HostConfig.PidsLimit, enforced: { memory: "engine", pids: "engine", cpus: "engine", storage: config.HostConfig.StorageOpt ? "engine" : "per file (RLIMIT_FSIZE)" } },
      notes,
      container: id,
      exec({ command, argv, ...o }) {
        return run(argv ?? [shell, "-c", command], o);
      },
      async writeFiles(dir, files) {
        // The archive is unpacked at /, so its directories are made as it goes (the endpoint wants an existing one).
        const prefix = dir.replace(/^\/+|\/+$/g, "");
        const nested = new Map([...files].map(([p, b]) => [prefix ? `${prefix}/${p}` : p, b]));
        const r = await engine.request("PUT", `/containers/${id}/archive?path=${encodeURIComponent("/")}`, { body: tarPack(treeEntries(nested, guessMode)), headers: { "content-type": "application/x-tar" } });
        if (r.status >= 400) throw new EnvironmentError("exec", `could not copy files into ${dir}: ${r.status} ${r.body.toString("utf8").slice(0, 300)}`);
      },
      async readFile(path, maxBytes = MAX_READ_BYTES) {
        const r = await engine.request("GET", `/containers/${id}/archive?path=${encodeURIComponent(path)}`);
        if (r.status === 404) return null;
        if (r.status >= 400) throw new EnvironmentError("exec", `could not read ${path}: ${r.status} ${r.body.toString("utf8").slice(0, 300)}`);
        const file = tarUnpack(r.body).find((e) => e.type === "file");
        return file ? file.data.subarray(0, maxBytes) : null;
      },
      async oomKilled() {
        const info = await engine.json("GET", `/containers/${id}/json`).catch(() => null);
        return info?.State?.OOMKilled === true;
      },
      dispose: remove,
    };
  }

  return {
    name: "docker",
    engine,
    describe: () => ({ name: "docker", engine: `${engineName} ${version?.Version ?? ""}`.trim(), api: version?.ApiVersion ?? null, address: address.display }),
    prepare,
    start,
  };
}

/** Calls `onMessage` with each JSON line of a progress stream (pull, build); `flush()` reads a last line without its newline. */
function lineReader(onMessage) {
  let buf = "";
  const take = (line) => {
    if (!line.trim()) return;
    try {
      onMessage(JSON.parse(line));
    } catch {
      // Not JSON: ignored, as the Docker CLI ignores it.
    }
  };
  const read = (chunk) => {
    buf += chunk.toString("utf8");
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      take(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  };
  read.flush = () => {
    take(buf);
    buf = "";
  };
  return read;
}

export { EngineError };
