#!/usr/bin/env node
/**
 * The environment runner: a service beside the code sandbox that runs
 * agent benchmarks whose tasks need a whole environment (Terminal-Bench,
 * SWE-bench, any folder of Harbor tasks). It speaks Assay's runner
 * protocol (docs/runner-protocol.md): Assay POSTs each signed attempt, the
 * runner answers 202 and runs the trial (trial.mjs): builds or pulls the
 * task's environment on its backend, runs the agent, then the task's
 * verifier, reporting phases, turns, artifacts and the result back through
 * the attempt's callbacks. docs/environments.md says how to host one.
 *
 * Backends: `docker` (the Docker Engine API, Docker or Podman, at
 * DOCKER_HOST or /var/run/docker.sock) and `local` (namespaces and
 * bubblewrap over Debian roots, no engine needed; root only). `auto`
 * takes docker when an engine answers, else local.
 *
 *   ASSAY_ENVIRONMENT_RUNNER_SECRET=... node environments/server.mjs [--port 9900] [--host 127.0.0.1]
 *     [--backend auto|docker|local] [--concurrency N] [--assay-url URL]
 *   → prints {"url", "backend", ...} once listening.
 *
 * Routes: POST / (an attempt), GET /healthz, and for external agents the
 * trial callbacks of external.mjs (/v1/trials/{id}/...).
 * I/O: one HTTP listener; the backend's environments; HTTP to Assay and to
 * models and external agents.
 */
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PROTOCOL, verifyAttempt } from "../runner/reference-runner.mjs";
import { dockerBackend, engineAddress } from "./backends/docker.mjs";
import { localBackend } from "./backends/local.mjs";
import { externalAgents } from "./agents/external.mjs";
import { runTrial } from "./trial.mjs";

const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Attempts accepted beyond those running, waiting for a slot (beyond this: 429, and Assay dispatches again later). */
const QUEUE_FACTOR = 4;
export const SECRET_SETTING = "ASSAY_ENVIRONMENT_RUNNER_SECRET";

