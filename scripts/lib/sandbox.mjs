/**
 * The local stack's code sandbox (sandbox/server.mjs) on loopback, with its
 * shared secret kept in the state folder, and the Worker variables that
 * point Assay at it. The banner note says which isolation is in force and
 * what was passed over (bubblewrap missing: with the command that installs
 * it). Where no isolation works (no bubblewrap, no user namespaces) the stack
 * runs without a sandbox and says so: code benchmarks then end without
 * rewards (missing) rather than executing unisolated code. A bad or
 * unavailable ASSAY_SANDBOX_ISOLATION is thrown: the user asked for it.
 */
import { mkdirSync } from "node:fs";
import { startSandbox } from "../../sandbox/server.mjs";
import { persistedSecret } from "./stack.mjs";

/** Where continuation lines of the banner's "Code sandbox:" entry start. */
const INDENT = " ".repeat(18);

/**
 * @param {{ stateDir: string, port?: number, concurrency?: number }} o
 * @returns {Promise<{ sandbox: Awaited<ReturnType<typeof startSandbox>> | null, vars: Record<string, string>, note: string }>}
 */
export async function startLocalSandbox({ stateDir, port = Number(process.env.ASSAY_SANDBOX_PORT || 0), concurrency }) {
  mkdirSync(stateDir, { recursive: true });
  const secret = persistedSecret(stateDir, "sandbox-secret", process.env.ASSAY_SANDBOX_SECRET);
  try {
    const sandbox = await startSandbox({ secret, host: "127.0.0.1", port, concurrency, log: () => {} });
    const passedOver = sandbox.passedOver.map((p) => `\n${INDENT}passed over ${p}`).join("");
    return {
      sandbox,
      vars: { ASSAY_SANDBOX_URL: sandbox.url, ASSAY_SANDBOX_SECRET: secret },
      note: `${sandbox.url} (${sandbox.isolation} isolation, ${sandbox.concurrency} at a time)${passedOver}`,
    };
  } catch (err) {
    if (err && typeof err === "object" && "setting" in err) throw err;
    return { sandbox: null, vars: {}, note: `not running: ${err instanceof Error ? err.message : err}` };
  }
}
