import { describe, expect, it } from "vitest";
import { benchmarkOptionSpecs, OPTION_DESCRIPTIONS, runOptionSpecs, type OptionSpec } from "./run-option-catalog";
import { RunOptions } from "./run-options";

const flat = (specs: OptionSpec[]): OptionSpec[] => specs.flatMap((s) => [s, ...flat(s.fields ?? [])]);

describe("runOptionSpecs", () => {
  it("lists every RunOptions key, each with a description, so the catalog cannot drift from the schema", () => {
    const specs = runOptionSpecs();
    expect(specs.map((s) => s.name)).toEqual(Object.keys(RunOptions.shape));
    for (const s of flat(specs)) expect(s.description, s.name).toBeTruthy();
    expect(Object.keys(OPTION_DESCRIPTIONS).every((k) => !k.startsWith("per_benchmark."))).toBe(true);
  });

  it("states types, defaults, bounds and enumerations as the API validates them", () => {
    const by = Object.fromEntries(flat(runOptionSpecs()).map((s) => [s.name, s]));
    expect(by.attempts).toMatchObject({ type: "integer", default: 1, minimum: 1, maximum: 100 });
    expect(by.concurrency).toMatchObject({ type: "integer", default: 8, minimum: 1 });
    expect(by.missing_policy).toMatchObject({ type: "string", default: "unknown", allowed: ["unknown", "as_failure"] });
    expect(by.top_p).toMatchObject({ type: "number", exclusive_minimum: 0, maximum: 1 });
    expect(by.top_p!.default).toBeUndefined();
    expect(by["select.seed"]).toMatchObject({ type: "integer", default: 0 });
    expect(by["per_benchmark.few_shot"]).toMatchObject({ type: "integer", minimum: 0, maximum: 20 });
    expect(by["per_benchmark.attempts"]).toMatchObject({ type: "integer", minimum: 1, description: "For this benchmark only: attempts per task: the k of pass@k and pass^k" });
    expect(by["per_benchmark.select.limit"]).toMatchObject({ type: "integer" });
    expect(by["per_benchmark.select.shuffle"]!.default).toBeUndefined();
  });
});

describe("benchmarkOptionSpecs", () => {
  it("fills in the benchmark's few-shot default and the subsets a run may choose", () => {
    const by = Object.fromEntries(flat(benchmarkOptionSpecs({ few_shot: 5, subsets: ["anatomy", "sociology"] })).map((s) => [s.name, s]));
    expect(by.few_shot!.default).toBe(5);
    expect(by["select.subsets"]!.allowed).toEqual(["anatomy", "sociology"]);
    expect(by["per_benchmark.subsets"]!.allowed).toEqual(["anatomy", "sociology"]);
    expect(by["per_benchmark.few_shot"]!.default).toBeUndefined();
  });

  it("leaves subsets open when the benchmark has none", () => {
    const by = Object.fromEntries(flat(benchmarkOptionSpecs({ few_shot: 0, subsets: [] })).map((s) => [s.name, s]));
    expect(by["select.subsets"]!.allowed).toBeUndefined();
  });
});
