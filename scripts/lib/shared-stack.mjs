// One local stack (wrangler dev) for the node test suites of an `npm test`
// run, instead of one per test file: scripts/test.mjs starts it and hands
// its address to the suites in ASSAY_TEST_STACK_URL and
// ASSAY_TEST_STACK_TOKEN (the bootstrap token, which creates projects).
// A test that needs nothing of the Worker but a stack takes it through
// cli/test-support.mjs startLocal() or e2e/lib/harness.mjs
// startEnvironment() without Worker variables; each test makes its own
// project on it, so tests sharing it never see each other's data. A file
// run on its own (`node --test e2e/dashboard.test.mjs`) finds no variable
// and starts a stack of its own, as before.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort, startStack } from "./stack.mjs";

/** The run's shared stack, when scripts/test.mjs started one: its URL and bootstrap token. */
export function sharedStack() {
  const url = process.env.ASSAY_TEST_STACK_URL;
  const bootstrapToken = process.env.ASSAY_TEST_STACK_TOKEN;
  return url && bootstrapToken ? { url, bootstrapToken } : null;
}

/** Starts the shared stack, its log in `logFile`; `env` is what the suites' processes need to find it. */
export async function startSharedStack(logFile = join("test-output", "shared-stack.log")) {
  const dir = mkdtempSync(join(tmpdir(), "assay-test-stack-"));
  const bootstrapToken = `test-stack-${crypto.randomUUID()}`;
  mkdirSync(dirname(logFile), { recursive: true });
  let stack;
  try {
    stack = await startStack({ port: await freePort(), stateDir: join(dir, "state"), bootstrapToken, quiet: true, logFile });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: stack.url,
    logFile,
    env: { ASSAY_TEST_STACK_URL: stack.url, ASSAY_TEST_STACK_TOKEN: bootstrapToken },
    async stop() {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
