/**
 * A run's results: scores per benchmark and target (aggregates, coverage,
 * intervals, subsets, previous run, A/B), pass@j curves, samples, the
 * per-task breakdown, and score history across the project's runs.
 * Aggregates are computed in SQL per member (src/db/member-tally.ts, read
 * by src/db/results/) and by src/metrics; nothing here loads every attempt.
 *
 * This file composes the folder's one router from its route files (one per
 * route); the mount order is also the order of the OpenAPI document.
 *
 * Routing: /api/eval-runs/history/scores is registered before
 * /api/eval-runs/{id}/scores (a run id always starts with "run_").
 */
import { newRouter } from "../../router";
import { resultsHistoryRoutes } from "./history";
import { resultsMetricsRoutes } from "./metrics";
import { resultsSamplesRoutes } from "./samples";
import { resultsScoresRoutes } from "./scores";
import { resultsTasksRoutes } from "./tasks";

export const resultsRoutes = newRouter()
  .route("/", resultsHistoryRoutes)
  .route("/", resultsScoresRoutes)
  .route("/", resultsMetricsRoutes)
  .route("/", resultsSamplesRoutes)
  .route("/", resultsTasksRoutes);
