/**
 * Per-subset metrics of one (benchmark, target): each subset aggregated on
 * its own from its member rows. Pure: no binding, no clock.
 */
import { aggregateSummaries, type Aggregate, type BreakdownRow, type MissingPolicy } from "../metrics";
import { groupBySubset, sortedKeys, summariesOf, type MemberRow } from "./member-rows";

function breakdownRow(key: string | null, agg: Aggregate): BreakdownRow {
  return {
    key,
    score: agg.score,
    pass: agg.pass,
    pass_at_k: agg.pass_at_k,
    pass_hat_k: agg.pass_hat_k,
    score_counts: agg.score_counts,
    score_ci95: agg.uncertainty.score_ci95,
    display: { score: agg.display.score, coverage: agg.display.coverage },
  };
}

/**
 * Metrics per subset: each subset aggregated on its own, its members those
 * with attempt rows in it (every selected member once planning is done).
 */
export function subsetBreakdown(rows: readonly MemberRow[], k: number, policy: MissingPolicy): BreakdownRow[] {
  const groups = groupBySubset(rows);
  return sortedKeys(groups.keys()).map((key) => {
    const list = groups.get(key)!;
    return breakdownRow(key, aggregateSummaries(summariesOf(list), { k, missing_policy: policy, total_members: list.length }));
  });
}
