// --batch on both ways runs are started: `assay eval run` (flag or `batch = true` in the file) and
// `assay job submit`, each becoming options.batch in the run body. Pure: no server.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseEvalConfig, runOptionsFor, withFlags } from "./eval-config.mjs";
import { runOptionsOf } from "./commands/job.mjs";

describe("--batch", () => {
  test("eval run: the flag and the file's batch = true both set options.batch; absent, nothing is sent", () => {
    assert.deepEqual(runOptionsFor(withFlags(null, { benchmark: "gsm8k", model: "m", batch: true }), ["bm_gsm8k"]), { batch: true });
    const file = parseEvalConfig('batch = true\n[client]\nmodel = "m"\n[[source]]\nbenchmark = "gsm8k"\n', "x.toml");
    assert.deepEqual(runOptionsFor(file, ["bm_gsm8k"]), { batch: true });
    assert.deepEqual(runOptionsFor(withFlags(null, { benchmark: "gsm8k", model: "m" }), ["bm_gsm8k"]), {});
  });

  test("eval run: a batch that is not a boolean names its line", () => {
    assert.throws(() => parseEvalConfig('batch = "yes"\n[client]\nmodel = "m"\n[[source]]\nbenchmark = "gsm8k"\n', "x.toml"), /x\.toml:1.*batch/);
  });

  test("job submit: --batch sets options.batch", () => {
    assert.equal(runOptionsOf({ batch: true }).batch, true);
    assert.equal(runOptionsOf({}).batch, undefined);
  });
});
