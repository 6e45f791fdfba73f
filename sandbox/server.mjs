#!/usr/bin/env node
/**
 * Assay's code sandbox: an HTTP service that executes one model-written
 * program per request, isolated (sandbox/isolation.mjs), and answers its
 * verdict. Requests are signed like the runner protocol
 * (src/runner/signing.ts): `x-assay-timestamp: <unix s>` and
 * `x-assay-signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`,
 * with the secret shared with the Worker (ASSAY_SANDBOX_SECRET); anything
 * else is a 401. Executions run in parallel up to `concurrency` (default:
 * the number of cores) and queue beyond it. The isolation is
 * ASSAY_SANDBOX_ISOLATION (auto, bubblewrap or unshare): auto takes the
 * strongest that works and says what it passed over; an explicit mode that
 * cannot be had, or a bad value, stops the start.
 *
 *   ASSAY_SANDBOX_SECRET=... [ASSAY_SANDBOX_ISOLATION=auto] node sandbox/server.mjs [--port 8791] [--host 127.0.0.1] [--concurrency N] [--unsafe-no-isolation]
 *   → prints {"url":"http://127.0.0.1:PORT","isolation":"bwrap","concurrency":N,"passed_over":[]} once listening.
 *
 * POST /v1/execute {language: "python", program, timeout_s, memory_mb, files?: [{name, sha256}]}
 *   → {passed, exit_code, signal, timed_out, stdout, stderr, duration_ms, failure, reason, isolation, queued_ms}
 *   `files` are shown read-only at /data/<name>; 409 {missing: [sha256]} when the store lacks one.
 * PUT /v1/files/<sha256> (body: the file; `x-assay-file-bytes`: its size; signed over "file:<sha256>:<size>")
 *   → 201 stored, 200 already held; 422 when the bytes are not that size and digest; 507 past the store's cap.
 * GET /healthz → {ok, isolation, concurrency, running, queued, files: {bytes, max_bytes}}
 *
 * Plain Node ESM, no dependencies. I/O: one HTTP listener; child processes.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { executeProgram } from "./execute.mjs";
import { FILE_NAME, openFileStore, SHA256 } from "./file-store.mjs";
import { BUBBLEWRAP_INSTALL, executionLayout, findPython, ISOLATION_SETTING, parseIsolationSetting, prepareUnshareRoot, rootEntries, strayDescriptors, toolsFor } from "./isolation.mjs";

export const TOLERANCE_S = 300;
/** Largest request body: a program with its tests (MBPP+ inputs make some large). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
export const MAX_TIMEOUT_S = 120;
export const MIN_MEMORY_MB = 32;
export const MAX_MEMORY_MB = 8192;
/** Largest file an execution may be handed (BIRD's largest database is 598 MB). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** Files one execution may be handed. */
export const MAX_FILES = 8;
/** The file store's default cap: the eleven BIRD mini-dev databases take 1.5 GB. */
export const DEFAULT_FILES_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** Requests waiting for a free slot beyond which the service answers 503. */
export const MAX_QUEUED = 10_000;
/** First uid of the per-slot unprivileged users a root service runs programs as (each slot its own, so process limits never add up). */
const SLOT_UID_BASE = 61_000;
const MIN_SECRET_CHARS = 16;

/**
 * The runner protocol's signature check: null when valid, else why not.
 * @param {string} secret
 * @param {Record<string, string | string[] | undefined>} headers
 * @param {string} body
 */
export function verifySignature(secret, headers, body, nowS = Math.floor(Date.now() / 1000)) {
  const ts = headers["x-assay-timestamp"];
  const sig = headers["x-assay-signature"];
  if (typeof ts !== "string" || typeof sig !== "string") return "missing signature headers";
  if (!/^\d{1,12}$/.test(ts) || Math.abs(nowS - Number(ts)) > TOLERANCE_S) return "stale timestamp";
  const expected = Buffer.from(`v1=${createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex")}`);
  const given = Buffer.from(sig.trim());
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : "signature mismatch";
}

/**
 * The two headers that sign `body` (for clients written in Node and the tests).
 * @param {string} secret
 * @param {string} body
 */
export function signBody(secret, body, nowS = Math.floor(Date.now() / 1000)) {
  return { "x-assay-timestamp": String(nowS), "x-assay-signature": `v1=${createHmac("sha256", secret).update(`${nowS}.${body}`).digest("hex")}` };
}

/**
 * Validates an execution request; a list of problems, or the request.
 * @param {unknown} b
 */
