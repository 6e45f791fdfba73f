import { describe, expect, it } from "vitest";
import { aggregate } from "./aggregate";
import { coverageSentence, formatDelta, formatP, formatPercent, formatPlain, formatScore } from "./display";
import { outcomesOf } from "./fixtures";

describe("primary-score display", () => {
  it.each([
    [0.75, "75%"],
    [1, "100%"],
    [0, "0%"],
    [0.6, "60%"],
    [2 / 3, "66.7%"],
    [0.125, "12.5%"],
    [0.9996, "99.96%"],
    [0.0004, "0.04%"],
    [0.99999999, ">99.9999%"],
    [1e-9, "<0.0001%"],
    [1.5, "1.5"],
    [-0.25, "-0.25"],
    [12.34567, "12.346"],
    [100, "100"],
    [-0.0001234, "-0.000123"],
  ])("%f → %s", (value, text) => {
    expect(formatScore(value)).toBe(text);
  });

  it("leaves null as null", () => {
    expect(formatScore(null)).toBeNull();
  });

  it("never prints a value strictly between 0 and 1 as 0% or 100%", () => {
    for (let i = 1; i < 2000; i++) {
      const text = formatPercent(i / 2000);
      expect(text === "0%" || text === "100%").toBe(false);
    }
  });

  it("prints plain numbers with at most three decimals", () => {
    expect([formatPlain(0.6), formatPlain(2 / 3), formatPlain(1), formatPlain(0), formatPlain(-0)]).toEqual(["0.6", "0.667", "1", "0", "0"]);
  });
});

describe("coverage sentence", () => {
  const counts = { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 };

  it("reads like the seed's", () => {
    expect(coverageSentence(0.6, counts, "unknown")).toBe("score 0.6, 5/6 attempts scored, 2/3 members complete");
    expect(coverageSentence(null, counts, "unknown")).toBe("score n/a, 5/6 attempts scored, 2/3 members complete");
    expect(coverageSentence(2 / 3, counts, "as_failure")).toBe("score 0.667, 5/6 attempts scored, 2/3 members complete, missing counted as failures");
  });
});

describe("sample size shows", () => {
  const run = (members: number, passes: number) =>
    aggregate(
      outcomesOf(Object.fromEntries(Array.from({ length: members }, (_, i) => [`m${i}`, [i < passes ? 1 : 0]]))),
      { k: 1, missing_policy: "unknown", total_members: members },
    ).display;

  it("makes 60% on 20 attempts read differently from 60% on 1,000", () => {
    const small = run(20, 12);
    const large = run(1000, 600);
    expect([small.score, large.score]).toEqual(["60%", "60%"]);
    // Binary rewards, one attempt each: score and pass share the Wilson interval.
    expect(small.score_with_ci).toBe("60% (95% CI [38.7%, 78.1%], n = 20)");
    expect(large.score_with_ci).toBe("60% (95% CI [56.9%, 63%], n = 1000)");
    expect(small.pass_with_ci).toBe("60% (95% CI [38.7%, 78.1%], n = 20)");
    expect(large.pass_with_ci).toBe("60% (95% CI [56.9%, 63%], n = 1000)");
  });

  it("makes 100% on 20 attempts read differently from 100% on 1,000", () => {
    const small = run(20, 20);
    const large = run(1000, 1000);
    expect(small.score_with_ci).not.toBe(large.score_with_ci);
    expect(small.pass_with_ci).toBe("100% (95% CI [83.9%, 100%], n = 20)");
    expect(large.pass_with_ci).toBe("100% (95% CI [99.6%, 100%], n = 1000)");
  });
});

describe("A/B display", () => {
  it("uses percentage points on the [0, 1] scale and the plain difference otherwise", () => {
    expect(formatDelta(0.125, [0.031, 0.219], 0.0123, true)).toBe("+12.5 pp (95% CI [+3.1, +21.9] pp, p = 0.012)");
    expect(formatDelta(-0.05, [-0.1, 0], 0.5, true)).toBe("-5 pp (95% CI [-10, 0] pp, p = 0.5)");
    expect(formatDelta(1.5, null, null, false)).toBe("+1.5");
    expect(formatDelta(null, null, null, true)).toBeNull();
  });

  it("prints small p-values as a bound", () => {
    expect([formatP(0.00004), formatP(0.04567), formatP(1)]).toEqual(["p < 0.001", "p = 0.046", "p = 1"]);
  });
});
