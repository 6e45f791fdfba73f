import { describe, expect, it } from "vitest";
import { outcomesOf, type Slot } from "./fixtures";
import { compareAB, mcnemar, pairedBootstrap } from "./paired";

describe("mcnemar", () => {
  it("uses the exact binomial test below 25 discordant pairs", () => {
    expect(mcnemar(1, 9)).toEqual({ p_value: expect.closeTo(22 / 1024, 14), method: "exact_binomial" });
    expect(mcnemar(12, 12)).toEqual({ p_value: 1, method: "exact_binomial" });
    expect(mcnemar(0, 0)).toEqual({ p_value: 1, method: "exact_binomial" });
  });

  it("uses chi-square with continuity correction from 25 discordant pairs", () => {
    // Agresti's approval table: 794 / 150 / 86 / 570; χ² = (|150 − 86| − 1)² / 236.
    const big = mcnemar(150, 86);
    expect(big.method).toBe("chi_square_continuity");
    expect(big.p_value / 4.114562281345944e-5).toBeCloseTo(1, 5);
    expect(mcnemar(10, 20)).toEqual({ p_value: expect.closeTo(0.10034824646229054, 6), method: "chi_square_continuity" });
  });
});

describe("pairedBootstrap", () => {
  it("is deterministic for a seed", () => {
    const diffs = [0.1, 0.3, -0.05, 0.2, 0.15, 0.12, 0.08, -0.02];
    expect(pairedBootstrap(diffs, 2000, 7)).toEqual(pairedBootstrap(diffs, 2000, 7));
  });

  it("gives p = 1 when there is no difference at all", () => {
    expect(pairedBootstrap([0, 0, 0], 500, 1)).toEqual({ ci95: [0, 0], p_value: 1 });
  });

  it("gives a large p-value for differences centred on zero", () => {
    expect(pairedBootstrap([0.1, -0.1, 0.2, -0.2, 0.05, -0.05], 2000, 3).p_value).toBeGreaterThan(0.5);
  });
});

const k1 = (rows: Record<string, Slot[]>) => outcomesOf(rows);

describe("compareAB: binary rewards, k = 1 (McNemar)", () => {
  // m3 regresses, m6..m8 improve, x has no reward on B yet.
  const a = k1({ m0: [1], m1: [1], m2: [1], m3: [1], m4: [1], m5: [1], m6: [0], m7: [0], m8: [0], m9: [0], x: [1] });
  const b = k1({ m0: [1], m1: [1], m2: [1], m3: [0], m4: [1], m5: [1], m6: [1], m7: [1], m8: [1], m9: [0], x: ["queued"] });

  it("pairs the shared members and leaves out the unscored one under unknown", () => {
    const t9 = 2.2621571627409915;
    const se = Math.sqrt(0.4 / 10);
    expect(compareAB(a, b, { k: 1, missing_policy: "unknown", total_members: 11 })).toEqual({
      delta: expect.closeTo(0.2, 14),
      delta_ci95: [expect.closeTo(0.2 - t9 * se, 9), expect.closeTo(0.2 + t9 * se, 9)],
      a_score: expect.closeTo(0.6, 14),
      b_score: expect.closeTo(0.8, 14),
      test: { name: "mcnemar", method: "exact_binomial", p_value: 0.625, n_shared: 10, b01: 3, b10: 1 },
      excluded_members: 1,
      regressions: ["m3"],
      improvements: ["m6", "m7", "m8"],
      missing_policy: "unknown",
      display: { delta: "+20 pp (95% CI [-25.2, +65.2] pp, p = 0.63)" },
    });
  });

  it("counts the unscored attempt as a failure, hence a regression, under as_failure", () => {
    const cmp = compareAB(a, b, { k: 1, missing_policy: "as_failure", total_members: 11 });
    expect(cmp.test).toEqual({ name: "mcnemar", method: "exact_binomial", p_value: 1, n_shared: 11, b01: 3, b10: 2 });
    expect([cmp.excluded_members, cmp.regressions, cmp.improvements]).toEqual([0, ["m3", "x"], ["m6", "m7", "m8"]]);
  });

  it("has no p-value or interval with fewer than two shared members", () => {
    const cmp = compareAB(k1({ m0: [1], m1: ["invalid"] }), k1({ m0: [0], m1: [1] }), { k: 1, missing_policy: "unknown", total_members: 2 });
    expect([cmp.delta, cmp.delta_ci95, cmp.test.p_value, cmp.test.n_shared, cmp.excluded_members, cmp.regressions]).toEqual([-1, null, null, 1, 1, ["m0"]]);
    expect(cmp.display.delta).toBe("-100 pp");
  });

  it("is empty when nothing is shared", () => {
    const cmp = compareAB([], k1({ m0: [1] }), { k: 1, missing_policy: "unknown", total_members: 1 });
    expect([cmp.delta, cmp.a_score, cmp.test.n_shared, cmp.excluded_members, cmp.display.delta]).toEqual([null, null, 0, 1, null]);
  });
});

describe("compareAB: paired bootstrap", () => {
  const base = [0.2, 0.35, 0.5, 0.8, 0.1, 0.65, 0.4, 0.3, 0.55, 0.7, 0.25, 0.45];
  const shift = [0.12, 0.08, 0.15, 0.05, 0.11, 0.09, 0.13, 0.1, 0.07, 0.14, 0.06, 0.1];
  const a = k1(Object.fromEntries(base.map((r, i) => [`t${i}`, [r]])));
  const b = k1(Object.fromEntries(base.map((r, i) => [`t${i}`, [r + shift[i]!]])));

  it("detects a consistent improvement of nonbinary rewards", () => {
    const cmp = compareAB(a, b, { k: 1, missing_policy: "unknown", total_members: 12 });
    expect(cmp.test.name).toBe("paired_bootstrap");
    expect([cmp.test.b01, cmp.test.b10, cmp.test.n_shared]).toEqual([null, null, 12]);
    expect(cmp.delta).toBeCloseTo(0.1, 12);
    expect(cmp.test.p_value).toBeLessThan(0.01);
    expect(cmp.delta_ci95![0]).toBeGreaterThan(0);
    expect(cmp.delta_ci95![0]).toBeLessThan(0.1);
    expect(cmp.delta_ci95![1]).toBeGreaterThan(0.1);
    expect(cmp.improvements).toEqual(["t2", "t9", "t6", "t0", "t4", "t11", "t7", "t5", "t1", "t8", "t10", "t3"]);
    expect(cmp.regressions).toEqual([]);
  });

  it("is reproducible and depends on the seed only through resampling", () => {
    const opts = { k: 1, missing_policy: "unknown", total_members: 12 } as const;
    expect(compareAB(a, b, opts)).toEqual(compareAB(a, b, opts));
    expect(compareAB(a, b, opts, { seed: 2, resamples: 500 }).delta).toBe(compareAB(a, b, opts).delta);
  });

  it("is used for binary rewards with k > 1, on member means, ordering changes by size", () => {
    const cmp = compareAB(
      outcomesOf({ big: [1, 1], half: [1, 1], up: [0, 0], same: [1, 0] }),
      outcomesOf({ big: [0, 0], half: [1, 0], up: [1, 0], same: [0, 1] }),
      { k: 2, missing_policy: "unknown", total_members: 4 },
    );
    expect(cmp.test.name).toBe("paired_bootstrap");
    expect([cmp.delta, cmp.a_score, cmp.b_score]).toEqual([-0.25, 0.625, 0.375]);
    expect([cmp.regressions, cmp.improvements]).toEqual([["big", "half"], ["up"]]);
  });
});
