import { describe, expect, it } from "vitest";
import { aggregate, aggregateSummaries } from "./aggregate";
import { outcomesOf } from "./fixtures";
import { summarize } from "./summarize";
import type { AttemptOutcome } from "./types";

// The seed's worked example: k = 2, A = [1, 0], B = [1, 1], C = [0, missing].
const WORKED = outcomesOf({ A: [1, 0], B: [1, 1], C: [0, "invalid"] });

describe("aggregate: the seed's worked example", () => {
  it("holds to the digit under the unknown policy", () => {
    expect(aggregate(WORKED, { k: 2, missing_policy: "unknown", total_members: 3 })).toEqual({
      score: 0.6,
      pass: 0.6,
      pass_at_k: 1,
      pass_hat_k: 0.5,
      k: 2,
      score_counts: { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 },
      missing_policy: "unknown",
      uncertainty: {
        // CR1 over clusters {1,0}, {1,1}, {0}: sqrt(3/2 · 1.04) / 5.
        score_se: expect.closeTo(0.24979991993593592, 12),
        // Wilson on n_eff = 5 / deff 1.3 · (1.96 / t(0.975, 2) = 4.303)² ≈ 0.8: three members say little.
        score_ci95: [expect.closeTo(0.06380230632223599, 12), expect.closeTo(0.9706013634025354, 12)],
        pass_ci95: [expect.closeTo(0.06380230632223599, 12), expect.closeTo(0.9706013634025354, 12)],
        clustered: true,
        n_clusters: 3,
      },
      display: {
        score: "60%",
        pass: "60%",
        pass_at_k: "100%",
        pass_hat_k: "50%",
        labels: { pass_at_k: "pass@2", pass_hat_k: "pass^2" },
        score_with_ci: "60% (95% CI [6.4%, 97.1%], n = 5)",
        pass_with_ci: "60% (95% CI [6.4%, 97.1%], n = 5)",
        coverage: "score 0.6, 5/6 attempts scored, 2/3 members complete",
      },
    });
  });

  it("counts the missing attempt as a failure under as_failure, with the true coverage", () => {
    const agg = aggregate(WORKED, { k: 2, missing_policy: "as_failure", total_members: 3 });
    expect({ ...agg, uncertainty: undefined }).toEqual({
      score: 0.5,
      pass: 0.5,
      pass_at_k: 2 / 3,
      pass_hat_k: 1 / 3,
      k: 2,
      score_counts: { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 },
      missing_policy: "as_failure",
      uncertainty: undefined,
      display: {
        score: "50%",
        pass: "50%",
        pass_at_k: "66.7%",
        pass_hat_k: "33.3%",
        labels: { pass_at_k: "pass@2", pass_hat_k: "pass^2" },
        score_with_ci: "50% (95% CI [3.6%, 96.4%], n = 6)",
        pass_with_ci: "50% (95% CI [3.6%, 96.4%], n = 6)",
        coverage: "score 0.5, 5/6 attempts scored, 2/3 members complete, missing counted as failures",
      },
    });
    expect(agg.uncertainty.n_clusters).toBe(3);
  });

  it("gives the same result from pre-counted member summaries", () => {
    const opts = { k: 2, missing_policy: "unknown", total_members: 3 } as const;
    expect(aggregateSummaries(summarize(WORKED, opts), opts)).toEqual(aggregate(WORKED, opts));
    expect(
      aggregateSummaries(
        [
          { member: "A", scored: 2, sum: 1, binary: true, unit: true, invalid: 0 },
          { member: "B", scored: 2, sum: 2, binary: true, unit: true, invalid: 0 },
          { member: "C", scored: 1, sum: 0, binary: true, unit: true, invalid: 1 },
        ],
        opts,
      ),
    ).toEqual(aggregate(WORKED, opts));
  });
});

