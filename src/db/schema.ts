/**
 * Drizzle table definitions mirroring migrations/*.sql (the SQL is the
 * source of truth; keep the two in step). No I/O.
 */
import { sqliteTable, text, integer, real, primaryKey } from "drizzle-orm/sqlite-core";
import type { FewShotPlan } from "../execution/benchmark-plan";
import type { BudgetReport } from "../domain/run-budget";

export const projects = sqliteTable("projects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan").notNull(),
  evaluationsEnabled: integer("evaluations_enabled", { mode: "boolean" }).notNull(),
  credits: integer("credits").notNull(),
  createdAt: text("created_at").notNull(),
});

export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  projectId: text("project_id").notNull(),
  name: text("name").notNull(),
  prefix: text("prefix").notNull(),
  hash: text("hash").notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  createdAt: text("created_at").notNull(),
  lastUsedAt: text("last_used_at"),
  revokedAt: text("revoked_at"),
});

export const datasetRevisions = sqliteTable("dataset_revisions", {
  id: text("id").primaryKey(),
  projectId: text("project_id"),
  name: text("name").notNull(),
  version: integer("version").notNull(),
  digest: text("digest").notNull(),
  rowCount: integer("row_count").notNull(),
  columns: text("columns", { mode: "json" }).$type<{ name: string; type: string }[]>().notNull(),
  splits: text("splits", { mode: "json" }).$type<string[]>().notNull(),
  subsets: text("subsets", { mode: "json" }).$type<string[]>().notNull(),
  format: text("format").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  storagePrefix: text("storage_prefix").notNull(),
  chunkRows: integer("chunk_rows").notNull(),
  source: text("source"),
  createdAt: text("created_at").notNull(),
});

