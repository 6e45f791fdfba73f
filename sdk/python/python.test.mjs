// Runs the Python SDK's tests (sdk/python/tests, unittest, Python ≥ 3.9) against the local stack and the
// fixture model, reporting each Python test as a node test so `npm test` counts them one by one.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { startLocal } from "../../cli/test-support.mjs";

const SDK = fileURLToPath(new URL(".", import.meta.url));
let local;
let results = [];

before(async () => {
  local = await startLocal();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PYTHONPATH: SDK,
    PYTHONDONTWRITEBYTECODE: "1",
    ASSAY_TEST_URL: local.url,
    ASSAY_TEST_BOOTSTRAP: local.bootstrapToken,
    ASSAY_TEST_FIXTURE: local.fixtureUrl,
    ASSAY_TEST_REQUIRED: "1",
  };
  const child = spawn("python3", ["tests/report.py"], { cwd: SDK, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  results = out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  if (!results.length) throw new Error(`the Python tests reported nothing (exit ${code}):\n${err}`);
}, { timeout: 600_000 });

after(async () => local?.stop());

test("the Python SDK's tests", async (t) => {
  for (const r of results) {
    await t.test(r.name, { skip: r.outcome === "skip" ? r.detail : false }, () => {
      assert.equal(r.outcome, "pass", r.detail);
    });
  }
  assert.ok(results.some((r) => r.name.includes("test_live") && r.outcome === "pass"), "the live tests ran against the stack");
});
