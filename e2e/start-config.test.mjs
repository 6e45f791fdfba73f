// `npm start` with a wrong configuration variable exits at once, naming the
// variable and its rule, instead of waiting for a stack that cannot answer.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "./lib/harness.mjs";

/** The node npm scripts run (the `node` devDependency, with type stripping). */
const NODE = join(ROOT, "node_modules", ".bin", "node");

function start(env) {
  const stateDir = mkdtempSync(join(tmpdir(), "assay-start-config-"));
  const child = spawn(NODE, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "18500", ASSAY_FIXTURE_PORT: "18501", ASSAY_DEMO: "0", ASSAY_STATE_DIR: stateDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const began = Date.now();
  return new Promise((resolve) => {
    const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(guard);
      rmSync(stateDir, { recursive: true, force: true });
      resolve({ code, output, seconds: (Date.now() - began) / 1000 });
    });
  });
}

test("a bootstrap token under 8 characters stops npm start in seconds, naming the variable and the rule", async () => {
  const r = await start({ ASSAY_BOOTSTRAP_TOKEN: "tok" });
  assert.equal(r.code, 1, r.output);
  assert.match(r.output, /ASSAY_BOOTSTRAP_TOKEN must be at least 8 characters/);
  assert.doesNotMatch(r.output, /did not answer/);
  assert.ok(r.seconds < 20, `took ${r.seconds} s`);
});

test("a secret key under 16 characters is named the same way", async () => {
  const r = await start({ ASSAY_SECRET_KEY: "short" });
  assert.equal(r.code, 1, r.output);
  assert.match(r.output, /ASSAY_SECRET_KEY must be at least 16 characters/);
});
