/**
 * The local stack's environment runner (environments/server.mjs) on
 * loopback, with its shared secret kept in the state folder, and the Worker
 * variables that point Assay at it, so a model's Terminal-Bench-style runs
 * work under `npm start`. Its backend is the first this machine can run:
 * docker when an engine answers (Docker, or Podman's API service), else
 * local (root, bubblewrap, debootstrap). Where neither can, the stack runs
 * without one and says why: such runs are then refused at start with a 422
 * naming ASSAY_ENVIRONMENT_RUNNER_URL. ASSAY_ENV_BACKEND forces a backend
 * (an error when it cannot run, as the user asked for it).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startEnvironmentRunner } from "../../environments/server.mjs";
import { persistedSecret } from "./stack.mjs";

/** Where continuation lines of the banner's "Environments:" entry start. */
const INDENT = " ".repeat(18);

/**
 * @param {{ stateDir: string, port?: number, concurrency?: number }} o
 * @returns {Promise<{ runner: Awaited<ReturnType<typeof startEnvironmentRunner>> | null, vars: Record<string, string>, note: string }>}
 */
export async function startLocalEnvironments({ stateDir, port = Number(process.env.ASSAY_ENV_RUNNER_PORT || 0), concurrency = Number(process.env.ASSAY_ENV_CONCURRENCY || 2) }) {
  mkdirSync(stateDir, { recursive: true });
  const secret = persistedSecret(stateDir, "environment-runner-secret", process.env.ASSAY_ENVIRONMENT_RUNNER_SECRET);
  const backend = process.env.ASSAY_ENV_BACKEND || "auto";
  try {
    const runner = await startEnvironmentRunner({ secret, host: "127.0.0.1", port, backend, concurrency, stateDir: join(stateDir, "environments"), log: () => {} });
    const d = runner.backend.describe();
    const where = d.name === "docker" ? `docker backend, ${d.engine} at ${d.address}` : `local backend, roots cached in ${d.cache}`;
    const passed = (runner.backend.passedOver ?? []).map((p) => `\n${INDENT}passed over ${p}`).join("");
    return { runner, vars: { ASSAY_ENVIRONMENT_RUNNER_URL: runner.url, ASSAY_ENVIRONMENT_RUNNER_SECRET: secret }, note: `${runner.url} (${where}, ${concurrency} at a time)${passed}` };
  } catch (err) {
    if (backend !== "auto") throw err;
    return { runner: null, vars: {}, note: `not running: ${err instanceof Error ? err.message : err}` };
  }
}
