/**
 * How an eval run reads in the API: the run view schema (EvalRun, with keys
 * shown only as {set: true}) and the row → view mapping, shared by the
 * eval-runs and triggers routes. No I/O.
 */
import { z } from "@hono/zod-openapi";
import type { EvalRunRow } from "../../../src/db/schema";
import { RunOptions } from "../../../src/domain/run-options";
import { isRecorded } from "../../../src/domain/recorded-outputs";
import { RUN_STATUSES, STOP_REASONS, type RunStatus, type StopReason } from "../../../src/domain/run-state";
import { RunBudget } from "../../../src/domain/run-budget";
import { judgeView, PROVIDERS, targetView, userModelView, type StoredJudge, type StoredTarget, type StoredUserModel } from "../../../src/domain/run-target";

const KeySet = z.object({ set: z.literal(true) }).openapi({ description: "A key is sealed for this slot; it is never shown" });
const Params = z.record(z.string(), z.unknown());

const ModelTargetView = z
  .object({
    kind: z.literal("model"),
    provider: z.enum(PROVIDERS),
    base_url: z.string(),
    model: z.string(),
    api_key: KeySet.optional(),
    params: Params,
    price: z.object({ input_per_mtok: z.number(), output_per_mtok: z.number() }).optional(),
    name: z.string().optional(),
  })
  .openapi("ModelTarget");

const AgentTargetView = z
  .object({
    kind: z.literal("agent"),
    runner_url: z.string(),
    profile: z.string(),
    params: Params,
    name: z.string().optional(),
  })
  .openapi("AgentTarget");

const OutputsTargetView = z
  .object({
    kind: z.literal("outputs"),
    dataset: z.string().openapi({ description: "the revision `name@version` holding the recorded outputs; no model is called" }),
    key_column: z.string().optional().openapi({ description: "the column of each output's task key; absent, outputs row i is the output of task row i" }),
    output_column: z.string(),
    attempt_column: z.string().optional().openapi({ description: "orders a task's outputs as attempts; absent, file order" }),
    name: z.string().optional(),
  })
  .openapi("OutputsTarget");

const TargetView = z.discriminatedUnion("kind", [ModelTargetView, AgentTargetView, OutputsTargetView]);

const JudgeView = z
  .object({ provider: z.enum(PROVIDERS), base_url: z.string(), model: z.string(), api_key: KeySet.optional() })
  .openapi("Judge");

const UserModelView = z
  .object({ provider: z.enum(PROVIDERS), base_url: z.string(), model: z.string(), api_key: KeySet.optional(), params: Params.optional() })
  .openapi("UserModel", { description: "The model that plays the user in agent benchmarks with a simulated user (τ²-bench); absent: the run's judge" });

/** The options as a run shows them: as given, the user model's key only as {set: true}. */
const OptionsView = RunOptions.extend({ user_model: UserModelView.optional() }).openapi("EvalRunOptions");

/** What budget calls spent: cost at the target's price (USD), input and output tokens. */
export const SpendView = z.object({ cost_usd: z.number(), input_tokens: z.number(), output_tokens: z.number() }).openapi("Spend");

const BudgetReportView = z
  .object({
    exhausted_by: z.enum(["max_cost_usd", "max_input_tokens", "max_output_tokens"]).openapi({ description: "the limit the next call would have passed" }),
    limits: RunBudget,
    spent: SpendView,
  })
  .openapi("BudgetReport");

export const EvalRunView = z
  .object({
    id: z.string(),
    display_name: z.string().nullable(),
    status: z.enum(RUN_STATUSES),
    benchmarks: z.array(z.string()).openapi({ description: "Benchmark ids, in the order given" }),
    target: TargetView,
    compare_target: TargetView.nullable(),
    judge: JudgeView.nullable(),
    options: OptionsView,
    request_id: z.string().nullable(),
    copied_from: z.string().nullable(),
    source_run_id: z
      .string()
      .nullable()
      .openapi({ description: "a re-score: the finished run whose stored outputs this run scores again (no model call but a judge's); /scores pairs each benchmark with it" }),
    rescore_scoring: z.record(z.string(), z.unknown()).nullable().openapi({ description: "a re-score: the scoring spec applied to each of its benchmarks" }),
    recorded: z.boolean().openapi({ description: "true when no model is called: every output is recorded (an outputs target or a re-score); samples say so per attempt" }),
    error: z.string().nullable().openapi({ description: "why the run failed: each failed benchmark with its reason (a benchmark that scored nothing names the dominant error)" }),
    error_counts: z
      .record(z.string(), z.number().int())
      .nullable()
      .openapi({ description: "attempts without a reward by error kind (http_401, unreachable, timeout, ...), set when the run ends" }),
    stop_reason: z
      .enum(STOP_REASONS)
      .nullable()
      .openapi({ description: "why a cancelled run stopped when no user stopped it: budget_exhausted (options.budget ran out; attempts not sent are missing, never 0); null otherwise" }),
    budget_report: BudgetReportView.nullable().openapi({ description: "a budget_exhausted run's figures: the limit that stopped it, the limits, what its recorded attempts spent" }),
    created_at: z.string(),
    updated_at: z.string(),
    queued_at: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi("EvalRun");
export type EvalRunView = z.infer<typeof EvalRunView>;

export function runView(r: EvalRunRow): EvalRunView {
  return {
    id: r.id,
    display_name: r.displayName,
    status: r.status as RunStatus,
    benchmarks: r.benchmarkIds,
    target: targetView(r.target as StoredTarget) as EvalRunView["target"],
    compare_target: r.compareTarget ? (targetView(r.compareTarget as StoredTarget) as EvalRunView["target"]) : null,
    judge: r.judge ? (judgeView(r.judge as StoredJudge) as EvalRunView["judge"]) : null,
    options: optionsView(r.options as RunOptions),
    request_id: r.requestId,
    copied_from: r.copiedFrom,
    source_run_id: r.sourceRunId ?? null,
    rescore_scoring: r.rescoreScoring ?? null,
    recorded: isRecorded(r, "a") && (!r.compareTarget || isRecorded(r, "b")),
    error: r.error,
    error_counts: r.errorCounts ?? null,
    stop_reason: (r.stopReason as StopReason | null) ?? null,
    budget_report: r.budgetReport ?? null,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    queued_at: r.queuedAt,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
  };
}

function optionsView(o: RunOptions): EvalRunView["options"] {
  if (!o.user_model) return o as EvalRunView["options"];
  return { ...o, user_model: userModelView(o.user_model as StoredUserModel) } as EvalRunView["options"];
}
