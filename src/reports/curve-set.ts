/**
 * The pass@j / pass^j curve of one (benchmark, target), with the member
 * counts by n and a note saying in words how members with different n are
 * treated. Pure: no binding, no clock.
 */
import { curveMembers, passCurves, type CurveRow, type MissingPolicy } from "../metrics";
import { measurable, optionsOf, summariesOf, type BenchmarkFacts, type MemberRow, type TargetSlot } from "./member-rows";

export interface CurveSet {
  benchmark_id: string;
  target: TargetSlot;
  k: number | null;
  missing_policy: MissingPolicy;
  /** null when the curve cannot be estimated (nonbinary rewards, nothing scored, benchmark failed). */
  rows: CurveRow[] | null;
  /** Members by their number of binary attempts n (under `unknown`: scored attempts). */
  members_by_n: Record<string, number>;
  /** How rows treat members with different n, in words. */
  note: string;
}

/** How the curve treats members with different n, said plainly. */
function curveNote(byN: Map<number, number>, policy: MissingPolicy): string {
  const ns = [...byN.keys()].sort((x, y) => x - y);
  if (ns.length === 0) return "no member has a binary scored attempt, so no curve";
  const members = [...byN.values()].reduce((s, v) => s + v, 0);
  const source = policy === "as_failure" ? "every selected member counts with n = k, missing attempts failing" : "n is a member's scored attempts";
  if (ns.length === 1) return `all ${members} members have n = ${ns[0]} (${source}); every row averages all of them with equal weight`;
  return (
    `members have different n (${ns[0]} to ${ns.at(-1)}; ${source}): the row for j averages, with equal weight, only the members with n ≥ j ` +
    `(its \`members\`), so rows past j = ${ns[0]} rest on fewer members and need not be monotone in j`
  );
}

/** The pass@j / pass^j curve of one (benchmark, target). */
export function curveSet(b: BenchmarkFacts, target: TargetSlot, rows: readonly MemberRow[], policy: MissingPolicy): CurveSet {
  const base = { benchmark_id: b.benchmark_id, target, k: b.k, missing_policy: policy };
  if (!measurable(b)) {
    return { ...base, rows: null, members_by_n: {}, note: b.status === "failed" ? "the benchmark failed: nothing to estimate" : "not planned yet" };
  }
  const members = curveMembers(summariesOf(rows), optionsOf(b, policy));
  if (members === null) {
    const why = rows.some((r) => r.scored > 0) ? "some reward is not 0 or 1, and the estimators need pass/fail outcomes" : "nothing is scored yet";
    return { ...base, rows: null, members_by_n: {}, note: `no curve: ${why}` };
  }
  const byN = new Map<number, number>();
  for (const m of members) byN.set(m.n, (byN.get(m.n) ?? 0) + 1);
  return {
    ...base,
    rows: passCurves(members),
    members_by_n: Object.fromEntries([...byN.entries()].sort((x, y) => x[0] - y[0]).map(([n, count]) => [String(n), count])),
    note: curveNote(byN, policy),
  };
}
