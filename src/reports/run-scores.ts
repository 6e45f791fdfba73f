/**
 * The shape of the whole /scores view of a run, as the results API returns
 * it and the reports render it: one score row per (benchmark, target) and
 * the A/B comparisons. Each part is its own module (score-row.ts,
 * ab-view.ts, ...). Pure: types only.
 */
import type { MissingPolicy } from "../metrics";
import type { ABBenchmark } from "./ab-view";
import type { ScoreRow } from "./score-row";

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
