import { describe, expect, it } from "vitest";
import { mergeRunOptions, perBenchmarkErrors, RunOptions, RunOptionsPatch } from "./run-options";

const DEFAULTS = {
  attempts: 1,
  select: { shuffle: false, seed: 0, skip: 0 },
  temperature: 0,
  max_output_tokens: 1024,
  timeout_s: 120,
  concurrency: 8,
  missing_policy: "unknown",
  per_benchmark: {},
  cache: "off",
  cache_ttl_days: 30,
  batch: false,
};

function fieldsOf(input: unknown): string[] {
  const r = RunOptions.safeParse(input);
  if (r.success) return [];
  return r.error.issues.map((i) =>
    [i.path.join("."), ...(i.code === "unrecognized_keys" ? i.keys : [])].filter(Boolean).join("."),
  );
}

describe("run options", () => {
  it("takes the response cache's modes and a TTL in days, refusing others by name", () => {
    expect(RunOptions.parse({ cache: "read_only", cache_ttl_days: 7 })).toMatchObject({ cache: "read_only", cache_ttl_days: 7 });
    expect(fieldsOf({ cache: "on" })).toEqual(["cache"]);
    expect(fieldsOf({ cache_ttl_days: 0 })).toEqual(["cache_ttl_days"]);
    expect(fieldsOf({ cache_ttl_days: 366 })).toEqual(["cache_ttl_days"]);
    expect(mergeRunOptions(RunOptions.parse({ cache: "read_write" }), { cache: null }).cache).toBe("off");
  });

  it("fills every default from an empty object", () => {
    expect(RunOptions.parse({})).toEqual(DEFAULTS);
  });

  it("keeps what is given and fills the rest, select included", () => {
    const parsed = RunOptions.parse({
      attempts: 4,
      sample_limit: 50,
      select: { split: "test", include: ["a", "b"], shuffle: true, seed: 7, limit: 10 },
      few_shot: 3,
      temperature: 0.7,
      top_p: 1,
      missing_policy: "as_failure",
      per_benchmark: { bm_1: { sample_limit: 5, subsets: ["algebra"] } },
    });
    expect(parsed).toEqual({
      ...DEFAULTS,
      attempts: 4,
      sample_limit: 50,
      select: { split: "test", include: ["a", "b"], shuffle: true, seed: 7, skip: 0, limit: 10 },
      few_shot: 3,
      temperature: 0.7,
      top_p: 1,
      missing_policy: "as_failure",
      per_benchmark: { bm_1: { sample_limit: 5, subsets: ["algebra"] } },
    });
  });

  it.each([
    [{ val_bogus: 1 }, "val_bogus"],
    [{ attempts: 0 }, "attempts"],
    [{ attempts: 101 }, "attempts"],
    [{ attempts: 1.5 }, "attempts"],
    [{ sample_limit: 0 }, "sample_limit"],
    [{ few_shot: 21 }, "few_shot"],
    [{ temperature: 2.1 }, "temperature"],
    [{ top_p: 0 }, "top_p"],
    [{ max_output_tokens: 200_001 }, "max_output_tokens"],
    [{ timeout_s: 0 }, "timeout_s"],
    [{ concurrency: 1001 }, "concurrency"],
    [{ missing_policy: "zero" }, "missing_policy"],
    [{ select: { bogus: true } }, "select.bogus"],
    [{ select: { skip: -1 } }, "select.skip"],
    [{ select: { limit: 0 } }, "select.limit"],
    [{ select: { subsets: [] } }, "select.subsets"],
    [{ per_benchmark: { bm_1: { attempts: 0 } } }, "per_benchmark.bm_1.attempts"],
    [{ per_benchmark: { bm_1: { concurrency: 2 } } }, "per_benchmark.bm_1.concurrency"],
    [{ per_benchmark: { bm_1: { select: { shuffle: "yes" } } } }, "per_benchmark.bm_1.select.shuffle"],
    [{ per_benchmark: { bm_1: { few_shot: -1 } } }, "per_benchmark.bm_1.few_shot"],
    [{ per_benchmark: { bm_1: { release_window: { start: "2025-13-01" } } } }, "per_benchmark.bm_1.release_window.start"],
    [{ per_benchmark: { bm_1: { release_window: { start: "2025-02-29" } } } }, "per_benchmark.bm_1.release_window.start"],
    [{ per_benchmark: { bm_1: { release_window: { end: "April 2025" } } } }, "per_benchmark.bm_1.release_window.end"],
    [{ per_benchmark: { bm_1: { release_window: { start: "2025-03-01", end: "2025-02-01" } } } }, "per_benchmark.bm_1.release_window.end"],
    [{ per_benchmark: { bm_1: { release_window: { from: "2025-03-01" } } } }, "per_benchmark.bm_1.release_window.from"],
  ])("refuses %j naming %s", (input, field) => {
    expect(fieldsOf(input)).toEqual([field]);
  });
});

describe("run options: patch", () => {
  const stored = RunOptions.parse({ attempts: 3, sample_limit: 10, select: { split: "test", seed: 4 } });

  it("replaces the given top-level keys wholesale and keeps the others", () => {
    const patch = RunOptionsPatch.parse({ attempts: 5, select: { shuffle: true } });
    expect(mergeRunOptions(stored, patch)).toEqual({
      ...DEFAULTS,
      attempts: 5,
      sample_limit: 10,
      select: { shuffle: true, seed: 0, skip: 0 },
    });
  });

  it("puts a key back to its default, or removes an optional one, on null", () => {
    const patch = RunOptionsPatch.parse({ attempts: null, sample_limit: null });
    expect(mergeRunOptions(stored, patch)).toEqual({ ...DEFAULTS, select: { split: "test", shuffle: false, seed: 4, skip: 0 } });
  });

  it("is strict like the create schema", () => {
    const r = RunOptionsPatch.safeParse({ val_bogus: 1 });
    expect(r.success).toBe(false);
  });
});

describe("run options: per_benchmark", () => {
  it("names entries whose id is not one of the run's benchmarks", () => {
    const options = RunOptions.parse({ per_benchmark: { bm_a: { few_shot: 1 }, bm_x: { few_shot: 2 } } });
    expect(perBenchmarkErrors(options, ["bm_a", "bm_b"])).toEqual([
      { field: "options.per_benchmark.bm_x", message: "not one of the run's benchmarks" },
    ]);
    expect(perBenchmarkErrors(options, ["bm_a", "bm_x"])).toEqual([]);
  });
});