export function parseRequest(b) {
  const problems = [];
  if (!b || typeof b !== "object" || Array.isArray(b)) return { problems: ["body must be a JSON object"] };
  const r = /** @type {Record<string, unknown>} */ (b);
  if (r.language !== "python") problems.push('language: only "python" is supported');
  if (typeof r.program !== "string" || r.program.length === 0) problems.push("program: a non-empty string is required");
  if (typeof r.timeout_s !== "number" || !(r.timeout_s > 0) || r.timeout_s > MAX_TIMEOUT_S) problems.push(`timeout_s: a number in (0, ${MAX_TIMEOUT_S}] is required`);
  if (!Number.isInteger(r.memory_mb) || /** @type {number} */ (r.memory_mb) < MIN_MEMORY_MB || /** @type {number} */ (r.memory_mb) > MAX_MEMORY_MB)
    problems.push(`memory_mb: an integer in [${MIN_MEMORY_MB}, ${MAX_MEMORY_MB}] is required`);
  const extra = Object.keys(r).filter((k) => !["language", "program", "timeout_s", "memory_mb", "files"].includes(k));
  if (extra.length) problems.push(`unknown fields: ${extra.join(", ")}`);
  if (r.files !== undefined) {
    const files = r.files;
    if (!Array.isArray(files) || files.length > MAX_FILES) problems.push(`files: a list of at most ${MAX_FILES} {name, sha256} is required`);
    else {
      files.forEach((f, i) => {
        if (!f || typeof f !== "object" || typeof f.name !== "string" || !FILE_NAME.test(f.name)) problems.push(`files.${i}.name: a plain file name is required`);
        if (!f || typeof f.sha256 !== "string" || !SHA256.test(f.sha256)) problems.push(`files.${i}.sha256: 64 lowercase hex digits are required`);
        if (f && typeof f === "object" && Object.keys(f).some((k) => k !== "name" && k !== "sha256")) problems.push(`files.${i}: only name and sha256`);
      });
      if (new Set(files.map((f) => f?.name)).size !== files.length) problems.push("files: names must differ");
    }
  }
  if (problems.length) return { problems };
  return { request: /** @type {{ language: "python", program: string, timeout_s: number, memory_mb: number, files?: { name: string, sha256: string }[] }} */ (r) };
}

/** A fixed pool of slots: `take` waits for a free one (its index), `give` returns it. */
function slotPool(size) {
  const free = Array.from({ length: size }, (_, i) => i);
  /** @type {((slot: number) => void)[]} */
  const waiting = [];
  return {
    get running() {
      return size - free.length;
    },
    get queued() {
      return waiting.length;
    },
    /** @returns {Promise<number>} */
    take() {
      const slot = free.shift();
      return slot !== undefined ? Promise.resolve(slot) : new Promise((resolve) => waiting.push(resolve));
    },
    /** @param {number} slot */
    give(slot) {
      const next = waiting.shift();
      if (next) next(slot);
      else free.push(slot);
    },
  };
}

