/**
 * The API shapes the dashboard reads, taken from the types generated from
 * the API's own OpenAPI document (sdk/typescript/src/schema.ts), so the
 * dashboard cannot drift from what the server sends.
 */

import type { components } from "../../../sdk/typescript/src/schema";

type Schemas = components["schemas"];

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export type Project = Schemas["Project"];
export type Benchmark = Schemas["Benchmark"];
export type DatasetRevision = Schemas["DatasetRevision"];
export type DatasetRow = Schemas["DatasetRow"];
export type ModelTarget = Schemas["ModelTarget"];
export type AgentTarget = Schemas["AgentTarget"];
export type Target = ModelTarget | AgentTarget;
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
/** A sample row; `seq` is parsed from the id once, by the sample store. */
export type Sample = Schemas["Sample"] & { seq?: number };

export const TERMINAL = new Set(["succeeded", "failed", "cancelled", "timed_out"]);
export const ACTIVE_RUN = new Set(["queued", "running"]);
