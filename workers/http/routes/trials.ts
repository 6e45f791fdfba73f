/**
 * Trials: one attempt as its run's owner reads it (status, reward,
 * structured result, exit code, error, tokens, cost, latency, timings), and
 * on request the scorer's reason and structured components. An attempt
 * belongs to the project of its run; another project's is a 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { loadAttempt } from "../../../src/db/attempts";
import { getRun } from "../../../src/db/eval-runs";
import { openSlot, readBenchmarkPlans } from "../../../src/db/results";
import type { AttemptRow, EvalRunRow } from "../../../src/db/schema";
import { attemptId, parseAttemptId } from "../../../src/domain/attempt-id";
import { AppError } from "../../../src/domain/errors";
import { newRouter, type AppEnv } from "../router";
import { errorResponses, IdParam, json } from "../schemas";
import { expectedAnswers } from "./results";

const tags = ["trials"];

const Structured = z
  .object({ composite: z.number().optional(), dimensions: z.record(z.string(), z.number()).optional(), judge_summary: z.string().optional() })
  .catchall(z.unknown())
  .openapi("StructuredResult");

const RewardComponents = z
  .object({
    scorer: z.string().nullable().openapi({ description: "the scorer type the benchmark ran with" }),
    reason: z.string().nullable().openapi({ description: "the scorer's verdict in words" }),
    composite: z.number().nullable(),
    dimensions: z.record(z.string(), z.number()).nullable(),
    judge_summary: z.string().nullable(),
  })
  .openapi("RewardComponents");

export const Trial = z
  .object({
    id: z.string(),
    run_id: z.string(),
    benchmark_id: z.string(),
    target: z.enum(["a", "b"]),
    task_key: z.string(),
    member_index: z.number().int(),
    subset: z.string().nullable(),
    attempt_index: z.number().int(),
    status: z.string().openapi({ description: "pending | dispatched | succeeded | failed | cancelled | timed_out" }),
    reward: z.number().nullable().openapi({ description: "null: no reward (missing), never 0" }),
    structured: Structured.nullable(),
    output: z.string().nullable(),
    expected_answer: z.string().nullable(),
    exit_code: z.number().int().nullable(),
    error: z.string().nullable(),
    tries: z.number().int(),
    tokens: z.object({ input: z.number().int().nullable(), output: z.number().int().nullable() }),
    cost: z.number().nullable(),
    latency_ms: z.number().int().nullable(),
    timings: z.object({ started_at: z.string().nullable(), finished_at: z.string().nullable(), duration_ms: z.number().int().nullable() }),
    transcript_available: z.boolean(),
    reward_components: RewardComponents.optional().openapi({ description: "only with include_reward_components=true" }),
  })
  .openapi("Trial");

const TrialQuery = z.strictObject({
  include_reward_components: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "add the scorer's reason and structured components" }),
});

type Ctx = Context<AppEnv>;

/**
 * The attempt behind a trial id and its run, both the caller's; 404
 * otherwise. An attempt that has not ended has no row yet: it is described
 * from the run's plan, with no outcome.
 */
export async function ownAttempt(c: Ctx, id: string): Promise<{ run: EvalRunRow; attempt: AttemptRow }> {
  const parsed = parseAttemptId(id);
  const run = parsed && (await getRun(c.var.db, c.var.auth.projectId, parsed.runId));
  if (!parsed || !run) throw new AppError("not_found", `no trial ${id}`);
  const attempt = await loadAttempt(c.env.DB, run.id, parsed.seq);
  if (attempt) return { run, attempt };
  const open = await openSlot(c.env, run, parsed.seq);
  if (!open) throw new AppError("not_found", `no trial ${id}`);
  const nothing = { reward: null, structured: null, output: null, reason: null, error: null, exitCode: null, tries: 0 };
  const usage = { inputTokens: null, outputTokens: null, cost: null, latencyMs: null, transcriptKey: null, startedAt: null, finishedAt: null };
  return { run, attempt: { ...open.slot, status: open.status, ...nothing, ...usage } };
}

function durationMs(a: AttemptRow): number | null {
  if (!a.startedAt || !a.finishedAt) return null;
  const d = Date.parse(a.finishedAt) - Date.parse(a.startedAt);
  return Number.isFinite(d) ? d : null;
}

export const trialsRoutes = newRouter().openapi(
  createRoute({
    method: "get",
    path: "/api/trials/{id}",
    tags,
    summary: "One attempt: status, reward, structured result, exit code, error, tokens, cost, latency, timings",
    request: { params: IdParam, query: TrialQuery },
    responses: { 200: json(Trial, "The attempt"), ...errorResponses },
  }),
  async (c) => {
    const { run, attempt: a } = await ownAttempt(c, c.req.valid("param").id);
    const withComponents = c.req.valid("query").include_reward_components === "true";
    const [expected] = await expectedAnswers(c, run, [{ benchmark_id: a.benchmarkId, row_index: a.rowIndex }]);
    const structured = a.structured as z.infer<typeof Structured> | null;
    const body: z.infer<typeof Trial> = {
      id: attemptId(run.id, a.seq),
      run_id: run.id,
      benchmark_id: a.benchmarkId,
      target: a.target as "a" | "b",
      task_key: a.memberKey,
      member_index: a.memberIndex,
      subset: a.subset,
      attempt_index: a.attemptIndex,
      status: a.status,
      reward: a.reward,
      structured,
      output: a.output,
      expected_answer: expected ?? null,
      exit_code: a.exitCode,
      error: a.error,
      tries: a.tries,
      tokens: { input: a.inputTokens, output: a.outputTokens },
      cost: a.cost,
      latency_ms: a.latencyMs,
      timings: { started_at: a.startedAt, finished_at: a.finishedAt, duration_ms: durationMs(a) },
      transcript_available: a.transcriptKey !== null,
    };
    if (withComponents) {
      const plan = (await readBenchmarkPlans(c.env.DB, run)).find((p) => p.benchmark_id === a.benchmarkId);
      body.reward_components = {
        scorer: plan?.scorer ?? null,
        reason: a.reason,
        composite: typeof structured?.composite === "number" ? structured.composite : null,
        dimensions: structured?.dimensions ?? null,
        judge_summary: typeof structured?.judge_summary === "string" ? structured.judge_summary : null,
      };
    }
    return c.json(body, 200);
  },
);