function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > limit) {
        reject(Object.assign(new Error("too large"), { status: 413 }));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function problem(res, status, title, detail, extra = {}) {
  res.writeHead(status, { "content-type": "application/problem+json" });
  res.end(JSON.stringify({ type: "about:blank", title, status, detail, ...extra }));
}

/**
 * A program that exits 0 only inside the layout it was promised: nothing at
 * the root but the layout's entries, the root and the read-only binds
 * mounted read-only, its /tmp writable, no capabilities. Prints "ok" or
 * what is wrong.
 * @param {import("./isolation.mjs").Mount[]} mounts
 */
function probeProgram(mounts) {
  const readOnly = ["/", ...mounts.filter((m) => m.type === "ro-bind" || m.type === "data").map((m) => m.dest)];
  return [
    "import os, sys",
    "problems = []",
    `want = ${JSON.stringify(rootEntries(mounts))}`,
    "got = sorted(os.listdir('/'))",
    "if got != want: problems.append(f'/ holds {got}')",
    `for d in ${JSON.stringify(readOnly)}:`,
    "    if not os.statvfs(d).f_flag & os.ST_RDONLY: problems.append(f'{d} is writable')",
    "open('/tmp/.probe', 'w').write('1')",
    "caps = [l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff:')]",
    "if caps != ['0000000000000000']: problems.append(f'capabilities {caps}')",
    "print('; '.join(problems) or 'ok')",
    "sys.exit(1 if problems else 0)",
    "",
  ].join("\n");
}

/** The mode's name as the setting spells it. */
const SETTING_NAME = { bwrap: "bubblewrap", unshare: "unshare" };

/**
 * Starts the sandbox service.
 * @param {{
 *   secret: string,
 *   host?: string,
 *   port?: number,
 *   concurrency?: number,
 *   isolation?: string,
 *   allowUnsafe?: boolean,
 *   python?: string,
 *   filesMaxBytes?: number,
 *   log?: (line: string) => void,
 * }} o
 */
export async function startSandbox(o) {
  if (typeof o.secret !== "string" || o.secret.length < MIN_SECRET_CHARS) throw new Error(`the sandbox secret must be at least ${MIN_SECRET_CHARS} characters (ASSAY_SANDBOX_SECRET)`);
  const requested = parseIsolationSetting(o.isolation ?? process.env[ISOLATION_SETTING]);
  const log = o.log ?? ((line) => process.stderr.write(`${line}\n`));
  const python = findPython(o.python ?? process.env.ASSAY_SANDBOX_PYTHON);
  const prlimit = "/usr/bin/prlimit";
  const concurrency = Math.max(1, o.concurrency ?? availableParallelism());
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const uidOf = (slot) => (root ? SLOT_UID_BASE + slot : undefined);
  const files = await openFileStore({ maxBytes: o.filesMaxBytes ?? DEFAULT_FILES_MAX_BYTES });
  const mounts = executionLayout(python, files.root);
  const strayFds = strayDescriptors();

  /**
   * The isolator for `mode`, checked by running the probe through it; or why it cannot be had.
   * @param {"bwrap" | "unshare"} mode
   * @returns {Promise<{ isolator: import("./execute.mjs").Isolator } | { reason: string }>}
   */
  async function tryMode(mode) {
    const found = toolsFor(mode);
    if ("missing" in found) return { reason: found.missing };
    let isolator;
    try {
      isolator = { isolation: mode, mounts, tools: found.tools, strayFds, ...(mode === "unshare" ? { root: await prepareUnshareRoot(mounts, found.tools) } : {}) };
      const r = await executeProgram({ isolator, python, prlimit, program: probeProgram(mounts), timeout_s: 10, memory_mb: 512, uid: uidOf(0) });
      if (r.passed && r.stdout.trim() === "ok") return { isolator };
      await isolator.root?.dispose();
      const said = r.stdout.trim() && r.stdout.trim() !== "ok" ? r.stdout.trim() : r.stderr.trim().split("\n").at(-1);
      return { reason: said || r.reason };
    } catch (err) {
      await isolator?.root?.dispose();
      return { reason: String(err?.message ?? err) };
    }
  }

  /** @type {import("./execute.mjs").Isolator | undefined} */
  let isolator;
  /** Why each mode tried before the one in force could not be had. */
  const refused = [];
  for (const mode of /** @type {const} */ (requested === "auto" ? ["bwrap", "unshare"] : [requested])) {
    const r = await tryMode(mode);
    if ("isolator" in r) {
      isolator = r.isolator;
      break;
    }
    refused.push({ mode, reason: r.reason });
  }
  if (!isolator && requested !== "auto") {
    const name = SETTING_NAME[requested];
    await files.close();
    throw Object.assign(
      new Error(`${ISOLATION_SETTING}=${name} asks for ${name} isolation, which cannot be had here (${refused[0].reason}); the sandbox does not start rather than isolate less`),
      { setting: ISOLATION_SETTING },
    );
  }
  /** Stronger modes than the one in force, each "<mode>: <why not>". */
  const passedOver = refused.map((r) => `${SETTING_NAME[r.mode]}: ${r.reason}`);
  if (!isolator) {
    if (o.allowUnsafe !== true) await files.close();
    if (o.allowUnsafe !== true) throw new Error(`no isolation works here (${passedOver.join("; ")}); install bubblewrap (${BUBBLEWRAP_INSTALL}), or start with --unsafe-no-isolation to run code without it`);
    isolator = { isolation: "none", mounts: [], tools: {}, strayFds };
    log(`WARNING: the sandbox runs model-written code WITHOUT isolation (--unsafe-no-isolation): no namespaces, only resource limits. ${passedOver.join("; ")}`);
  } else if (passedOver.length) log(`sandbox: using ${SETTING_NAME[isolator.isolation]} isolation (${passedOver.join("; ")})`);
  const { isolation } = isolator;
  const pool = slotPool(concurrency);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox");
    if (req.method === "GET" && url.pathname === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ ok: true, isolation, concurrency, running: pool.running, queued: pool.queued, files: { bytes: files.bytes, max_bytes: files.maxBytes } }));
    }
    const fileRoute = /^\/v1\/files\/([^/]+)$/.exec(url.pathname);
    if (fileRoute) return putFile(req, res, fileRoute[1]);
    if (url.pathname !== "/v1/execute") return problem(res, 404, "Not Found", `no route ${url.pathname}`);
    if (req.method !== "POST") return problem(res, 405, "Method Not Allowed", "POST an execution request");
    let body;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (err) {
      return problem(res, err.status ?? 400, "Bad Request", err.status === 413 ? `the body exceeds ${MAX_BODY_BYTES} bytes` : "unreadable body");
    }
    const bad = verifySignature(o.secret, req.headers, body);
    if (bad) return problem(res, 401, "Unauthorized", bad);
    let parsed;
    try {
      parsed = parseRequest(JSON.parse(body));
    } catch {
      return problem(res, 400, "Bad Request", "the body is not JSON");
    }
    if (!parsed.request) return problem(res, 422, "Unprocessable Content", parsed.problems.join("; "), { errors: parsed.problems });
    const { files: wanted, ...request } = parsed.request;
    if (wanted?.length && isolation === "none") return problem(res, 422, "Unprocessable Content", "files are handed over only inside an isolated execution (bubblewrap or unshare); this sandbox runs without isolation");
    if (pool.queued >= MAX_QUEUED) return problem(res, 503, "Service Unavailable", `${MAX_QUEUED} executions already queued`);
    // Lent before the slot is taken, so a file the store lacks is said at once, and a file lent is kept until the execution ends.
    const lent = wanted?.length ? await files.lend(wanted) : null;
    if (lent && "missing" in lent) return problem(res, 409, "Conflict", `the sandbox does not hold ${lent.missing.length} of the files: upload them to /v1/files/<sha256>`, { missing: lent.missing });
    const waitStart = performance.now();
    const slot = await pool.take();
    const queuedMs = Math.round(performance.now() - waitStart);
    try {
      const verdict = await executeProgram({ isolator, python, prlimit, ...request, uid: uidOf(slot), ...(lent ? { data: lent.dir } : {}) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ...verdict, queued_ms: queuedMs }));
    } catch (err) {
      log(`sandbox: execution could not start: ${err?.message ?? err}`);
      problem(res, 500, "Internal Server Error", "the execution could not be started");
    } finally {
      pool.give(slot);
      await lent?.release();
    }
  });

  /** PUT /v1/files/<sha256>: a file for later executions, checked against its name and declared size. */
  async function putFile(req, res, sha256) {
    if (req.method !== "PUT") return problem(res, 405, "Method Not Allowed", "PUT a file");
    if (isolation === "none") return problem(res, 422, "Unprocessable Content", "files are handed over only inside an isolated execution; this sandbox runs without isolation");
    const declared = String(req.headers["x-assay-file-bytes"] ?? "");
    if (!SHA256.test(sha256)) return problem(res, 422, "Unprocessable Content", "the path must name the file's sha256 (64 lowercase hex digits)");
    if (!/^\d{1,12}$/.test(declared) || Number(declared) > MAX_FILE_BYTES) return problem(res, 422, "Unprocessable Content", `x-assay-file-bytes: the file's size, at most ${MAX_FILE_BYTES}, is required`);
    const bad = verifySignature(o.secret, req.headers, `file:${sha256}:${declared}`);
    if (bad) {
      req.resume();
      return problem(res, 401, "Unauthorized", bad);
    }
    const r = await files.put(sha256, Number(declared), req);
    if ("status" in r) return problem(res, r.status, r.status === 507 ? "Insufficient Storage" : "Unprocessable Content", r.detail);
    res.writeHead(r.stored ? 201 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify({ sha256, bytes: Number(declared), stored: r.stored }));
  }
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(o.port ?? 0, o.host ?? "127.0.0.1", () => resolve(undefined));
    });
  } catch (err) {
    await isolator.root?.dispose();
    await files.close();
    throw err;
  }
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    isolation,
    passedOver,
    concurrency,
    close: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      await isolator.root?.dispose();
      await files.close();
    },
  };
}

