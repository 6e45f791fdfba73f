/**
 * A run's results from per-member rows counted in SQL: the aggregate of
 * each (benchmark, target) (DESIGN.md section 3), its per-subset and
 * per-task breakdowns, the A/B comparison of the two targets, the previous
 * run side by side and the pass@j / pass^j curves. The shapes here are the
 * JSON of the results API and the input of the reports. Pure: no binding,
 * no clock.
 *
 * This file is the overview: it holds the shape of the whole /scores view
 * and re-exports each concept from its own module, so importers need only
 * this path.
 */
import type { MissingPolicy } from "../metrics";
import type { ABBenchmark } from "./ab-view";
import type { ScoreRow } from "./score-row";

export {
  measurable,
  optionsOf,
  sortedKeys,
  summariesOf,
  type BenchmarkFacts,
  type MemberRow,
  type TargetSlot,
} from "./member-rows";
export { completeWithPlan } from "./plan-rows";
export { subsetBreakdown } from "./subset-breakdown";
export { taskRows, type TaskRow, type TaskScore } from "./task-rows";
export { aggregateOf, scoreRow, type ScoreRow, type ScoreUsage } from "./score-row";
export { abBenchmark, compareRows, MAX_LISTED_SUBSET_TASKS, MAX_LISTED_TASKS, type ABBenchmark, type ABView } from "./ab-view";
export { previousScore, type PreviousScore } from "./previous-score";
export { curveSet, type CurveSet } from "./curve-set";

/** Everything /scores shows of a run. */
export interface RunScores {
  run_id: string;
  run_status: string;
  missing_policy: MissingPolicy;
  /** One row per (benchmark, target), in benchmark order, target before compare target. */
  scores: ScoreRow[];
  /** Per benchmark: compare target (B) against target (A); empty without a compare target. */
  ab: ABBenchmark[];
}
