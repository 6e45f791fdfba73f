/**
 * The per-task breakdown: each task's aggregate over its k attempts on
 * each target and, for A/B, the difference. Pure: no binding, no clock.
 */
import { aggregateSummaries, type MissingPolicy, type ScoreCounts } from "../metrics";
import { summariesOf, type MemberRow } from "./member-rows";

/** One task's aggregate on one target (its k attempts). */
export interface TaskScore {
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  score_counts: ScoreCounts;
  display: { score: string | null; coverage: string };
}

/** One row of the per-task breakdown: the task on each target and, for A/B, the difference. */
export interface TaskRow {
  task_key: string;
  member_index: number;
  subset: string | null;
  a: TaskScore | null;
  b: TaskScore | null;
  /** b.score − a.score when both have one. */
  delta: number | null;
}

/** One task's aggregate over its k attempts on one target. */
export function taskScore(r: MemberRow, k: number, policy: MissingPolicy): TaskScore {
  const agg = aggregateSummaries(summariesOf([r]), { k, missing_policy: policy, total_members: 1 });
  return {
    score: agg.score,
    pass: agg.pass,
    pass_at_k: agg.pass_at_k,
    pass_hat_k: agg.pass_hat_k,
    score_counts: agg.score_counts,
    display: { score: agg.display.score, coverage: agg.display.coverage },
  };
}

/** The per-task breakdown of member rows (either target), one row per task in member order. */
export function taskRows(rows: readonly MemberRow[], k: number, policy: MissingPolicy): TaskRow[] {
  const byMember = new Map<number, TaskRow>();
  for (const r of rows) {
    let row = byMember.get(r.member_index);
    if (!row) {
      row = { task_key: r.member_key, member_index: r.member_index, subset: r.subset, a: null, b: null, delta: null };
      byMember.set(r.member_index, row);
    }
    row[r.target] = taskScore(r, k, policy);
  }
  const out = [...byMember.values()].sort((x, y) => x.member_index - y.member_index);
  for (const row of out) row.delta = row.a?.score != null && row.b?.score != null ? row.b.score - row.a.score : null;
  return out;
}