function argValue(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sandbox = await startSandbox({
    secret: process.env.ASSAY_SANDBOX_SECRET ?? "",
    host: argValue("--host") ?? process.env.ASSAY_SANDBOX_HOST ?? "127.0.0.1",
    port: Number(argValue("--port") ?? process.env.PORT ?? 8791),
    concurrency: argValue("--concurrency") || process.env.ASSAY_SANDBOX_CONCURRENCY ? Number(argValue("--concurrency") ?? process.env.ASSAY_SANDBOX_CONCURRENCY) : undefined,
    allowUnsafe: process.argv.includes("--unsafe-no-isolation"),
    filesMaxBytes: process.env.ASSAY_SANDBOX_FILES_MAX_MB ? Number(process.env.ASSAY_SANDBOX_FILES_MAX_MB) * 1024 * 1024 : undefined,
  }).catch((err) => {
    // A setting or a machine that cannot give the isolation asked for: one line saying so, no stack.
    process.stderr.write(`sandbox: ${err?.message ?? err}\n`);
    process.exit(1);
  });
  const stop = () => void sandbox.close().then(() => process.exit(0));
  // Before the line that says it listens: a supervisor may stop it as soon as it reads that line.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  console.log(JSON.stringify({ url: sandbox.url, isolation: sandbox.isolation, concurrency: sandbox.concurrency, passed_over: sandbox.passedOver }));
}
