/**
 * A/B comparison of two runs over the members they share: the difference
 * in score, its 95% interval and a paired test, plus the members that got
 * worse or better. No I/O; resampling uses a seeded PRNG.
 *
 * - A member's value is the mean reward of its scored attempts (under
 *   as_failure: of its k slots, missing as 0). Under `unknown` a member is
 *   shared when it has a scored attempt on both sides; the others are left
 *   out and counted in `excluded_members`. Under `as_failure` every member
 *   named on either side is shared.
 * - delta = mean over shared members of (B − A): equal member weight, so
 *   it equals the difference of the two scores over the shared members
 *   whenever each member has as many scored attempts on both sides.
 * - Test: McNemar when both sides have binary rewards and k = 1 (member
 *   values are pass/fail) — the exact binomial test below 25 discordant
 *   pairs, else chi-square with continuity correction — with the paired t
 *   interval of the differences. Otherwise (nonbinary rewards, or k > 1
 *   where a member's value is a mean) a paired bootstrap over members:
 *   percentile interval, and the two-sided p-value of the centred
 *   bootstrap, (1 + #{|δ* − δ| ≥ |δ|}) / (B + 1).
 * - Fewer than two shared members: no interval and no p-value.
 */
import { binomialTwoSidedHalf, chiSquare1Upper } from "./distributions";
import { formatDelta } from "./display";
import { clusteredMean, meanInterval } from "./intervals";
import { resampledMeans } from "../domain/random";
import { checkSummaries, summarize } from "./summarize";
import type { AggregateOptions, AttemptOutcome, Interval, MemberSummary, MissingPolicy } from "./types";

/** Below this many discordant pairs McNemar uses the exact binomial test. */
export const MCNEMAR_EXACT_BELOW = 25;
export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 20240601;

export interface PairedTest {
  name: "mcnemar" | "paired_bootstrap";
  method: "exact_binomial" | "chi_square_continuity" | "bootstrap";
  /** Two-sided; null with fewer than two shared members. */
  p_value: number | null;
  n_shared: number;
  /** McNemar only: members failing on A and passing on B. */
  b01: number | null;
  /** McNemar only: members passing on A and failing on B. */
  b10: number | null;
}

export interface ABComparison {
  /** Mean over shared members of B − A; null when none is shared. */
  delta: number | null;
  delta_ci95: Interval | null;
  /** Member-weighted scores of each side over the shared members. */
  a_score: number | null;
  b_score: number | null;
  test: PairedTest;
  /** Members named on a side but without a scored attempt on both (unknown policy only). */
  excluded_members: number;
  /** Shared members whose value is lower on B, largest drop first (pass on A, fail on B for pass/fail). */
  regressions: string[];
  /** Shared members whose value is higher on B, largest gain first. */
  improvements: string[];
  missing_policy: MissingPolicy;
  display: { delta: string | null };
}

export interface CompareConfig {
  resamples?: number;
  seed?: number;
}

/** McNemar's test on the discordant counts. */
export function mcnemar(b01: number, b10: number): { p_value: number; method: PairedTest["method"] } {
  const n = b01 + b10;
  if (n < MCNEMAR_EXACT_BELOW) return { p_value: binomialTwoSidedHalf(b01, n), method: "exact_binomial" };
  const stat = (Math.abs(b01 - b10) - 1) ** 2 / n;
  return { p_value: chiSquare1Upper(stat), method: "chi_square_continuity" };
}

