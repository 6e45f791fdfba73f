import { describe, expect, it } from "vitest";
import { RunOptions } from "../domain/run-options";
import type { TaskRef } from "../domain/selection";
import { attemptsFor, examplesFor, fewShotCount, pickFewShot, samplingFor, selectionFor } from "./benchmark-plan";

const ref = (index: number, split: string | null): TaskRef => ({ index, key: `k${index}`, digest: `d${index}`, split, subset: null });

describe("selectionFor", () => {
  it("merges run options, per-benchmark overrides and the benchmark's defaults", () => {
    const options = RunOptions.parse({ sample_limit: 50, select: { shuffle: true, seed: 3 }, per_benchmark: { bm_a: { sample_limit: 5, subsets: ["x"] } } });
    expect(selectionFor(options, "bm_a", { split: "test", options: { subsets: ["y"] } })).toEqual({
      shuffle: true,
      seed: 3,
      skip: 0,
      split: "test",
      subsets: ["x"],
      sample_limit: 5,
    });
    expect(selectionFor(options, "bm_b", { split: null, options: { subsets: ["y"] } })).toEqual({
      shuffle: true,
      seed: 3,
      skip: 0,
      split: undefined,
      subsets: ["y"],
      sample_limit: 50,
    });
  });

  it("lets a benchmark's own select override the run's field by field (seed 004's per-source select)", () => {
    const options = RunOptions.parse({
      select: { shuffle: true, seed: 3, limit: 20, include: ["a", "b"] },
      per_benchmark: { bm_a: { select: { seed: 9, limit: 5, skip: 2 } } },
    });
    expect(selectionFor(options, "bm_a", { split: null, options: {} })).toEqual({
      shuffle: true,
      seed: 9,
      skip: 2,
      limit: 5,
      include: ["a", "b"],
      split: undefined,
      subsets: undefined,
      sample_limit: undefined,
    });
    expect(selectionFor(options, "bm_b", { split: null, options: {} })).toMatchObject({ seed: 3, limit: 20, skip: 0 });
  });

  it("takes attempts and sampling per benchmark when given, else the run's", () => {
    const options = RunOptions.parse({ attempts: 2, temperature: 0.5, max_output_tokens: 100, per_benchmark: { bm_a: { attempts: 5, temperature: 0, top_p: 0.9 } } });
    expect(attemptsFor(options, "bm_a")).toBe(5);
    expect(attemptsFor(options, "bm_b")).toBe(2);
    expect(samplingFor(options, "bm_a")).toEqual({ temperature: 0, top_p: 0.9, max_output_tokens: 100 });
    expect(samplingFor(options, "bm_b")).toEqual({ temperature: 0.5, top_p: undefined, max_output_tokens: 100 });
  });

  it("raises the run's attempts to a benchmark's minimum (ARC's pass@2), unless the benchmark's own override says otherwise", () => {
    const arc = { split: null, options: { min_attempts: 2 } };
    expect(attemptsFor(RunOptions.parse({}), "bm_arc", arc)).toBe(2);
    expect(attemptsFor(RunOptions.parse({ attempts: 5 }), "bm_arc", arc)).toBe(5);
    expect(attemptsFor(RunOptions.parse({ per_benchmark: { bm_arc: { attempts: 1 } } }), "bm_arc", arc)).toBe(1);
    expect(attemptsFor(RunOptions.parse({}), "bm_gsm", { split: null, options: {} })).toBe(1);
  });

  it("takes the few-shot count from the most specific setting", () => {
    const options = RunOptions.parse({ few_shot: 2, per_benchmark: { bm_a: { few_shot: 0 } } });
    expect(fewShotCount(options, "bm_a", { split: null, options: { few_shot: 5 } })).toBe(0);
    expect(fewShotCount(options, "bm_b", { split: null, options: { few_shot: 5 } })).toBe(2);
    expect(fewShotCount(RunOptions.parse({}), "bm_b", { split: null, options: { few_shot: 5 } })).toBe(5);
  });
});

describe("pickFewShot", () => {
  const rows = [ref(0, "test"), ref(1, "test"), ref(2, "dev"), ref(3, "dev"), ref(4, "test")];

  it("prefers an example split other than the one under test", () => {
    expect(pickFewShot(rows, new Set([0, 1]), 2, "test").all).toEqual([2, 3]);
  });

  it("falls back to non-member rows when there is no example split", () => {
    const flat = rows.map((r) => ({ ...r, split: null }));
    expect(pickFewShot(flat, new Set([0, 1, 3]), 2, undefined).all).toEqual([2, 4]);
    expect(pickFewShot(flat, new Set([0]), 0, undefined)).toEqual({ all: [], by_subset: {} });
  });
});

describe("few-shot per subset", () => {
  const subj = (index: number, split: string, subset: string): TaskRef => ({ index, key: `k${index}`, digest: `d${index}`, split, subset });
  const rows = [subj(0, "dev", "algebra"), subj(1, "dev", "algebra"), subj(2, "dev", "anatomy"), subj(3, "test", "algebra"), subj(4, "test", "anatomy"), subj(5, "test", "law")];

  it("gives each subset examples of its own subject, and the rest the overall ones", () => {
    const plan = pickFewShot(rows, new Set([3, 4, 5]), 2, "test", "dev");
    expect(plan).toEqual({ all: [0, 1], by_subset: { algebra: [0, 1], anatomy: [2] } });
    expect(examplesFor(plan, "anatomy")).toEqual([2]);
    expect(examplesFor(plan, "law")).toEqual([0, 1]);
    expect(examplesFor(plan, null)).toEqual([0, 1]);
    expect(examplesFor([7, 8], "algebra")).toEqual([7, 8]);
    expect(examplesFor(null, "algebra")).toEqual([]);
  });
});
