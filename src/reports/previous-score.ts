/**
 * The previous run side by side: its aggregate for the same (benchmark,
 * target), the difference, and a paired test when both runs measure the
 * same thing. Pure: no binding, no clock.
 */
import { aggregateSummaries, formatDelta, type MissingPolicy, type ScoreCounts } from "../metrics";
import { compareRows, type ABView } from "./ab-view";
import { optionsOf, summariesOf, type BenchmarkFacts, type MemberRow } from "./member-rows";

export interface PreviousScore {
  run_id: string;
  /** The previous run's target slot that ran the same model (set for the previous run, not for a re-score's source). */
  target?: "a" | "b";
  display_name: string | null;
  finished_at: string | null;
  k: number;
  missing_policy: MissingPolicy;
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  score_counts: ScoreCounts;
  display: { score: string | null; coverage: string };
  /** This run's score minus the previous one's; null when either is null. */
  delta: number | null;
  display_delta: string | null;
  /** Same k and missing policy: the two scores measure the same thing. */
  comparable: boolean;
  /** Paired comparison over the tasks both runs share (previous = A, this run = B); null unless comparable. */
  paired: ABView | null;
}

/**
 * The previous run's aggregate beside this one's, with a paired test when both measure the same thing.
 * `current` is this run's score row (a ScoreRow; only these fields are read).
 */
export function previousScore(
  current: { k: number | null; missing_policy: MissingPolicy; score: number | null },
  currentRows: readonly MemberRow[],
  prev: { run_id: string; display_name: string | null; finished_at: string | null; facts: BenchmarkFacts & { k: number; member_count: number }; rows: readonly MemberRow[]; policy: MissingPolicy },
): PreviousScore {
  const agg = aggregateSummaries(summariesOf(prev.rows), optionsOf(prev.facts, prev.policy));
  const comparable = current.k === prev.facts.k && current.missing_policy === prev.policy;
  const delta = current.score !== null && agg.score !== null ? current.score - agg.score : null;
  const unit = [...currentRows, ...prev.rows].every((r) => r.unit);
  return {
    run_id: prev.run_id,
    display_name: prev.display_name,
    finished_at: prev.finished_at,
    k: prev.facts.k,
    missing_policy: prev.policy,
    score: agg.score,
    pass: agg.pass,
    pass_at_k: agg.pass_at_k,
    pass_hat_k: agg.pass_hat_k,
    score_counts: agg.score_counts,
    display: { score: agg.display.score, coverage: agg.display.coverage },
    delta,
    display_delta: formatDelta(delta, null, null, unit),
    comparable,
    paired: comparable ? compareRows(prev.rows, currentRows, prev.facts.k, prev.policy) : null,
  };
}
