/**
 * The API shapes the dashboard reads (a subset of /api/openapi.json, which
 * is the contract). Fields the server may not send yet are optional.
 */

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface Project {
  id: string;
  name: string;
  plan: string;
  evaluations_enabled: boolean;
  credits: number;
}

export interface Benchmark {
  id: string;
  name: string;
  description: string;
  category: string | null;
  kind: string;
  builtin: boolean;
  dataset: string | null;
  split: string | null;
  prompt_column: string | null;
  prompt_template: string | null;
  answer_column: string | null;
  scoring: { type?: string; pattern?: string; criteria?: string; [k: string]: unknown };
  few_shot: number;
  subsets: string[];
  sample_size: number | null;
  archived: boolean;
  archived_at: string | null;
  used: boolean;
  created_at: string;
  catalog: Record<string, unknown> | null;
}

export interface DatasetRevision {
  id: string;
  ref: string;
  name: string;
  version: number;
  row_count: number;
  columns: { name: string; type: string }[];
  splits: string[];
  subsets: string[];
  global: boolean;
  created_at: string;
}

export interface DatasetRow {
  index: number;
  key: string;
  split: string | null;
  subset: string | null;
  data: Record<string, unknown>;
}

export interface SecretSlot {
  set: true;
}

export interface ModelTarget {
  kind: "model";
  provider: "openai" | "anthropic";
  base_url: string;
  model: string;
  api_key?: SecretSlot;
  params: Record<string, unknown>;
  name?: string;
}

export interface AgentTarget {
  kind: "agent";
  runner_url: string;
  profile: string;
  params: Record<string, unknown>;
  name?: string;
}

export type Target = ModelTarget | AgentTarget;

export interface Judge {
  provider: "openai" | "anthropic";
  base_url: string;
  model: string;
  api_key?: SecretSlot;
}

export type RunStatus = "draft" | "queued" | "running" | "completed" | "failed" | "cancelled";

export interface RunOptions {
  attempts?: number;
  sample_limit?: number;
  few_shot?: number;
  concurrency?: number;
  missing_policy?: string;
  per_benchmark?: Record<string, { sample_limit?: number; few_shot?: number; subsets?: string[] }>;
  [k: string]: unknown;
}

export interface EvalRun {
  id: string;
  display_name: string | null;
  status: RunStatus;
  benchmarks: string[];
  target: Target;
  compare_target: Target | null;
  judge: Judge | null;
  options: RunOptions;
  copied_from: string | null;
  error: string | null;
  created_at: string;
  queued_at: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface RunProgress {
  id: string;
  status: string;
  terminal_attempts: number;
  total_attempts: number | null;
  planned_attempts: number;
  scored_attempts: number;
  in_flight: number;
  counts: Record<string, number>;
  benchmarks: { benchmark_id: string; status: string; error: string | null; members: number | null; attempts: number | null; planned: number }[];
}

export interface ScoreCounts {
  total: number;
  scored: number;
  missing: number;
  invalid: number;
  total_members: number;
  complete_members: number;
}

export interface ScoreDisplay {
  score: string | null;
  pass: string | null;
  pass_at_k: string | null;
  pass_hat_k: string | null;
  labels: { pass_at_k: string; pass_hat_k: string };
  score_with_ci: string | null;
  pass_with_ci: string | null;
  coverage: string;
}

export interface Breakdown {
  key: string | null;
  score: number | null;
  score_counts: ScoreCounts;
  score_ci95: [number, number] | null;
  display: { score: string | null; coverage: string };
}

export interface Comparison {
  key?: string | null;
  delta: number | null;
  delta_ci95: [number, number] | null;
  a_score: number | null;
  b_score: number | null;
  test: { name: string; method: string; p_value: number | null; n_shared: number };
  regressions: string[];
  improvements: string[];
  regressions_count?: number;
  improvements_count?: number;
  display: { delta: string | null };
}

/** Usage and timing means, when the server reports them. */
export interface Usage {
  mean_input_tokens?: number | null;
  mean_output_tokens?: number | null;
  mean_tokens?: number | null;
  mean_latency_ms?: number | null;
  p50_latency_ms?: number | null;
  total_cost?: number | null;
  mean_cost?: number | null;
}

export interface ScoreRow {
  benchmark_id: string;
  benchmark_name: string | null;
  target: "a" | "b";
  target_label: string;
  status: string;
  error: string | null;
  /** Attempts without a reward by error kind, once the run ended. */
  error_counts?: Record<string, number> | null;
  k: number | null;
  member_count: number | null;
  planning_complete?: boolean;
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  score_counts: ScoreCounts | null;
  missing_policy: string;
  uncertainty: { score_ci95: [number, number] | null; pass_ci95: [number, number] | null; n_clusters: number } | null;
  display: ScoreDisplay | null;
  subsets: Breakdown[];
  previous?: { run_id: string; display: { score: string | null; coverage: string }; display_delta: string | null; comparable: boolean } | null;
  usage?: Usage | null;
  /** Reward value → attempts with it, when the server reports a distribution. */
  reward_counts?: Record<string, number> | null;
  /** Mean milliseconds per phase (boot, setup, model, harness, finalize, scoring, other). */
  phases?: Record<string, number> | null;
}

export interface RunScores {
  run_id: string;
  run_status: string;
  missing_policy: string;
  scores: ScoreRow[];
  ab: { benchmark_id: string; benchmark_name: string | null; a_label: string; b_label: string; overall: Comparison; subsets: Comparison[] }[];
}

export interface CurveSet {
  benchmark_id: string;
  target: "a" | "b";
  k: number | null;
  rows: { j: number; pass_at_j: number; pass_hat_j: number; members: number }[] | null;
  note: string;
}

export interface Sample {
  id: string;
  benchmark_id: string;
  target: "a" | "b";
  task_key: string;
  subset: string | null;
  attempt_index: number;
  status: string;
  reward: number | null;
  output: string | null;
  output_truncated?: boolean;
  expected_answer: string | null;
  reason: string | null;
  error: string | null;
  input_tokens?: number | null;
  output_tokens?: number | null;
  latency_ms?: number | null;
  started_at?: string | null;
  finished_at?: string | null;
  /** Parsed from the id once, by the sample store. */
  seq?: number;
}

export const TERMINAL = new Set(["succeeded", "failed", "cancelled", "timed_out"]);
export const ACTIVE_RUN = new Set(["queued", "running"]);