function quantile(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Paired bootstrap of the mean difference: percentile 95% interval and centred two-sided p-value. */
export function pairedBootstrap(diffs: readonly number[], resamples = DEFAULT_RESAMPLES, seed = DEFAULT_SEED): { ci95: Interval; p_value: number } {
  const n = diffs.length;
  if (n === 0) throw new RangeError("bootstrap needs at least one difference");
  const observed = diffs.reduce((a, d) => a + d, 0) / n;
  const means = resampledMeans(diffs, resamples, seed);
  let extreme = 0;
  // Tolerance: resampled means of equal values differ from `observed` by rounding only.
  for (const m of means) if (Math.abs(m - observed) >= Math.abs(observed) - 1e-12) extreme += 1;
  means.sort();
  return { ci95: [quantile(means, 0.025), quantile(means, 0.975)], p_value: (1 + extreme) / (resamples + 1) };
}

function valueOf(s: MemberSummary | undefined, opts: AggregateOptions): number | null {
  if (opts.missing_policy === "as_failure") return s ? s.sum / opts.k : 0;
  return s && s.scored > 0 ? s.sum / s.scored : null;
}

/** Compares run B against run A (same k, policy and member set) from attempt outcomes. */
export function compareAB(a: readonly AttemptOutcome[], b: readonly AttemptOutcome[], opts: AggregateOptions, config: CompareConfig = {}): ABComparison {
  return compareSummaries(summarize(a, opts), summarize(b, opts), opts, config);
}

/** `compareAB` from per-member summaries. */
export function compareSummaries(
  a: readonly MemberSummary[],
  b: readonly MemberSummary[],
  opts: AggregateOptions,
  config: CompareConfig = {},
): ABComparison {
  checkSummaries(a, opts);
  checkSummaries(b, opts);
  const byA = new Map(a.map((s) => [s.member, s]));
  const byB = new Map(b.map((s) => [s.member, s]));
  const names = [...new Set([...byA.keys(), ...byB.keys()])].sort();
  const pairs: { member: string; a: number; b: number }[] = [];
  let excluded = 0;
  for (const member of names) {
    const va = valueOf(byA.get(member), opts);
    const vb = valueOf(byB.get(member), opts);
    if (va === null || vb === null) excluded += 1;
    else pairs.push({ member, a: va, b: vb });
  }
  const binary = [...a, ...b].every((s) => s.binary);
  const unitScale = [...a, ...b].every((s) => s.unit);
  const useMcnemar = binary && opts.k === 1;
  const n = pairs.length;
  const diffs = pairs.map((p) => p.b - p.a);
  const delta = n === 0 ? null : diffs.reduce((s, d) => s + d, 0) / n;

  let test: PairedTest;
  let ci: Interval | null = null;
  if (useMcnemar) {
    const b01 = pairs.filter((p) => p.a === 0 && p.b === 1).length;
    const b10 = pairs.filter((p) => p.a === 1 && p.b === 0).length;
    const m = mcnemar(b01, b10);
    test = { name: "mcnemar", method: m.method, p_value: n < 2 ? null : m.p_value, n_shared: n, b01, b10 };
    const est = clusteredMean(diffs.map((d) => ({ sum: d, count: 1 })));
    ci = est === null ? null : meanInterval(est, false);
  } else {
    test = { name: "paired_bootstrap", method: "bootstrap", p_value: null, n_shared: n, b01: null, b10: null };
    if (n >= 2) {
      const boot = pairedBootstrap(diffs, config.resamples ?? DEFAULT_RESAMPLES, config.seed ?? DEFAULT_SEED);
      ci = boot.ci95;
      test.p_value = boot.p_value;
    }
  }
  const byDrop = (x: { member: string; a: number; b: number }, y: { member: string; a: number; b: number }) =>
    Math.abs(y.b - y.a) - Math.abs(x.b - x.a) || (x.member < y.member ? -1 : 1);
  const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, v) => s + v, 0) / xs.length);
  return {
    delta,
    delta_ci95: ci,
    a_score: mean(pairs.map((p) => p.a)),
    b_score: mean(pairs.map((p) => p.b)),
    test,
    excluded_members: excluded,
    regressions: pairs.filter((p) => p.b < p.a).sort(byDrop).map((p) => p.member),
    improvements: pairs.filter((p) => p.b > p.a).sort(byDrop).map((p) => p.member),
    missing_policy: opts.missing_policy,
    display: { delta: formatDelta(delta, ci, test.p_value, unitScale) },
  };
}
