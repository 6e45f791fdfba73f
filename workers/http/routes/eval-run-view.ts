/**
 * How an eval run reads in the API: the run view schema (EvalRun, with keys
 * shown only as {set: true}) and the row → view mapping, shared by the
 * eval-runs and triggers routes. No I/O.
 */
import { z } from "@hono/zod-openapi";
import type { EvalRunRow } from "../../../src/db/schema";
import { RunOptions } from "../../../src/domain/run-options";
import { RUN_STATUSES, type RunStatus } from "../../../src/domain/run-state";
import { judgeView, PROVIDERS, targetView, type StoredJudge, type StoredTarget } from "../../../src/domain/run-target";

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

const TargetView = z.discriminatedUnion("kind", [ModelTargetView, AgentTargetView]);

const JudgeView = z
  .object({ provider: z.enum(PROVIDERS), base_url: z.string(), model: z.string(), api_key: KeySet.optional() })
  .openapi("Judge");

export const EvalRunView = z
  .object({
    id: z.string(),
    display_name: z.string().nullable(),
    status: z.enum(RUN_STATUSES),
    benchmarks: z.array(z.string()).openapi({ description: "Benchmark ids, in the order given" }),
    target: TargetView,
    compare_target: TargetView.nullable(),
    judge: JudgeView.nullable(),
    options: RunOptions,
    request_id: z.string().nullable(),
    copied_from: z.string().nullable(),
    error: z.string().nullable().openapi({ description: "why the run failed: each failed benchmark with its reason (a benchmark that scored nothing names the dominant error)" }),
    error_counts: z
      .record(z.string(), z.number().int())
      .nullable()
      .openapi({ description: "attempts without a reward by error kind (http_401, unreachable, timeout, ...), set when the run ends" }),
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
    options: r.options as RunOptions,
    request_id: r.requestId,
    copied_from: r.copiedFrom,
    error: r.error,
    error_counts: r.errorCounts ?? null,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    queued_at: r.queuedAt,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
  };
}
