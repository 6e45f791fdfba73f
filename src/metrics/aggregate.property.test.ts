// Property tests: the aggregate against a brute-force reading of the seed's
// definitions, on random runs with missing, invalid, queued and nonbinary
// attempts, under both missing policies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregate, aggregateSummaries } from "./aggregate";
import { curveMembers, passCurves } from "./curves";
import { outcomesOf, type Slot } from "./fixtures";
import { summarize } from "./summarize";
import type { AggregateOptions, MissingPolicy } from "./types";

interface RandomRun {
  k: number;
  /** Slot lists of the members with outcomes; undefined = no outcome row for that slot. */
  members: (Slot | undefined)[][];
  /** Selected members that have no outcome row at all. */
  silent: number;
  policy: MissingPolicy;
}

const slot = (binary: boolean): fc.Arbitrary<Slot | undefined> =>
  fc.oneof(
    { arbitrary: binary ? fc.constantFrom(0, 1) : fc.oneof(fc.constantFrom(0, 1), fc.double({ min: -2, max: 3, noNaN: true })), weight: 6 },
    { arbitrary: fc.constantFrom<Slot | undefined>(null, "invalid", "queued", undefined), weight: 2 },
  );

const randomRun: fc.Arbitrary<RandomRun> = fc
  .record({ k: fc.integer({ min: 1, max: 4 }), binary: fc.boolean(), policy: fc.constantFrom<MissingPolicy>("unknown", "as_failure") })
  .chain(({ k, binary, policy }) =>
    fc.record({
      k: fc.constant(k),
      members: fc.array(fc.array(slot(binary), { minLength: k, maxLength: k }), { maxLength: 8 }),
      silent: fc.integer({ min: 0, max: 3 }),
      policy: fc.constant(policy),
    }),
  );

function outcomesOfRun(run: RandomRun) {
  return outcomesOf(Object.fromEntries(run.members.map((slots, i) => [`m${i}`, slots])));
}

function optsOf(run: RandomRun): AggregateOptions {
  return { k: run.k, missing_policy: run.policy, total_members: run.members.length + run.silent };
}

/** The seed's definitions, slot by slot, with nothing shared with the implementation. */
function reference(run: RandomRun) {
  const { k } = run;
  const M = run.members.length + run.silent;
  const all: (Slot | undefined)[][] = [...run.members, ...Array.from({ length: run.silent }, () => Array<undefined>(k).fill(undefined))];
  const isReward = (s: Slot | undefined): s is number => typeof s === "number";
  const rewards = all.flat().filter(isReward);
  const binary = rewards.every((r) => r === 0 || r === 1);
  const complete = all.filter((slots) => slots.every(isReward));
  const counts = {
    total: M * k,
    scored: rewards.length,
    missing: M * k - rewards.length,
    invalid: all.flat().filter((s) => s === "invalid").length,
    total_members: M,
    complete_members: complete.length,
  };
  if (rewards.length === 0) return { score: null, pass: null, pass_at_k: null, pass_hat_k: null, counts };
  if (run.policy === "unknown") {
    const score = rewards.reduce((a, b) => a + b, 0) / rewards.length;
    const km = binary && complete.length > 0;
    return {
      score,
      pass: binary ? score : null,
      pass_at_k: km ? complete.filter((s) => s.some((r) => r === 1)).length / complete.length : null,
      pass_hat_k: km ? complete.filter((s) => s.every((r) => r === 1)).length / complete.length : null,
      counts,
    };
  }
  const asZero = all.map((slots) => slots.map((s) => (isReward(s) ? s : 0)));
  const score = asZero.flat().reduce((a, b) => a + b, 0) / (M * k);
  return {
    score,
    pass: binary ? score : null,
    pass_at_k: binary ? asZero.filter((s) => s.some((r) => r === 1)).length / M : null,
    pass_hat_k: binary ? asZero.filter((s) => s.every((r) => r === 1)).length / M : null,
    counts,
  };
}

const close = (x: number | null, y: number | null) => (x === null || y === null ? x === y : Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y)));

describe("aggregate: properties", () => {
  it("matches the brute-force reference on random runs", () => {
    fc.assert(
      fc.property(randomRun, (run) => {
        const agg = aggregate(outcomesOfRun(run), optsOf(run));
        const ref = reference(run);
        expect(agg.score_counts).toEqual(ref.counts);
        expect(agg.missing_policy).toBe(run.policy);
        for (const key of ["score", "pass", "pass_at_k", "pass_hat_k"] as const) {
          expect(close(agg[key], ref[key]), `${key}: ${agg[key]} vs ${ref[key]}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("does not depend on the order of outcomes", () => {
    fc.assert(
      fc.property(
        randomRun.chain((run) => fc.tuple(fc.constant(run), fc.shuffledSubarray(outcomesOfRun(run), { minLength: outcomesOfRun(run).length }))),
        ([run, shuffled]) => {
          const x = aggregate(outcomesOfRun(run), optsOf(run));
          const y = aggregate(shuffled, optsOf(run));
          expect(y.score_counts).toEqual(x.score_counts);
          expect(close(y.score, x.score) && close(y.uncertainty.score_se, x.uncertainty.score_se)).toBe(true);
        },
      ),
    );
  });

  it("gives the same aggregate from member summaries", () => {
    fc.assert(
      fc.property(randomRun, (run) => {
        const outcomes = outcomesOfRun(run);
        expect(aggregateSummaries(summarize(outcomes, optsOf(run)), optsOf(run))).toEqual(aggregate(outcomes, optsOf(run)));
      }),
    );
  });

  it("keeps score inside its interval, and the interval inside [0, 1] for rewards in [0, 1]", () => {
    fc.assert(
      fc.property(randomRun, (run) => {
        const agg = aggregate(outcomesOfRun(run), optsOf(run));
        const ci = agg.uncertainty.score_ci95;
        if (ci === null || agg.score === null) return;
        expect(ci[0] <= agg.score + 1e-12 && agg.score <= ci[1] + 1e-12).toBe(true);
        const unit = run.members.flat().every((s) => typeof s !== "number" || (s >= 0 && s <= 1));
        if (unit) expect(ci[0] >= 0 && ci[1] <= 1).toBe(true);
      }),
    );
  });

  it("has a curve whose j = k row equals pass@k and pass^k", () => {
    fc.assert(
      fc.property(randomRun, (run) => {
        const opts = optsOf(run);
        const outcomes = outcomesOfRun(run);
        const agg = aggregate(outcomes, opts);
        const members = curveMembers(summarize(outcomes, opts), opts);
        if (agg.pass === null) {
          expect(members).toBeNull();
          return;
        }
        const row = passCurves(members!).find((r) => r.j === run.k);
        expect(row === undefined ? null : row.pass_at_j).toSatisfy((v: number | null) => close(v, agg.pass_at_k));
        expect(row === undefined ? null : row.pass_hat_j).toSatisfy((v: number | null) => close(v, agg.pass_hat_k));
      }),
      { numRuns: 300 },
    );
  });
});