function readBody(req, limit = MAX_BODY_BYTES) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > limit) {
        reject(Object.assign(new Error("body too large"), { status: 413 }));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The backend asked for: "docker", "local" or "auto" (docker when an
 * engine answers, else local). Throws with why a backend asked for by name
 * cannot run here.
 */
export async function chooseBackend(kind, o) {
  if (kind === "docker") return dockerBackend(o);
  if (kind === "local") return localBackend(o);
  if (kind !== "auto") throw new Error(`the backend must be auto, docker or local (got ${JSON.stringify(kind)})`);
  const passedOver = [];
  try {
    return await dockerBackend(o);
  } catch (err) {
    passedOver.push(`docker: ${err.message}`);
  }
  try {
    const b = await localBackend(o);
    return Object.assign(b, { passedOver });
  } catch (err) {
    passedOver.push(`local: ${err.message}`);
  }
  throw new Error(`no backend can run here (${passedOver.join("; ")})`);
}

/**
 * Starts the runner. `secret`: the signing secret Assay signs attempts with
 * (ASSAY_ENVIRONMENT_RUNNER_SECRET, or an agent profile's
 * runner_signing_secret). `backend`: "auto" | "docker" | "local", or a
 * backend object (tests). `assayUrl`: where to call Assay back when its
 * callback URLs point elsewhere. `publicUrl`: where external agents reach
 * this runner (default: its own URL).
 */
export async function startEnvironmentRunner({
  port = 0,
  host = "127.0.0.1",
  secret,
  backend = "auto",
  concurrency = 2,
  assayUrl,
  publicUrl,
  cacheDir,
  stateDir,
  buildNetwork = process.env.ASSAY_ENV_BUILD_NETWORK === "host" ? "host" : "none",
  agentNetwork = process.env.ASSAY_ENV_AGENT_NETWORK === "host" ? "host" : "none",
  dockerHost = process.env.DOCKER_HOST,
  fetchImpl = fetch,
  log = () => {},
} = {}) {
  if (!secret || secret.length < 16) throw new Error(`the runner needs its signing secret (${SECRET_SETTING}, at least 16 characters)`);
  // A state folder of its own (environments' mount points, build contexts), removed when it closes.
  const ownState = stateDir === undefined;
  stateDir ??= await mkdtemp(join(tmpdir(), "assay-environments-"));
  const be = typeof backend === "object" ? backend : await chooseBackend(backend, { cacheDir, stateDir, buildNetwork, agentNetwork, dockerHost, log });
  const running = new Set();
  const waiting = [];
  let url = "";
  const external = externalAgents({ publicUrl: () => publicUrl ?? url, fetchImpl, log });

  const pump = () => {
    while (running.size < concurrency && waiting.length) {
      const attempt = waiting.shift();
      const p = runTrial(attempt, { backend: be, assayUrl, fetchImpl, log, external: external.drive })
        .catch((err) => log(`attempt ${attempt.attempt?.id}: ${err?.stack ?? err}`))
        .finally(() => {
          running.delete(p);
          pump();
        });
      running.add(p);
    }
  };

  const server = http.createServer(async (req, res) => {
    const send = (status, body, headers = {}) => {
      if (res.headersSent) return;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const u = new URL(req.url ?? "/", "http://runner");
      if (u.pathname.startsWith("/v1/trials/")) return await external.handle(req, res, u);
      if (req.method === "GET" && (u.pathname === "/healthz" || u.pathname === "/health")) {
        return send(200, { ok: true, protocol: PROTOCOL, backend: be.describe(), passed_over: be.passedOver ?? [], concurrency, running: running.size, queued: waiting.length, agents: ["bash", "oracle", "external", "none"] });
      }
      if (req.method !== "POST" || (u.pathname !== "/" && u.pathname !== "/v1/attempts")) return send(404, { error: `no route ${req.method} ${u.pathname}` });
      const body = (await readBody(req)).toString("utf8");
      const bad = verifyAttempt(secret, req.headers, body);
      if (bad) return send(401, { error: bad });
      let attempt;
      try {
        attempt = JSON.parse(body);
      } catch {
        return send(400, { error: "the attempt is not JSON" });
      }
      if (attempt?.protocol !== PROTOCOL) return send(400, { error: `unsupported protocol ${attempt?.protocol}` });
      if (!attempt.attempt?.id || !attempt.callbacks?.result || typeof attempt.token !== "string") return send(400, { error: "the attempt lacks its id, callbacks or token" });
      if (waiting.length >= concurrency * QUEUE_FACTOR) return send(429, { error: `busy: ${running.size} trials running and ${waiting.length} waiting` }, { "retry-after": "30" });
      waiting.push(attempt);
      send(202, { accepted: attempt.attempt.id, queued: waiting.length });
      pump();
    } catch (err) {
      send(err?.status ?? 400, { error: String(err?.message ?? err) });
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  url = `http://${host.includes(":") ? `[${host}]` : host}:${server.address().port}`;
  return {
    url,
    backend: be,
    concurrency,
    /** Resolves once every accepted attempt has ended. */
    idle: async () => {
      while (running.size || waiting.length) await Promise.all([...running]);
    },
    close: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (ownState) await rm(stateDir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  try {
    const runner = await startEnvironmentRunner({
      port: Number(opt("--port", process.env.PORT ?? 9900)),
      host: opt("--host", "127.0.0.1"),
      secret: process.env[SECRET_SETTING],
      backend: opt("--backend", process.env.ASSAY_ENV_BACKEND ?? "auto"),
      concurrency: Number(opt("--concurrency", process.env.ASSAY_ENV_CONCURRENCY ?? 2)),
      assayUrl: opt("--assay-url", process.env.ASSAY_URL),
      publicUrl: opt("--public-url", process.env.ASSAY_ENV_PUBLIC_URL),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${JSON.stringify({ url: runner.url, backend: runner.backend.describe(), passed_over: runner.backend.passedOver ?? [], engine: engineAddress(process.env.DOCKER_HOST) })}\n`);
    const stop = () => runner.close().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  } catch (err) {
    process.stderr.write(`environment runner: ${err?.message ?? err}\n`);
    process.exit(1);
  }
}