describe("aggregate: coverage and missing rewards", () => {
  it("never turns a missing reward into 0 under unknown", () => {
    const agg = aggregate(outcomesOf({ A: [1, null], B: [1, "queued"] }), { k: 2, missing_policy: "unknown", total_members: 2 });
    expect([agg.score, agg.pass, agg.pass_at_k, agg.pass_hat_k]).toEqual([1, 1, null, null]);
    expect(agg.score_counts).toEqual({ total: 4, scored: 2, missing: 2, invalid: 0, total_members: 2, complete_members: 0 });
  });

  it("counts selected members with no outcome yet in total and, under as_failure, as failing", () => {
    const outcomes = outcomesOf({ A: [1, 0], B: [1, 1], C: [0, "invalid"] });
    const unknown = aggregate(outcomes, { k: 2, missing_policy: "unknown", total_members: 4 });
    expect([unknown.score, unknown.pass_at_k, unknown.pass_hat_k]).toEqual([0.6, 1, 0.5]);
    expect(unknown.score_counts).toEqual({ total: 8, scored: 5, missing: 3, invalid: 1, total_members: 4, complete_members: 2 });
    expect(unknown.display.coverage).toBe("score 0.6, 5/8 attempts scored, 2/4 members complete");
    const failure = aggregate(outcomes, { k: 2, missing_policy: "as_failure", total_members: 4 });
    expect([failure.score, failure.pass_at_k, failure.pass_hat_k]).toEqual([3 / 8, 2 / 4, 1 / 4]);
    expect(failure.uncertainty.n_clusters).toBe(4);
  });

  it("counts only terminal reward-less attempts as invalid; running and queued are missing", () => {
    const agg = aggregate(outcomesOf({ A: [null, "queued", "invalid", 0.5] }), { k: 4, missing_policy: "unknown", total_members: 1 });
    expect(agg.score_counts).toEqual({ total: 4, scored: 1, missing: 3, invalid: 1, total_members: 1, complete_members: 0 });
  });

  it.each(["unknown", "as_failure"] as const)("makes every metric null when nothing is scored (%s)", (policy) => {
    const agg = aggregate(outcomesOf({ A: ["invalid", null], B: ["queued", "queued"] }), { k: 2, missing_policy: policy, total_members: 3 });
    expect(agg).toEqual({
      score: null,
      pass: null,
      pass_at_k: null,
      pass_hat_k: null,
      k: 2,
      score_counts: { total: 6, scored: 0, missing: 6, invalid: 1, total_members: 3, complete_members: 0 },
      missing_policy: policy,
      uncertainty: { score_se: null, score_ci95: null, pass_ci95: null, clustered: true, n_clusters: 0 },
      display: {
        score: null,
        pass: null,
        pass_at_k: null,
        pass_hat_k: null,
        labels: { pass_at_k: "pass@2", pass_hat_k: "pass^2" },
        score_with_ci: null,
        pass_with_ci: null,
        coverage: `score n/a, 0/6 attempts scored, 0/3 members complete${policy === "as_failure" ? ", missing counted as failures" : ""}`,
      },
    });
  });

  it("handles an empty selection", () => {
    const agg = aggregate([], { k: 1, missing_policy: "unknown", total_members: 0 });
    expect([agg.score, agg.display.coverage]).toEqual([null, "score n/a, 0/0 attempts scored, 0/0 members complete"]);
  });
});

