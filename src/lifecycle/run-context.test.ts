import { describe, expect, it } from "vitest";
import type { RunBenchmarkRow } from "../db/schema";
import { CONTEXT_TTL_MS, RunContextCache, type RunPlan } from "./run-context";

/** A plan whose only benchmark holds seqs [0, planned). */
const plan = (planned: number): RunPlan =>
  ({ run: { id: "run_x" }, options: {}, runBenchmarks: new Map([["bm", { benchmarkId: "bm", baseSeq: 0, attemptCount: planned } as RunBenchmarkRow]]), benchmarks: new Map(), revisions: new Map() }) as unknown as RunPlan;

describe("RunContextCache", () => {
  it("reuses a loaded context until it is stale or a seq falls outside its plan, and never keeps a missing run", async () => {
    let now = 0;
    const cache = new RunContextCache<RunPlan>(() => now);
    const loads: number[] = [];
    const load = (planned: number | null) => async () => (loads.push(now), planned === null ? null : plan(planned));

    const first = await cache.get("run_x", [0, 9], load(10));
    expect(await cache.get("run_x", [5], load(10))).toBe(first);
    // Seq 10 was planned after the context was loaded: read again.
    const second = await cache.get("run_x", [10], load(20));
    expect(second).not.toBe(first);
    now = CONTEXT_TTL_MS - 1;
    expect(await cache.get("run_x", [], load(20))).toBe(second);
    now = CONTEXT_TTL_MS;
    expect(await cache.get("run_x", [], load(20))).not.toBe(second);
    // A missing run is not kept, so the next call asks again.
    expect(await cache.get("run_gone", [], load(null))).toBeNull();
    expect(await cache.get("run_gone", [], load(20))).not.toBeNull();
    expect(loads).toEqual([0, 0, CONTEXT_TTL_MS, CONTEXT_TTL_MS, CONTEXT_TTL_MS]);
  });
});
