/**
 * A run's results: scores per benchmark and target (aggregates, coverage,
 * intervals, subsets, previous run, A/B), pass@j curves, samples, the
 * per-task breakdown, and score history across the project's runs.
 * Aggregates are computed in SQL per member (src/db/results.ts) and by
 * src/metrics; nothing here loads every attempt.
 *
 * This file composes one router from the results-*.ts files (one per
 * route) and re-exports what other files import from it. The mount order
 * is also the order of the OpenAPI document.
 *
 * Routing: /api/eval-runs/history/scores is registered before
 * /api/eval-runs/{id}/scores (a run id always starts with "run_").
 */
import { newRouter } from "../router";
import { resultsHistoryRoutes } from "./results-history";
import { resultsMetricsRoutes } from "./results-metrics";
import { resultsSamplesRoutes } from "./results-samples";
import { resultsScoresRoutes } from "./results-scores";
import { resultsTasksRoutes } from "./results-tasks";

export { Breakdown, Comparison, RunScores, ScoreCounts, ScoreRow } from "./results-score-schemas";
export { ownRun } from "./results-shared";

export const resultsRoutes = newRouter()
  .route("/", resultsHistoryRoutes)
  .route("/", resultsScoresRoutes)
  .route("/", resultsMetricsRoutes)
  .route("/", resultsSamplesRoutes)
  .route("/", resultsTasksRoutes);
