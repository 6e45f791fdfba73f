/**
 * The API shapes the dashboard reads, taken from the types generated from
 * the API's own OpenAPI document (sdk/typescript/src/schema.ts), so the
 * dashboard cannot drift from what the server sends.
 */

import type { Readable } from "openapi-typescript-helpers";
import type { components } from "../../../sdk/typescript/src/schema";

/**
 * Each schema as the typed client hands it back: openapi-fetch reads answers
 * through openapi-typescript-helpers' Readable, which also turns a tuple
 * ([lo, hi]) into an array, so the dashboard's types are those, not the raw
 * components, and a value from the client fits them as is.
 */
type Schemas = { [K in keyof components["schemas"]]: Readable<components["schemas"][K]> };

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export type Project = Schemas["Project"];
export type Benchmark = Schemas["Benchmark"];
/** Request bodies are the raw schemas (what the client sends). */
export type CreateBenchmark = components["schemas"]["CreateBenchmark"];
export type CreateEvalRun = components["schemas"]["CreateEvalRun"];
export type DatasetRevision = Schemas["DatasetRevision"];
export type DatasetRow = Schemas["DatasetRow"];
export type ModelTarget = Schemas["ModelTarget"];
export type AgentTarget = Schemas["AgentTarget"];
export type OutputsTarget = Schemas["OutputsTarget"];
export type Target = ModelTarget | AgentTarget | OutputsTarget;
export type Judge = NonNullable<Schemas["Judge"]>;
export type EvalRun = Schemas["EvalRun"];
export type RunStatus = EvalRun["status"];
export type RunOptions = EvalRun["options"];
export type RunProgress = Schemas["RunProgress"];
export type ScoreCounts = Schemas["ScoreCounts"];
export type ScoreDisplay = Schemas["ScoreDisplay"];
export type Breakdown = Schemas["Breakdown"];
export type Comparison = Schemas["Comparison"];
export type ScoreRow = Schemas["ScoreRow"];
export type Usage = NonNullable<ScoreRow["usage"]>;
export type RunScores = Schemas["RunScores"];
export type CurveSet = Schemas["PassCurve"];
export type CurveRow = NonNullable<CurveSet["rows"]>[number];
export type Trial = Schemas["Trial"];
export type StepsPage = Schemas["StepsPage"];
export type ScorePoint = Schemas["ScoreHistoryPoint"];
export type Board = Schemas["LeaderboardBoardTop"];
export type Submission = Schemas["LeaderboardSubmission"];
export type DriftAlert = Schemas["DriftAlert"];
export type Webhook = Schemas["Webhook"];
/** An error answer (application/problem+json). */
export type Problem = Schemas["Problem"];
export type Trigger = Schemas["Trigger"];
/** A sample row; `seq` is parsed from the id once, by the sample store. */
export type Sample = Schemas["Sample"] & { seq?: number };

export const TERMINAL = new Set(["succeeded", "failed", "cancelled", "timed_out"]);
export const ACTIVE_RUN = new Set(["queued", "running"]);
export type Compare = Schemas["Compare"];
export type CompareBenchmark = Schemas["CompareBenchmark"];
export type CompareTask = Schemas["CompareTask"];
export type RunEstimate = Schemas["RunEstimate"];
export type BudgetReport = NonNullable<Schemas["BudgetReport"]>;
export type Spend = Schemas["Spend"];
export type RunBudget = NonNullable<Schemas["EvalRun"]["options"]["budget"]>;
export type Import = Schemas["Import"];
export type RunTimeline = Schemas["RunTimeline"];
export type TimelineSample = Schemas["RunTimelineSample"];
export type RescoreEvalRun = components["schemas"]["RescoreEvalRun"];

/**
 * The live channel's shapes are defined once, by the zod schemas in src/live
 * (live.ts reads the socket by them); the live set is also documented, by
 * the route's schema (GET /api/eval-runs/{id}/live-set). tsc fails here when
 * the two part: a summary the same both ways, a set the server sends that
 * fits the documented one.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type LiveContractHolds = [
  Holds<Same<components["schemas"]["LiveAttempt"], import("../../../src/live/live-set").LiveAttempt>>,
  Holds<import("../../../src/live/live-set").LiveSet extends components["schemas"]["LiveSet"] ? true : false>,
];
export type RunOverview = Schemas["RunOverview"];
export type OverviewGroup = Schemas["OverviewGroup"];
export type OverviewTiles = Schemas["OverviewTiles"];
export type OverviewMetric = Schemas["OverviewMetric"];
export type OverviewSummary = NonNullable<Schemas["OverviewSummary"]>;
