// Starts the local Assay stack: applies D1 migrations to the local state,
// syncs the built-in catalog's rows (scripts/lib/catalog.mjs), then runs `wrangler dev` (D1, R2, Queues, Durable Objects, cron simulated)
// and waits until the API answers. Shared by `npm start` and `npm run bench`.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { syncCatalog } from "./catalog.mjs";
import { ensureDashboardBuilt } from "./dashboard.mjs";
import { importTs } from "./import-ts.mjs";

const WRANGLER = join("node_modules", ".bin", "wrangler");
/**
 * wrangler dev's own observability (a streaming tail of every invocation to a
 * collector worker) and its local explorer (which wraps every Durable Object
 * class) run on the same workerd thread as Assay and cost it about a fifth of
 * its CPU under load (measured with the execution bench). Assay keeps its own
 * logs, traces and progress, so the local stack runs without them.
 */
export const WRANGLER_DEV_ENV = { CI: "true", X_LOCAL_OBSERVABILITY: "false", X_LOCAL_EXPLORER: "false" };

/** A value kept in the state folder across restarts, generated on first use. */
export function persistedSecret(stateDir, name, envValue) {
  if (envValue) return envValue;
  const file = join(stateDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const value = randomBytes(24).toString("base64url");
  writeFileSync(file, value + "\n", { mode: 0o600 });
  return value;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A configuration variable breaks its rule: the message names it and the rule, nothing more is needed. */
export class ConfigError extends Error {}

/**
 * Throws a ConfigError naming `setting` when something already listens on
 * 127.0.0.1:`port`, for `npm start` to call before it starts anything:
 * wrangler dev would otherwise start, fail to bind and exit with the cause
 * only in its log, or (another Assay on that port) leave the start talking
 * to a stack that is not its own.
 * @param {number} port
 * @param {string} setting the variable that chose the port, e.g. "PORT"
 */
export async function assertPortFree(port, setting) {
  const code = await new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", (err) => resolve(/** @type {NodeJS.ErrnoException} */ (err).code ?? "error"));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(null)));
  });
  if (code === "EADDRINUSE") throw new ConfigError(`port ${port} (${setting}) is already in use: stop what holds it, or set ${setting} to a free port`);
  if (code) throw new ConfigError(`cannot listen on port ${port} (${setting}): ${code}`);
}

/**
 * Checks the Worker's variables against the Worker's own schema
 * (src/config/worker-config.ts) before anything starts, so a wrong value
 * fails in a second, naming the variable and the rule. The schema is
 * TypeScript: Node 24 (npm scripts) strips its types; an older node cannot
 * load it, and then the Worker's 503 at the first request says the same.
 */
async function checkVars(vars) {
  let schema;
  try {
    schema = await importTs(new URL("../../src/config/worker-config.ts", import.meta.url).href);
  } catch {
    return;
  }
  const r = schema.parseWorkerVars(vars);
  if (!r.ok) throw new ConfigError(`the configuration is invalid: ${schema.describeProblems(r.problems)}`);
}

/**
 * Starts the stack and resolves once /api/openapi.json answers. `script`: a
 * prebuilt Worker (scripts/build-worker.mjs) served as it is (`wrangler dev
 * <script> --no-bundle`) instead of wrangler.toml's main bundled by
 * wrangler: the deploy's own bundle, run locally.
 * @returns {Promise<{url: string, bootstrapToken: string, inspectorPort: number, child: import("node:child_process").ChildProcess, stop: () => Promise<void>}>}
 */
export async function startStack({ port, stateDir, bootstrapToken, extraVars = {}, quiet = false, logFile, detached = false, script }) {
  mkdirSync(stateDir, { recursive: true });
  ensureDashboardBuilt();
  const persist = join(stateDir, "wrangler");
  const token = persistedSecret(stateDir, "bootstrap-token", bootstrapToken);
  const secretKey = persistedSecret(stateDir, "secret-key", process.env.ASSAY_SECRET_KEY);
  // Secrets go through an env file so wrangler prints them as hidden.
  // Agent runners call back on the local stack's own address.
  // Cloudflare's per-invocation limits enforced here as there (workers/edge/limits.ts), and this start's boot id: a
  // restart's in-memory queues are gone, which the run gates tell by the boot their work was last seen under.
  const vars = {
    ASSAY_BOOTSTRAP_TOKEN: token,
    ASSAY_SECRET_KEY: secretKey,
    ASSAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
    ASSAY_EDGE_LIMITS: "1",
    ASSAY_STACK_BOOT: randomUUID(),
    ...extraVars,
  };
  await checkVars(vars);
  const envFile = join(stateDir, "dev.vars");
  writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}=${JSON.stringify(String(v))}`).join("\n") + "\n", { mode: 0o600 });

  const migrate = spawnSync(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  if (migrate.status !== 0) throw new Error(`D1 migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  // The built-in benchmarks' rows come from their definitions, not from a migration (docs/catalog.md).
  await syncCatalog({ persistTo: persist, quiet: true });

  const inspector = await freePort();
  const child = spawn(
    WRANGLER,
    ["dev", ...(script ? [script, "--no-bundle", "--no-minify", "--config", "wrangler.toml"] : []), "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist, "--env-file", envFile,
      "--inspector-port", String(inspector), "--show-interactive-dev-session=false", "--log-level", quiet ? "warn" : "info"],
    // detached: its own process group (wrangler and workerd), which a crash test kills whole with SIGKILL.
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...WRANGLER_DEV_ENV }, detached },
  );
  const sink = logFile ? (await import("node:fs")).createWriteStream(logFile) : null;
  // Output still in the pipe after stop() closed the log is dropped.
  const forward = (stream, out) => stream.on("data", (d) => (sink ? sink.writableEnded || sink.write(d) : quiet ? null : out.write(d)));
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  const exited = new Promise((resolve) => child.on("exit", resolve));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      const tail = logFile && existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2000) : "";
      throw new Error(`wrangler dev exited with ${child.exitCode}${tail ? `:\n${tail}` : ""}`);
    }
    let misconfigured = null;
    try {
      const r = await fetch(`${url}/api/openapi.json`);
      if (r.ok) break;
      // The Worker names a wrong variable in a 503: the net when checkVars could not load the schema (older node).
      if (r.status === 503) misconfigured = await r.json().then((b) => (b.code === "misconfigured" ? b.detail : null), () => null);
    } catch {
      /* not listening yet */
    }
    if (misconfigured) {
      child.kill("SIGTERM");
      throw new ConfigError(misconfigured);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the stack did not answer on ${url} within 180 s`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  // A detached stack is its own process group: signal all of it, so workerd does not outlive wrangler and write to a closed log.
  const signal = (sig) => {
    try {
      if (detached) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      /* already gone */
    }
  };
  const stop = async () => {
    if (child.exitCode === null) signal("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) signal("SIGKILL");
    sink?.end();
  };
  return { url, bootstrapToken: token, inspectorPort: inspector, child, stop };
}

/**
 * Fires the cron handler the way Cloudflare would, since wrangler dev does
 * not: once right away (a stack started again on its old state recovers
 * the runs whose queued work died with the last one), then every minute.
 */
export function startCronTicker(url, everyMs = 60_000) {
  const tick = () => fetch(`${url}/cdn-cgi/local/scheduled`).catch(() => {});
  void tick();
  const timer = setInterval(tick, everyMs);
  return () => clearInterval(timer);
}