describe("aggregate: nonbinary rewards and scale", () => {
  it.each(["unknown", "as_failure"] as const)("nulls the binary metrics when one reward is not 0 or 1 (%s)", (policy) => {
    const agg = aggregate(outcomesOf({ A: [1, 0.5], B: [1, 1] }), { k: 2, missing_policy: policy, total_members: 2 });
    expect([agg.score, agg.pass, agg.pass_at_k, agg.pass_hat_k, agg.uncertainty.pass_ci95]).toEqual([0.875, null, null, null, null]);
    expect([agg.display.score, agg.display.pass]).toEqual(["87.5%", null]);
  });

  it("keeps the scale of scores outside [0, 1] and does not clip their interval", () => {
    const agg = aggregate(outcomesOf({ A: [2], B: [4], C: [6] }), { k: 1, missing_policy: "unknown", total_members: 3 });
    expect(agg.score).toBe(4);
    expect(agg.uncertainty.score_se).toBeCloseTo(2 / Math.sqrt(3), 12);
    const half = 4.302652729749462 * (2 / Math.sqrt(3));
    expect(agg.uncertainty.score_ci95![0]).toBeCloseTo(4 - half, 9);
    expect(agg.uncertainty.score_ci95![1]).toBeCloseTo(4 + half, 9);
    expect(agg.uncertainty.clustered).toBe(false);
    expect(agg.display.score).toBe("4");
    expect(agg.display.score_with_ci).toBe("4 (95% CI [-0.968, 8.968], n = 3)");
    expect(agg.display.coverage).toBe("score 4, 3/3 attempts scored, 3/3 members complete");
  });

  it("uses the plain sample standard error when k = 1", () => {
    const rewards = [0.2, 0.9, 0.4, 0.4, 0.7];
    const agg = aggregate(outcomesOf(Object.fromEntries(rewards.map((r, i) => [`m${i}`, [r]]))), { k: 1, missing_policy: "unknown", total_members: 5 });
    const mean = rewards.reduce((a, b) => a + b) / 5;
    const sd = Math.sqrt(rewards.reduce((a, r) => a + (r - mean) ** 2, 0) / 4);
    expect(agg.uncertainty.score_se).toBeCloseTo(sd / Math.sqrt(5), 12);
  });

  it("clusters the standard error by member when k > 1 (CR1)", () => {
    const agg = aggregate(outcomesOf({ a: [0.2, 0.9], b: [0.4, 0.4], c: [0.7, 1], d: [0.1, 0.5] }), { k: 2, missing_policy: "unknown", total_members: 4 });
    expect(agg.score).toBeCloseTo(0.525, 12);
    expect(agg.uncertainty.score_se).toBeCloseTo(0.11989578808281798, 12);
    const half = 3.1824463052837078 * 0.11989578808281798;
    expect(agg.uncertainty.score_ci95![0]).toBeCloseTo(0.525 - half, 9);
    expect(agg.uncertainty.score_ci95![1]).toBeCloseTo(0.525 + half, 9);
  });
});

describe("aggregate: input contract", () => {
  const base = { member: "A", attempt_index: 0, reward: 1, terminal: true, dispatched: true } satisfies AttemptOutcome;
  it.each([
    ["two outcomes for one slot", [base, { ...base }], 2, 1, /two outcomes/],
    ["a slot at k", [{ ...base, attempt_index: 2 }], 2, 1, /outside 0\.\.1/],
    ["a negative slot", [{ ...base, attempt_index: -1 }], 2, 1, /outside/],
    ["a NaN reward", [{ ...base, reward: Number.NaN }], 2, 1, /finite/],
    ["more members than selected", [base, { ...base, member: "B" }], 2, 1, /total_members is 1/],
    ["k of 0", [], 0, 1, /k must be/],
    ["fractional total_members", [], 1, 1.5, /total_members must be/],
  ] as [string, AttemptOutcome[], number, number, RegExp][])("rejects %s", (_name, outcomes, k, total_members, message) => {
    expect(() => aggregate(outcomes, { k, missing_policy: "unknown", total_members })).toThrow(message);
  });

  it.each([
    ["scored above k", { member: "A", scored: 3, sum: 3, binary: true, unit: true, invalid: 0 }, /scored 3/],
    ["invalid beyond the unscored slots", { member: "A", scored: 2, sum: 2, binary: true, unit: true, invalid: 1 }, /invalid 1/],
    ["an infinite sum", { member: "A", scored: 1, sum: Infinity, binary: false, unit: false, invalid: 0 }, /finite/],
  ])("rejects a summary with %s", (_name, summary, message) => {
    expect(() => aggregateSummaries([summary], { k: 2, missing_policy: "unknown", total_members: 1 })).toThrow(message);
  });
});
