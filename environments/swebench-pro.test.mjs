// SWE-bench Pro on the environment runner, local backend: a made-up
// instance (environments/fixtures/swebench-pro-instance.mjs) built from
// its Dockerfile, the agent phase, then the harness's way of verifying:
// patch.diff, run_script.sh, parser.py and the entry script in
// /workspace, output.json graded. The oracle's gold patch resolves it; no
// agent leaves it unresolved (0, with the tests not passed named); a
// parser.py that writes nothing fails the attempt with that reason.
// Skipped (with the reason) where the local backend cannot run. The first
// run builds a Debian root with git and python (minutes); later runs reuse it.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { proTaskRow } from "./fixtures/swebench-pro-instance.mjs";
import { startEnvironmentRunner } from "./server.mjs";
import { attemptFor, commandsOf, dispatch, localSkip, phasesOf, startFakeAssay } from "./test-support.mjs";

const skip = localSkip();
const SECRET = randomBytes(24).toString("base64url");

describe("SWE-bench Pro on the local backend", { skip: skip ?? false, timeout: 20 * 60_000 }, () => {
  let runner;
  let assay;
  let mini;
  before(async () => {
    mini = await importTs(new URL("../test/mini-swebench-pro.ts", import.meta.url).href);
    assay = await startFakeAssay();
    runner = await startEnvironmentRunner({ secret: SECRET, backend: "local", concurrency: 2 });
  });
  after(async () => {
    await runner?.idle();
    await runner?.close();
    await assay?.close();
  });

  async function run(row, agent) {
    const { attempt, record } = attemptFor(assay, row, { params: { agent } });
    assert.equal((await dispatch(runner.url, SECRET, attempt)).status, 202);
    await record.done;
    return record;
  }

  it("the oracle's patch resolves the instance; without an agent it stays unresolved, the failing test named", async () => {
    const row = proTaskRow({ runScript: mini.MINI_PRO_RUN_SCRIPT, parser: mini.MINI_PRO_PARSER });
    const [solved, untouched] = await Promise.all([run(row, "oracle"), run(row, "none")]);
    assert.equal(solved.result.error, null, solved.result.error);
    assert.equal(solved.result.reward, 1, solved.result.structured?.judge_summary);
    assert.deepEqual(solved.result.structured.swebench_pro, { resolved: true, not_passed: [] });
    assert.deepEqual(phasesOf(solved), ["boot", "setup", "agent", "verify", "finalize"]);
    assert.deepEqual(commandsOf(solved), ["git apply -v /tmp/assay-oracle/gold.patch"]);
    // The patch the entry script applied is the agent's change, and the parser's output is kept.
    assert.match(solved.artifacts.get("patch.diff").body.toString(), /^\+echo 2$/m);
    assert.deepEqual(JSON.parse(solved.artifacts.get("output.json").body.toString()), {
      tests: [
        { name: "tests/test_calc.sh::adds", status: "PASSED" },
        { name: "tests/test_calc.sh::exists", status: "PASSED" },
      ],
    });
    assert.equal(untouched.result.error, null, untouched.result.error);
    assert.equal(untouched.result.reward, 0);
    assert.deepEqual(untouched.result.structured.swebench_pro, { resolved: false, not_passed: ["tests/test_calc.sh::adds"] });
  });

  it("a parser.py that writes no output.json fails the attempt with that reason, never 0", async () => {
    const row = proTaskRow({ runScript: mini.MINI_PRO_RUN_SCRIPT, parser: "import sys\nsys.exit(2)\n" });
    const rec = await run(row, "oracle");
    assert.equal(rec.result.reward, null);
    assert.equal(rec.result.error, "the verifier failed: parser.py wrote no output.json");
  });
});
