/**
 * One (benchmark, target) row of a run's scores: its status, then the
 * aggregate of DESIGN.md section 3 and its subset breakdown. A failed or
 * unplanned benchmark has no number. Pure: no binding, no clock.
 */
import { aggregateSummaries, passHatSeries, type Aggregate, type BreakdownRow, type MissingPolicy, type ScoreCounts } from "../metrics";
import { measurable, optionsOf, summariesOf, type BenchmarkFacts, type MemberRow, type TargetSlot } from "./member-rows";
import type { PreviousScore } from "./previous-score";
import type { OutputsMatch } from "../domain/recorded-outputs";
import { subsetBreakdown } from "./subset-breakdown";

export type Headline = "score" | "pass_at_k" | "pass_hat_k";

/**
 * The number a benchmark leads with. Grid puzzles (grid_match, ARC) follow
 * the ARC Prize: a test input counts as solved when either of its two
 * attempts is right, so their headline is pass@k (k = 2 by default, see
 * min_attempts). τ²-bench's leaderboard reports reliability: pass^k, all k
 * attempts at a task succeeding, with pass^1..pass^k beside it (k = 4 by
 * default). Everything else leads with the mean over attempts.
 */
export function headlineOf(scorer: string | null): Headline {
  return scorer === "grid_match" ? "pass_at_k" : scorer === "tau2" ? "pass_hat_k" : "score";
}

/** The results of one (benchmark, target): status, then the aggregate of DESIGN.md section 3 (null when failed or unplanned). */
export interface ScoreRow {
  benchmark_id: string;
  benchmark_name: string | null;
  target: TargetSlot;
  target_label: string;
  status: string;
  error: string | null;
  /** Attempts without a reward by error kind (set once the run ended); why nothing, or not everything, was scored. */
  error_counts: Record<string, number> | null;
  k: number | null;
  member_count: number | null;
  dataset_digest: string | null;
  planning_complete: boolean;
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  /** pass^1..pass^k (the unbiased estimate for each j ≤ k, DESIGN.md §3's curve); null where no curve is (nonbinary rewards, nothing scored, failed). */
  pass_hat: number[] | null;
  /** The number the benchmark leads with (headlineOf). */
  headline: Headline;
  score_counts: ScoreCounts | null;
  missing_policy: MissingPolicy;
  uncertainty: Aggregate["uncertainty"] | null;
  display: Aggregate["display"] | null;
  subsets: BreakdownRow[];
  previous: PreviousScore | null;
  /** A re-score: the source run's score of the same (benchmark, target) with the paired test (source = A, this run = B); set by /scores. */
  source?: PreviousScore | null;
  /** Recorded outputs (an outputs target, a re-score): where they came from and how they matched the tasks; null for a live target. */
  recorded?: OutputsMatch | null;
  /** What the ended attempts consumed; set by /scores (absent in cached history rows). */
  usage?: ScoreUsage | null;
  /** Mean milliseconds per phase of the ended attempts (see phasesOf). */
  phases?: Record<string, number> | null;
  /** The scorer's structured dimensions pooled over scored attempts (src/db/run-dimensions.ts); set by /scores when the scorer reports any. */
  dimensions?: Record<string, { mean: number; weight: number; attempts: number }> | null;
}

export interface ScoreUsage {
  attempts: number;
  mean_input_tokens: number | null;
  mean_output_tokens: number | null;
  mean_latency_ms: number | null;
  /** null when no attempt had a price. */
  total_cost: number | null;
}

/** The aggregate of one (benchmark, target) from its member rows; null when failed or not planned yet. */
export function aggregateOf(b: BenchmarkFacts, rows: readonly MemberRow[], policy: MissingPolicy): Aggregate | null {
  if (!measurable(b)) return null;
  return aggregateSummaries(summariesOf(rows), optionsOf(b, policy));
}

/** The score row of one (benchmark, target). A failed benchmark has its status and error and no number at all. */
export function scoreRow(whole: BenchmarkFacts, target: TargetSlot, label: string, rows: readonly MemberRow[], policy: MissingPolicy): ScoreRow {
  const b = forTarget(whole, target);
  const agg = aggregateOf(b, rows, policy);
  return {
    benchmark_id: b.benchmark_id,
    benchmark_name: b.name,
    target,
    target_label: label,
    status: b.status,
    error: b.error,
    k: b.k,
    member_count: b.member_count,
    error_counts: b.error_counts ?? null,
    dataset_digest: b.dataset_digest,
    planning_complete: b.planning_complete,
    score: agg?.score ?? null,
    pass: agg?.pass ?? null,
    pass_at_k: agg?.pass_at_k ?? null,
    pass_hat_k: agg?.pass_hat_k ?? null,
    pass_hat: agg && measurable(b) ? passHatSeries(summariesOf(rows), optionsOf(b, policy)) : null,
    headline: headlineOf(b.scorer),
    score_counts: agg?.score_counts ?? null,
    missing_policy: policy,
    uncertainty: agg?.uncertainty ?? null,
    display: agg?.display ?? null,
    subsets: agg && measurable(b) ? subsetBreakdown(rows, b.k, policy) : [],
    previous: null,
    recorded: whole.recorded?.[target] ?? null,
  };
}

/**
 * A benchmark's facts as one target saw them: with a compare target, one
 * side may have scored nothing (failed, with its reason) while the other
 * completed and keeps its numbers.
 */
export function forTarget(b: BenchmarkFacts, target: TargetSlot): BenchmarkFacts {
  const cell = b.targets?.[target];
  if (!cell) return b;
  return { ...b, status: cell.status, error: cell.error, error_counts: cell.error_counts };
}
