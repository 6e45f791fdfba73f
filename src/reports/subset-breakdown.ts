/**
 * Per-subset metrics of one (benchmark, target): each subset aggregated on
 * its own from its member rows. Pure: no binding, no clock.
 */
import { aggregateSummaries, passHatSeries, type Aggregate, type AggregateOptions, type BreakdownRow, type MissingPolicy } from "../metrics";
import { groupBySubset, sortedKeys, summariesOf, type MemberRow } from "./member-rows";

function breakdownRow(key: string | null, agg: Aggregate, passHat: number[] | null): BreakdownRow {
  return {
    key,
    score: agg.score,
    pass: agg.pass,
    pass_at_k: agg.pass_at_k,
    pass_hat_k: agg.pass_hat_k,
    pass_hat: passHat,
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
    const opts: AggregateOptions = { k, missing_policy: policy, total_members: list.length };
    const summaries = summariesOf(list);
    return breakdownRow(key, aggregateSummaries(summaries, opts), passHatSeries(summaries, opts));
  });
}
