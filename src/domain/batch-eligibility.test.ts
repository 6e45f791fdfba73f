import { describe, expect, it } from "vitest";
import { batchErrors } from "./batch-eligibility";
import { RunOptions } from "./run-options";

const model = { kind: "model" };
const inline = { id: "bm_a", name: "arith", kind: "inline", options: {} };

describe("batchErrors", () => {
  it("accepts model targets with single-turn inline benchmarks, and anything without batch", () => {
    expect(batchErrors({ options: RunOptions.parse({ batch: true }), target: model, compare_target: model }, [inline])).toEqual([]);
    expect(batchErrors({ options: RunOptions.parse({}), target: { kind: "agent" }, compare_target: null }, [{ ...inline, kind: "runner" }])).toEqual([]);
  });

  it.each([
    ["an agent target", { target: { kind: "agent" } }, [inline], "batch submits model calls: target is an agent target, not a model endpoint"],
    ["an outputs compare target", { compare_target: { kind: "outputs" } }, [inline], "batch submits model calls: compare_target is an outputs target, not a model endpoint"],
    ["a runner benchmark", {}, [{ ...inline, kind: "runner" }], "batch needs single-turn prompts: benchmark arith runs on an agent runner"],
    ["a multi-turn benchmark", {}, [{ ...inline, options: { turns_column: "turns" } }], "batch needs single-turn prompts: benchmark arith is multi-turn (each turn waits on the reply before it)"],
    ["an image benchmark", {}, [{ ...inline, options: { image_column: "image" } }], "batch sends text prompts only: benchmark arith sends images"],
    ["log-likelihood scoring", { mc: "loglikelihood" }, [inline], "batch sends chat calls: benchmark arith is scored by log-likelihood (mc_mode loglikelihood)"],
  ])("refuses %s, naming options.batch", (_, over: Record<string, unknown>, benchmarks, message) => {
    const options = RunOptions.parse({ batch: true, ...(over.mc ? { per_benchmark: { bm_a: { mc_mode: over.mc } } } : {}) });
    const config = { options, target: (over.target as { kind: string }) ?? model, compare_target: (over.compare_target as { kind: string }) ?? null };
    expect(batchErrors(config, benchmarks)).toEqual([{ field: "options.batch", message }]);
  });
});
