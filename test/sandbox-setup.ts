/**
 * Vitest global setup (runs in Node, not workerd): the code sandbox
 * (sandbox/server.mjs) on loopback for the whole test run. Its port and
 * secret are chosen when vitest.config.ts loads (sandboxBindings), so the
 * Worker under test gets them as ASSAY_SANDBOX_URL / ASSAY_SANDBOX_SECRET
 * bindings; tests read them with `inject("sandboxUrl")` and
 * `inject("sandboxSecret")`. Two executions at a time: the machine has two
 * cores and the rest of the suite runs beside it.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { startSandbox } from "../sandbox/server.mjs";

declare module "vitest" {
  interface ProvidedContext {
    /** The sandbox, e.g. http://127.0.0.1:PORT (what ASSAY_SANDBOX_URL says). */
    sandboxUrl: string;
    /** The secret its requests are signed with. */
    sandboxSecret: string;
    /** The isolation it runs every program under (ASSAY_SANDBOX_ISOLATION forces one). */
    sandboxIsolation: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The sandbox's URL and secret for the Worker's bindings, fixed once per vitest process (the config may load more than once). */
export async function sandboxBindings(): Promise<{ ASSAY_SANDBOX_URL: string; ASSAY_SANDBOX_SECRET: string }> {
  process.env.ASSAY_TEST_SANDBOX_PORT ??= String(await freePort());
  process.env.ASSAY_TEST_SANDBOX_SECRET ??= randomBytes(24).toString("base64url");
  return { ASSAY_SANDBOX_URL: `http://127.0.0.1:${process.env.ASSAY_TEST_SANDBOX_PORT}`, ASSAY_SANDBOX_SECRET: process.env.ASSAY_TEST_SANDBOX_SECRET };
}

export default async function setup(project: TestProject) {
  const { ASSAY_SANDBOX_URL, ASSAY_SANDBOX_SECRET } = await sandboxBindings();
  const options = { secret: ASSAY_SANDBOX_SECRET, host: "127.0.0.1", port: Number(new URL(ASSAY_SANDBOX_URL).port), concurrency: 2, log: () => {} };
  // The programs these tests run are the fixture's own; where no isolation works (a container without
  // user namespaces) they still run, unisolated, and the sandbox's own tests (sandbox/*.test.mjs) fail instead.
  const sandbox = await startSandbox(options).catch((err: unknown) => {
    console.warn(`test sandbox: ${err instanceof Error ? err.message : err}; running the tests' programs WITHOUT isolation`);
    return startSandbox({ ...options, allowUnsafe: true });
  });
  project.provide("sandboxUrl", sandbox.url);
  project.provide("sandboxSecret", ASSAY_SANDBOX_SECRET);
  project.provide("sandboxIsolation", sandbox.isolation);
  return async () => {
    await sandbox.close();
  };
}
