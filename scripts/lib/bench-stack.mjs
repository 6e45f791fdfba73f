// What every bench starts: the fixture model and the local stack in a fresh
// state folder, and one close() that ends both and removes the folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureModel } from "../../fixture/model-server.mjs";
import { freePort, startStack } from "./stack.mjs";

/** @param {string} name names the state folder; @param {{port?: number, extraVars?: Record<string, string>}} [options] */
export async function startBenchStack(name, { port, extraVars = {} } = {}) {
  const stateDir = mkdtempSync(join(tmpdir(), `assay-${name}-`));
  const fixture = await startFixtureModel({ host: "127.0.0.1", port: 0 });
  const stack = await startStack({
    port: port || (await freePort()),
    stateDir,
    bootstrapToken: "bench-bootstrap-token",
    extraVars,
    quiet: true,
    logFile: join(stateDir, "wrangler.log"),
  });
  const close = async () => {
    await stack.stop();
    await fixture.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
  return { stateDir, fixture, stack, close };
}
