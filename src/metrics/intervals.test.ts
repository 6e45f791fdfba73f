import { describe, expect, it } from "vitest";
import { aggregate } from "./aggregate";
import { binomialTwoSidedHalf, chiSquare1Upper, incompleteBeta, tCritical, Z95 } from "./distributions";
import { clusteredMean, clusteredWilson, meanInterval, wilson } from "./intervals";
import { mulberry32 } from "../domain/random";
import type { AttemptOutcome } from "./types";

describe("distributions", () => {
  it.each([
    [1, 12.706204736174694],
    [2, 4.302652729749462],
    [5, 2.5705818356363146],
    [10, 2.228138851986274],
    [30, 2.0422724563012378],
    [100, 1.9839715185235518],
    [Infinity, Z95],
  ])("t(0.975, %d) = %f", (df, expected) => {
    expect(tCritical(df)).toBeCloseTo(expected, 8);
  });

  it("computes the incomplete beta at known points", () => {
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.2, 2, 3)).toBeCloseTo(0.1808, 12);
  });

  it("computes chi-square(1) tails and exact binomial tails", () => {
    expect(chiSquare1Upper(3.841458820694124)).toBeCloseTo(0.05, 6);
    expect(binomialTwoSidedHalf(1, 10)).toBeCloseTo(22 / 1024, 14);
    expect(binomialTwoSidedHalf(3, 20)).toBeCloseTo(0.0025768280029296875, 14);
    expect(binomialTwoSidedHalf(12, 24)).toBe(1);
    expect(binomialTwoSidedHalf(40, 100)).toBeCloseTo(0.05688793364098089, 10);
    expect(binomialTwoSidedHalf(20, 60)).toBeCloseTo(0.01348929373119186, 10);
  });
});

describe("wilson", () => {
  it.each([
    [12, 20, 0.38658150076225317, 0.7811934676271829],
    [600, 1000, 0.5693094295142662, 0.6299252187886226],
    [20, 20, 0.8388748419471806, 1],
    [0, 7, 0, 0.3543304350666875],
  ])("%d/%d → [%f, %f]", (s, n, lo, hi) => {
    const ci = wilson(s, n)!;
    expect(ci[0]).toBeCloseTo(lo, 12);
    expect(ci[1]).toBeCloseTo(hi, 12);
  });

  it("is null with no trial", () => {
    expect(wilson(0, 0)).toBeNull();
  });
});

describe("clusteredWilson", () => {
  const members = (rows: number[][]) => clusteredMean(rows.map((r) => ({ sum: r.reduce((a, b) => a + b, 0), count: r.length })))!;

  it("is plain Wilson with one observation per member", () => {
    expect(clusteredWilson(members([[1], [0], [1], [1]]))).toEqual(wilson(3, 4));
  });

  it("never collapses at 0% or 100%, and counts each member once there", () => {
    const all = members(Array.from({ length: 30 }, () => [1, 1, 1, 1]));
    const ci = clusteredWilson(all)!;
    expect(ci[1]).toBeCloseTo(1, 12);
    expect(ci[0]).toBeLessThan(0.95);
    // Worst case: 30 effective observations, less the small-sample t adjustment.
    expect(ci[0]).toBeLessThan(wilson(30, 30)![0]);
    const none = clusteredWilson(members(Array.from({ length: 30 }, () => [0, 0, 0, 0])))!;
    expect(none[0]).toBeCloseTo(0, 12);
    expect(none[1]).toBeGreaterThan(0.05);
  });

  it("is wider for members whose attempts agree than for independent attempts", () => {
    const agree = clusteredWilson(members([[1, 1], [1, 1], [0, 0], [0, 0], [1, 1], [0, 0]]))!;
    const mixed = clusteredWilson(members([[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1]]))!;
    expect(agree[1] - agree[0]).toBeGreaterThan(mixed[1] - mixed[0]);
    // A design effect below 1 is not credited: no narrower than Wilson on the attempts, bar the t adjustment.
    expect(mixed[1] - mixed[0]).toBeGreaterThanOrEqual(wilson(6, 12)![1] - wilson(6, 12)![0]);
  });

  it("is null with one member of several attempts, or none", () => {
    expect(clusteredWilson(members([[1, 0, 1]]))).toBeNull();
    expect(clusteredWilson({ mean: 0, se: null, n: 0, clusters: 0 })).toBeNull();
  });
});

describe("clusteredMean", () => {
  it("has no standard error with fewer than two clusters", () => {
    expect(clusteredMean([{ sum: 3, count: 4 }, { sum: 0, count: 0 }])).toEqual({ mean: 0.75, se: null, n: 4, clusters: 1 });
    expect(clusteredMean([])).toBeNull();
    expect(meanInterval({ mean: 0.75, se: null, n: 4, clusters: 1 }, true)).toBeNull();
  });

  it("is the usual sd/√n with one observation per cluster", () => {
    const ys = [3, 7, 8, 1, 5.5];
    const mean = ys.reduce((a, b) => a + b) / ys.length;
    const sd = Math.sqrt(ys.reduce((a, y) => a + (y - mean) ** 2, 0) / (ys.length - 1));
    expect(clusteredMean(ys.map((y) => ({ sum: y, count: 1 })))!.se).toBeCloseTo(sd / Math.sqrt(ys.length), 12);
  });
});