export const benchmarks = sqliteTable("benchmarks", {
  id: text("id").primaryKey(),
  projectId: text("project_id"),
  name: text("name").notNull(),
  description: text("description").notNull(),
  category: text("category"),
  kind: text("kind").notNull(),
  datasetRef: text("dataset_ref"),
  datasetRevisionId: text("dataset_revision_id"),
  split: text("split"),
  promptColumn: text("prompt_column"),
  promptTemplate: text("prompt_template"),
  answerColumn: text("answer_column"),
  scoring: text("scoring", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  options: text("options", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  catalog: text("catalog", { mode: "json" }).$type<Record<string, unknown>>(),
  sampleSize: integer("sample_size"),
  firstUsedAt: text("first_used_at"),
  archivedAt: text("archived_at"),
  createdAt: text("created_at").notNull(),
});

/** The last catalog sync (migration 0029): the digest of the built-in rows it wrote. One row, id 1. */
export const catalogSync = sqliteTable("catalog_sync", {
  id: integer("id").primaryKey(),
  digest: text("digest").notNull(),
  benchmarks: integer("benchmarks").notNull(),
  syncedAt: text("synced_at").notNull(),
});

export const profiles = sqliteTable("profiles", {
  id: text("id").primaryKey(),
  projectId: text("project_id").notNull(),
  name: text("name").notNull(),
  version: text("version").notNull(),
  params: text("params", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  secretNames: text("secret_names", { mode: "json" }).$type<string[]>().notNull(),
  secretParams: text("secret_params"),
  contentDigest: text("content_digest").notNull(),
  createdAt: text("created_at").notNull(),
});

export const evalRuns = sqliteTable("eval_runs", {
  id: text("id").primaryKey(),
  projectId: text("project_id").notNull(),
  displayName: text("display_name"),
  status: text("status").notNull(),
  requestId: text("request_id"),
  /** Keyed digest per top-level field of the create body (RequestDigest); null before it was kept. */
  requestDigest: text("request_digest", { mode: "json" }).$type<Record<string, string>>(),
  benchmarkIds: text("benchmark_ids", { mode: "json" }).$type<string[]>().notNull(),
  target: text("target", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  compareTarget: text("compare_target", { mode: "json" }).$type<Record<string, unknown>>(),
  judge: text("judge", { mode: "json" }).$type<Record<string, unknown>>(),
  options: text("options", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  secrets: text("secrets"),
  copiedFrom: text("copied_from"),
  /** A re-score: the finished run whose stored outputs this run scores again. */
  sourceRunId: text("source_run_id"),
  /** A re-score: the scoring spec applied to each of its benchmarks instead of the benchmark's own. */
  rescoreScoring: text("rescore_scoring", { mode: "json" }).$type<Record<string, unknown>>(),
  error: text("error"),
  /** Attempts without a reward by error kind, set when the run ends (src/domain/run-outcome.ts). */
  errorCounts: text("error_counts", { mode: "json" }).$type<Record<string, number>>(),
  /** Why a cancelled run stopped when no user stopped it: 'budget_exhausted' (src/domain/run-state.ts STOP_REASONS). */
  stopReason: text("stop_reason"),
  /** A budget-exhausted run's figures (src/domain/run-budget.ts BudgetReport). */
  budgetReport: text("budget_report", { mode: "json" }).$type<BudgetReport>(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  queuedAt: text("queued_at"),
  startedAt: text("started_at"),
  finishedAt: text("finished_at"),
  /** How many times the run was resumed (migration 0028). */
  resumes: integer("resumes").notNull().default(0),
  /** The last seq the latest resume has reopened (-1 as it starts; null: never resumed). */
  resumedThrough: integer("resumed_through"),
});

export const runBenchmarks = sqliteTable(
  "run_benchmarks",
  {
    runId: text("run_id").notNull(),
    benchmarkId: text("benchmark_id").notNull(),
    position: integer("position").notNull(),
    status: text("status").notNull(),
    error: text("error"),
    datasetRevisionId: text("dataset_revision_id"),
    /** Attempts without a reward by error kind, set when the run ends. */
    errorCounts: text("error_counts", { mode: "json" }).$type<Record<string, number>>(),
    /** Per target slot, the verdict of src/domain/run-outcome.ts (status, error, requested, scored, error_counts). */
    targetOutcomes: text("target_outcomes", { mode: "json" }).$type<Record<string, unknown>>(),
    datasetDigest: text("dataset_digest"),
    scoring: text("scoring", { mode: "json" }).$type<Record<string, unknown>>(),
    k: integer("k"),
    memberCount: integer("member_count"),
    baseSeq: integer("base_seq"),
    attemptCount: integer("attempt_count"),
    plannedCount: integer("planned_count").notNull(),
    fewShot: text("few_shot", { mode: "json" }).$type<FewShotPlan | number[]>(),
    /** Per target slot whose outputs are recorded: where they came from and how they matched (src/domain/recorded-outputs.ts). */
    recorded: text("recorded", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.benchmarkId] })],
);

export const attempts = sqliteTable(
  "attempts",
  {
    runId: text("run_id").notNull(),
    seq: integer("seq").notNull(),
    benchmarkId: text("benchmark_id").notNull(),
    target: text("target").notNull(),
    memberKey: text("member_key").notNull(),
    memberIndex: integer("member_index").notNull(),
    rowIndex: integer("row_index").notNull(),
    taskDigest: text("task_digest").notNull(),
    subset: text("subset"),
    attemptIndex: integer("attempt_index").notNull(),
    status: text("status").notNull(),
    reward: real("reward"),
    structured: text("structured", { mode: "json" }).$type<Record<string, unknown>>(),
    output: text("output"),
    /** The R2 object (the attempt's transcript) holding a long output; `output` is then null (migration 0035). */
    outputKey: text("output_key"),
    reason: text("reason"),
    error: text("error"),
    exitCode: integer("exit_code"),
    tries: integer("tries").notNull(),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    cost: real("cost"),
    latencyMs: integer("latency_ms"),
    transcriptKey: text("transcript_key"),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    /** 1 when the reply came from the response cache, not a model call (migration 0024). */
    cached: integer("cached"),
    /** 1 when the reply was cut by the output-token limit, 0 when not, null when not recorded (migration 0027). */
    truncated: integer("truncated"),
    /** Replies the target model gave where Assay counted them (τ²'s agent replies, the bash harness's model calls); null when not counted (migration 0046). */
    turns: integer("turns"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

export const runLogs = sqliteTable("run_logs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  runId: text("run_id").notNull(),
  at: text("at").notNull(),
  level: text("level").notNull(),
  event: text("event").notNull(),
  attemptSeq: integer("attempt_seq"),
  message: text("message").notNull(),
});

export type ProjectRow = typeof projects.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type DatasetRevisionRow = typeof datasetRevisions.$inferSelect;
export type BenchmarkRow = typeof benchmarks.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type EvalRunRow = typeof evalRuns.$inferSelect;
export type RunBenchmarkRow = typeof runBenchmarks.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type RunLogRow = typeof runLogs.$inferSelect;
