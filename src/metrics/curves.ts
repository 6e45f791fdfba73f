/**
 * pass@j and pass^j curves from the unbiased per-member estimators
 *   pass@j = 1 − C(n−c, j)/C(n, j),   pass^j = C(c, j)/C(n, j)
 * (n binary attempts of a member, c of them passing), averaged with equal
 * member weight. No I/O.
 *
 * Members with different n: a member with n attempts can only estimate
 * j ≤ n, so the row for j averages the members with n ≥ j and says how
 * many (`members`). Rows past the smallest n therefore rest on fewer
 * members and need not be monotone in j; read `members` before comparing
 * rows. Members with n = 0 estimate nothing and are left out.
 *
 * Binomial ratios are computed as running products of factors ≤ 1,
 * C(m, j)/C(n, j) = Π_{i<j} (m−i)/(n−i), never as factorials, so n in the
 * thousands stays exact to rounding; each member costs O(n) for all j.
 */
import { clustersOf } from "./aggregate";
import { checkSummaries } from "./summarize";
import type { AggregateOptions, MemberSummary } from "./types";

export interface CurveMember {
  /** Binary attempts of the member. */
  n: number;
  /** Passing attempts among them. */
  c: number;
}

export interface CurveRow {
  j: number;
  pass_at_j: number;
  pass_hat_j: number;
  /** Members averaged for this j (those with n ≥ j). */
  members: number;
}

/** The curve for j = 1..max n; empty when no member has an attempt. */
export function passCurves(members: readonly CurveMember[]): CurveRow[] {
  let maxN = 0;
  for (const m of members) {
    if (!Number.isInteger(m.n) || !Number.isInteger(m.c) || m.n < 0 || m.c < 0 || m.c > m.n) {
      throw new RangeError(`curve member needs integers 0 ≤ c ≤ n, got n=${m.n} c=${m.c}`);
    }
    maxN = Math.max(maxN, m.n);
  }
  const atSum = new Array<number>(maxN + 1).fill(0);
  const hatSum = new Array<number>(maxN + 1).fill(0);
  const count = new Array<number>(maxN + 1).fill(0);
  for (const { n, c } of members) {
    let failRatio = 1; // C(n−c, j)/C(n, j): all j drawn attempts fail
    let passRatio = 1; // C(c, j)/C(n, j): all j drawn attempts pass
    for (let j = 1; j <= n; j++) {
      failRatio *= Math.max(0, n - c - (j - 1)) / (n - (j - 1));
      passRatio *= Math.max(0, c - (j - 1)) / (n - (j - 1));
      atSum[j]! += 1 - failRatio;
      hatSum[j]! += passRatio;
      count[j]! += 1;
    }
  }
  const rows: CurveRow[] = [];
  for (let j = 1; j <= maxN; j++) {
    rows.push({ j, pass_at_j: atSum[j]! / count[j]!, pass_hat_j: hatSum[j]! / count[j]!, members: count[j]! });
  }
  return rows;
}

/**
 * The curve members of one aggregate, under its missing policy: under
 * `unknown` each member with a scored attempt gives n = scored attempts
 * (a partly scored member still estimates small j); under `as_failure`
 * every selected member gives n = k, missing attempts failing. So the
 * j = k row equals pass@k and pass^k of the same aggregate. Null, like
 * the aggregate's binary metrics, when a reward is not 0 or 1 (the
 * estimators need binary outcomes) or when nothing is scored.
 */
export function curveMembers(summaries: readonly MemberSummary[], opts: AggregateOptions): CurveMember[] | null {
  checkSummaries(summaries, opts);
  if (!summaries.every((s) => s.binary) || !summaries.some((s) => s.scored > 0)) return null;
  return clustersOf(summaries, opts)
    .filter((c) => c.count > 0)
    .map((c) => ({ n: c.count, c: c.sum }));
}

/**
 * pass^1..pass^k of one aggregate: the curve's pass^j for j = 1..k (τ²'s
 * headline series; its last value is the aggregate's pass^k when every
 * member is complete). Null where the curve is: a reward not 0 or 1, or
 * nothing scored.
 */
export function passHatSeries(summaries: readonly MemberSummary[], opts: AggregateOptions): number[] | null {
  const members = curveMembers(summaries, opts);
  if (members === null) return null;
  return passCurves(members)
    .filter((r) => r.j <= opts.k)
    .map((r) => r.pass_hat_j);
}