// Coverage of the 95% interval of score, checked by simulation: members
// drawn from a population, attempts drawn per member. 2,000 runs put the
// estimated coverage within ±0.01 of the truth (two standard errors).
describe("coverage by simulation", () => {
  const RUNS = 2000;

  function simulate(members: number, k: number, draw: (rand: () => number) => (rand: () => number) => number, trueMean: number, flatten: boolean): number {
    const rand = mulberry32(12345);
    let covered = 0;
    for (let r = 0; r < RUNS; r++) {
      const outcomes: AttemptOutcome[] = [];
      for (let m = 0; m < members; m++) {
        const attempt = draw(rand);
        for (let i = 0; i < k; i++) {
          const reward = attempt(rand);
          // flatten: pretend every attempt is its own member, i.e. ignore the clustering.
          outcomes.push(flatten ? { member: `${m}.${i}`, attempt_index: 0, reward, terminal: true, dispatched: true } : { member: `${m}`, attempt_index: i, reward, terminal: true, dispatched: true });
        }
      }
      const agg = flatten
        ? aggregate(outcomes, { k: 1, missing_policy: "unknown", total_members: members * k })
        : aggregate(outcomes, { k, missing_policy: "unknown", total_members: members });
      const ci = agg.uncertainty.score_ci95!;
      if (ci[0] <= trueMean && trueMean <= ci[1]) covered += 1;
    }
    return covered / RUNS;
  }

  // Each member has its own pass probability p ~ U(0, 1); attempts are Bernoulli(p).
  const heterogeneous = (rand: () => number) => {
    const p = rand();
    return (r: () => number) => (r() < p ? 1 : 0);
  };

  it("is about 95% for binary rewards clustered by member (k = 4, 40 members)", () => {
    const coverage = simulate(40, 4, heterogeneous, 0.5, false);
    expect(coverage).toBeGreaterThan(0.93);
    expect(coverage).toBeLessThan(0.97);
  });

  it("would be far below 95% if the clustering were ignored", () => {
    expect(simulate(40, 4, heterogeneous, 0.5, true)).toBeLessThan(0.9);
  });

  it("is about 95% for continuous rewards with k = 1 (30 members)", () => {
    // reward = u², mean 1/3.
    const coverage = simulate(30, 1, () => (r) => r() ** 2, 1 / 3, false);
    expect(coverage).toBeGreaterThan(0.93);
    expect(coverage).toBeLessThan(0.97);
  });

  // Near the boundary the t interval collapses (all 120 pass → [100%, 100%]) and covers the truth far less often than 95%.
  const bernoulli = (p: number) => () => (r: () => number) => (r() < p ? 1 : 0);
  const clusteredNear = (p: number) => (rand: () => number) => {
    // Members differ: a member's own rate is p·2·u (mean p), so attempts of one member agree more than chance.
    const own = Math.min(1, p * 2 * rand());
    return (r: () => number) => (r() < own ? 1 : 0);
  };
  const flip = (draw: (rand: () => number) => (rand: () => number) => number) => (rand: () => number) => {
    const attempt = draw(rand);
    return (r: () => number) => 1 - attempt(r);
  };

  it.each([
    ["p = 0.01, k = 1, 120 members", 120, 1, bernoulli(0.01), 0.01],
    ["p = 0.99, k = 1, 120 members", 120, 1, flip(bernoulli(0.01)), 0.99],
    ["p = 0.02, k = 4, 60 members", 60, 4, clusteredNear(0.02), 0.02],
    ["p = 0.98, k = 4, 60 members", 60, 4, flip(clusteredNear(0.02)), 0.98],
  ] as const)("covers at least 93%% near the boundary: %s", (_, members, k, draw, truth) => {
    expect(simulate(members, k, draw, truth, false)).toBeGreaterThan(0.93);
  });

  it("is about 95% for the Wilson interval of a pass rate (n = 200, p = 0.3)", () => {
    const rand = mulberry32(99);
    let covered = 0;
    for (let r = 0; r < RUNS; r++) {
      let s = 0;
      for (let i = 0; i < 200; i++) if (rand() < 0.3) s += 1;
      const [lo, hi] = wilson(s, 200)!;
      if (lo <= 0.3 && 0.3 <= hi) covered += 1;
    }
    expect(covered / RUNS).toBeGreaterThan(0.93);
    expect(covered / RUNS).toBeLessThan(0.97);
  });
});
