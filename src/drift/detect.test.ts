import { describe, expect, it } from "vitest";
import { detectDrift, MAX_LISTED_TASKS, type TaskSummary } from "./detect";

/** One attempt per task; `values[i]` is task i's reward. */
function tasks(values: number[], prefix = "t"): TaskSummary[] {
  return values.map((v, i) => ({ member: `d${i}`, task: `${prefix}${i}`, scored: 1, sum: v, binary: v === 0 || v === 1, unit: v >= 0 && v <= 1, invalid: 0 }));
}

/** A seeded coin: the same noise every run. */
function coin(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("drift detection", () => {
  it("stays quiet for noise: the same 70% model re-run with independent flips", () => {
    let alerts = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const r = coin(seed);
      const base = Array.from({ length: 200 }, () => (r() < 0.7 ? 1 : 0));
      const next = Array.from({ length: 200 }, () => (r() < 0.7 ? 1 : 0));
      if (detectDrift(tasks(base), tasks(next), 1, { min_drop: 0.02 }).alert) alerts += 1;
    }
    // p < 0.05 with a drop: at most a rare false alarm over twenty re-runs.
    expect(alerts).toBeLessThanOrEqual(1);
  });

  it("alerts on a real drop, naming the regressed tasks, the interval and the p-value", () => {
    const base = Array.from({ length: 100 }, (_, i) => (i < 80 ? 1 : 0));
    const next = base.map((v, i) => (i < 30 ? 0 : v));
    const f = detectDrift(tasks(base), tasks(next), 1, { min_drop: 0.05 });
    expect(f).toMatchObject({ alert: true, baseline_score: 0.8, score: 0.5, shared_tasks: 100, regressed_count: 30, min_drop: 0.05, alpha: 0.05 });
    expect(f.delta).toBeCloseTo(-0.3, 10);
    expect(f.p_value).toBeLessThan(1e-6);
    expect(f.test).toMatchObject({ name: "mcnemar", b10: 30, b01: 0 });
    expect(f.delta_ci95![1]).toBeLessThan(0);
    expect(f.regressed).toHaveLength(30);
    expect(f.regressed[0]).toEqual({ task: "t0", task_digest: "d0", baseline: 1, score: 0 });
  });

  it("stays quiet for a significant drop no larger than the minimum", () => {
    const base = Array.from({ length: 2000 }, (_, i) => (i < 1800 ? 1 : 0));
    const next = base.map((v, i) => (i < 60 ? 0 : v));
    const f = detectDrift(tasks(base), tasks(next), 1, { min_drop: 0.05 });
    expect(f.p_value).toBeLessThan(0.05);
    expect(f.alert).toBe(false);
    expect(f.reason).toMatch(/within the minimum/);
    expect(detectDrift(tasks(base), tasks(next), 1, { min_drop: 0.02 }).alert).toBe(true);
  });

  it("stays quiet for improvements and for too few shared tasks", () => {
    expect(detectDrift(tasks([0, 0, 0, 0]), tasks([1, 1, 1, 1]), 1, { min_drop: 0 })).toMatchObject({ alert: false, reason: "no drop in score" });
    expect(detectDrift(tasks([1]), tasks([0]), 1, { min_drop: 0 })).toMatchObject({ alert: false, p_value: null });
  });

  it("pairs tasks by digest only: tasks on one side are excluded", () => {
    const base = tasks([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const next = tasks([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).map((t, i) => (i < 5 ? t : { ...t, member: `other${i}` }));
    const f = detectDrift(base, next, 1, { min_drop: 0 });
    expect(f).toMatchObject({ shared_tasks: 5, excluded_tasks: 10, regressed_count: 5 });
  });

  it("uses a paired bootstrap for nonbinary rewards and several attempts, and lists at most 50 tasks", () => {
    const base = Array.from({ length: 120 }, (_, i) => ({ member: `d${i}`, task: `t${i}`, scored: 2, sum: 1.8, binary: false, unit: true, invalid: 0 }));
    const next = base.map((t) => ({ ...t, sum: 1.0 }));
    const f = detectDrift(base, next, 2, { min_drop: 0.1 });
    expect(f.test.name).toBe("paired_bootstrap");
    expect(f.alert).toBe(true);
    expect(f.delta).toBeCloseTo(-0.4, 10);
    expect(f.regressed).toHaveLength(MAX_LISTED_TASKS);
    expect(f.regressed_count).toBe(120);
  });
});
