/**
 * Trials: one attempt as its run's owner reads it (status, reward,
 * structured result, exit code, error, tokens, cost, latency, timings), and
 * on request the scorer's reason and structured components. An attempt
 * belongs to the project of its run; another project's is a 404.
 */
import { isRecorded } from "../../../src/domain/recorded-outputs";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { loadAttempt } from "../../../src/db/attempts";
import { followOutputs } from "../../../src/storage/attempt-outputs";
import { getRun } from "../../../src/db/eval-runs";
import { readBenchmarkPlans } from "../../../src/db/results/plans";
import { openSlot } from "../../../src/db/samples";
import type { AttemptRow, EvalRunRow } from "../../../src/db/schema";
import { attemptId, parseAttemptId } from "../../../src/domain/attempt-id";
import { AppError } from "../../../src/domain/errors";
import type { Delta, Message } from "../../../src/live/deltas";
import { pageSteps, type TurnRecord } from "../../../src/live/steps";
import type { RunOptions } from "../../../src/domain/run-options";
import { ARTIFACT_NAME, getArtifact, listArtifacts } from "../../../src/storage/artifacts";
import { isInlineTranscript, readStoredTurns, turnsOf } from "../../../src/storage/traces";
import { ownerOf, shardsFor } from "../../live/client";
import { defineRoute, newRouter, type AppEnv } from "../router";
import { errorResponses, IdParam, json, pageOf } from "../schemas";
import { expectedAnswers } from "../../../src/db/results/expected-answers";
import { ArtifactView } from "./runner";
import { maxConcurrency } from "../../../src/execution/concurrency-band";
import { validateAtif, type AtifTrajectory } from "../../../src/trajectories/atif";
import { atifToTurns, turnsToAtif } from "../../../src/trajectories/atif-export";

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

/** Steps a trial returns inline with include_steps=true; longer trials are paged with /steps. */
export const MAX_INLINE_STEPS = 500;
const MAX_STEPS_PAGE = 100;

export const StepView = z
  .object({
    step_index: z.number().int(),
    messages: z.array(z.object({ role: z.string() }).catchall(z.unknown())).openapi({ description: "the conversation so far: this step's reply is last" }),
    new_messages_from: z.number().int().openapi({ description: "messages.slice(new_messages_from) are what this step added" }),
    model: z.string().nullable(),
    usage: z.object({ input_tokens: z.number().int().nullable(), output_tokens: z.number().int().nullable() }).nullable(),
    latency_ms: z.number().int().nullable(),
    reward: z.number().nullable().openapi({ description: "the step's own reward when the environment gave one; an inline attempt's single step carries the attempt's reward" }),
    at: z.string().nullable(),
  })
  .openapi("Step");

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
    recorded: z.boolean().openapi({ description: "true when the output was recorded, not produced by a model call: an outputs target's, or a re-score's reuse of its source run's" }),
    cached: z.boolean().openapi({ description: "true when the reply came from the response cache (options.cache) instead of a model call" }),
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
    num_steps: z.number().int().optional().openapi({ description: "only with include_steps=true: model calls made (0 when none answered)" }),
    steps: z.array(StepView).optional().openapi({ description: "only with include_steps=true: every step; each holds the conversation so far" }),
  })
  .openapi("Trial");

const TrialQuery = z.strictObject({
  include_reward_components: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "add the scorer's reason and structured components" }),
  include_steps: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: `add num_steps and every step (at most ${MAX_INLINE_STEPS}; page longer trials with /steps)` }),
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
  if (attempt) {
    // A long output lives in R2 (src/storage/attempt-outputs.ts): the trial shows it whole.
    const [o] = await followOutputs(c.env.ARTIFACTS, [{ seq: attempt.seq, output: attempt.output, output_key: attempt.outputKey }]);
    return { run, attempt: { ...attempt, output: o!.output } };
  }
  const open = await openSlot(c.env, run, parsed.seq);
  if (!open) throw new AppError("not_found", `no trial ${id}`);
  const nothing = { reward: null, structured: null, output: null, outputKey: null, reason: null, error: null, exitCode: null, tries: 0 };
  const usage = { inputTokens: null, outputTokens: null, cost: null, latencyMs: null, transcriptKey: null, startedAt: null, finishedAt: null, cached: null, truncated: null, turns: null };
  return { run, attempt: { ...open.slot, status: open.status, ...nothing, ...usage } };
}

function durationMs(a: AttemptRow): number | null {
  if (!a.startedAt || !a.finishedAt) return null;
  const d = Date.parse(a.finishedAt) - Date.parse(a.startedAt);
  return Number.isFinite(d) ? d : null;
}

export const trialsRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/trials/{id}",
    operationId: "getTrial",
    tags,
    summary: "One attempt: status, reward, structured result, exit code, error, tokens, cost, latency, timings",
    request: { params: IdParam, query: TrialQuery },
    responses: { 200: json(Trial, "The attempt"), ...errorResponses },
  }),
  async (c) => {
    const { run, attempt: a } = await ownAttempt(c, c.req.valid("param").id);
    const withComponents = c.req.valid("query").include_reward_components === "true";
    const [expected] = await expectedAnswers(c.env, run, [{ benchmark_id: a.benchmarkId, row_index: a.rowIndex }]);
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
      recorded: isRecorded(run, a.target as "a" | "b"),
      cached: a.cached === 1,
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
    if (c.req.valid("query").include_steps === "true") {
      const all = await trialSteps(c, run, a, 0, MAX_INLINE_STEPS + 1);
      if (all.num_steps > MAX_INLINE_STEPS) throw new AppError("payload_too_large", `this trial has ${all.num_steps} steps: page them with GET /api/trials/{id}/steps`);
      body.num_steps = all.num_steps;
      body.steps = all.items;
    }
    return c.json(body, 200);
  },
);

// ---------------------------------------------------------------- steps and artifacts

const StepsPage = z
  .object({
    attempt_id: z.string(),
    live: z.boolean().openapi({ description: "the attempt is still running: more steps may come" }),
    num_steps: z.number().int(),
    items: z.array(StepView),
    next_start_step_index: z.number().int().nullable(),
    next_cursor: z.string().nullable().openapi({ description: "the same position as an opaque cursor" }),
    pending: z.array(z.object({ role: z.string() }).catchall(z.unknown())).nullable().openapi({ description: "a live attempt's messages awaiting the model (the request in flight), not yet a step" }),
  })
  .openapi("StepsPage");

const StepsQuery = z.strictObject({
  start_step_index: z.coerce.number().int().min(0).max(1_000_000).optional(),
  cursor: z.string().regex(/^\d{1,7}$/, "not a cursor this API issued").optional(),
  limit: z.coerce.number().int().min(1).max(MAX_STEPS_PAGE).default(20),
});

/** The turns of a trial: from R2 once it ended with a trace, else from its live object (running, or ended moments ago). */
async function trialTurns(c: Ctx, run: EvalRunRow, a: AttemptRow): Promise<{ turns: TurnRecord[]; live: boolean; pending: Message[] | null }> {
  // An imported agent trial (Harbor) records its ATIF trajectory as its output: its steps are the trajectory's.
  const imported = isRecorded(run, a.target as "a" | "b") ? recordedTrajectory(a.output) : null;
  if (imported) return { turns: atifToTurns(imported), live: false, pending: null };
  if (a.transcriptKey) {
    const turns = await readStoredTurns(c.env.ARTIFACTS, { runId: run.id, seq: a.seq, transcriptKey: a.transcriptKey, latencyMs: a.latencyMs, finishedAt: a.finishedAt });
    return { turns: turns ?? [], live: false, pending: null };
  }
  const { stub, where } = ownerOf(c.env, run.id, a.seq, shardsFor(c.env, maxConcurrency((run.options as RunOptions).concurrency)));
  const r = await stub.attemptDeltas({ where, attempt_id: attemptId(run.id, a.seq) });
  const deltas = r.deltas.map((d) => JSON.parse(d) as Delta);
  const last = deltas.at(-1);
  const pending = r.live && last?.kind === "preview" ? (last.messages as Message[]) : null;
  return { turns: turnsOf(deltas), live: r.live && a.reward === null && !a.finishedAt, pending };
}

/** A recorded output that is an ATIF trajectory (what a Harbor trial import records), parsed; else null. */
function recordedTrajectory(output: string | null): AtifTrajectory | null {
  if (!output || !output.startsWith("{") || !output.includes('"schema_version"')) return null;
  try {
    return validateAtif(JSON.parse(output)).trajectory;
  } catch {
    return null;
  }
}

/** A page of a trial's steps (start, limit) with the total. */
export async function trialSteps(c: Ctx, run: EvalRunRow, a: AttemptRow, start: number, limit: number) {
  const { turns, live, pending } = await trialTurns(c, run, a);
  const page = pageSteps(turns, start, limit);
  // An inline attempt's one step carries the attempt's reward (its scorer judged that reply).
  if (a.transcriptKey && isInlineTranscript(run.id, a.transcriptKey)) for (const s of page.items) s.reward = a.reward;
  return { live, pending, num_steps: turns.length, ...page };
}

const TrajectoryQuery = z.strictObject({
  format: z.enum(["atif"]).default("atif").openapi({ description: "atif: Harbor's Agent Trajectory Interchange Format (ATIF-v1.5)" }),
});

const AtifView = z
  .object({ schema_version: z.string(), session_id: z.string(), agent: z.record(z.string(), z.unknown()), steps: z.array(z.record(z.string(), z.unknown())) })
  .catchall(z.unknown())
  .openapi("AtifTrajectory", { description: "An ATIF trajectory, valid under Harbor's validator: steps from 1, system/user/agent sources, tool calls with their observations" });

trialsRoutes
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/trials/{id}/trajectory",
      operationId: "getTrialTrajectory",
      tags,
      summary: "A trial's trajectory in ATIF (Harbor's format): its messages, tool calls and their results as steps, usage as metrics",
      description:
        "An agent or model trial's committed turns as an ATIF-v1.5 trajectory (session_id is the trial id; extra.assay carries the run, status and reward). " +
        "An imported Harbor trial returns the trajectory it was imported with. 404 when the trial has no step yet (nothing answered).",
      request: { params: IdParam, query: TrajectoryQuery },
      responses: { 200: json(AtifView, "The trajectory"), ...errorResponses },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const { run, attempt: a } = await ownAttempt(c, id);
      const imported = isRecorded(run, a.target as "a" | "b") ? recordedTrajectory(a.output) : null;
      if (imported) return c.json(imported as z.infer<typeof AtifView>, 200);
      const { turns, live } = await trialTurns(c, run, a);
      const target = (a.target === "b" ? run.compareTarget : run.target) ?? {};
      const name = typeof target.name === "string" && target.name ? target.name : `assay ${String(target.kind ?? "model")} target`;
      const model = turns.find((t) => t.model)?.model ?? (typeof target.model === "string" ? target.model : null);
      const trajectory = turnsToAtif(turns, {
        session_id: attemptId(run.id, a.seq),
        agent: { name, version: typeof target.profile === "string" ? target.profile : "assay", model_name: model },
        extra: { assay: { run_id: run.id, benchmark_id: a.benchmarkId, task_key: a.memberKey, attempt_index: a.attemptIndex, status: a.status, reward: a.reward, live } },
      });
      if (!trajectory) throw new AppError("not_found", `trial ${id} has no trajectory: no step was committed`);
      return c.json(trajectory as z.infer<typeof AtifView>, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/trials/{id}/steps",
      operationId: "listTrialSteps",
      tags,
      summary: "Page a trial's steps (one per model call; each holds the conversation so far, so the last is the whole transcript)",
      request: { params: IdParam, query: StepsQuery },
      responses: { 200: json(StepsPage, "A page of steps"), ...errorResponses },
    }),
    async (c) => {
      const { run, attempt } = await ownAttempt(c, c.req.valid("param").id);
      const q = c.req.valid("query");
      const start = q.start_step_index ?? (q.cursor !== undefined ? Number(q.cursor) : 0);
      const r = await trialSteps(c, run, attempt, start, q.limit);
      return c.json(
        {
          attempt_id: attemptId(run.id, attempt.seq),
          live: r.live,
          num_steps: r.num_steps,
          items: r.items as z.infer<typeof StepView>[],
          next_start_step_index: r.next_start_step_index,
          next_cursor: r.next_start_step_index === null ? null : String(r.next_start_step_index),
          pending: r.pending,
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/trials/{id}/artifacts",
      operationId: "listTrialArtifacts",
      tags,
      summary: "List a trial's artifacts (files its runner uploaded), by name",
      request: { params: IdParam, query: z.strictObject({ cursor: z.string().max(1000).optional(), limit: z.coerce.number().int().min(1).max(MAX_STEPS_PAGE).default(50) }) },
      responses: { 200: json(pageOf(ArtifactView), "A page of artifacts"), ...errorResponses },
    }),
    async (c) => {
      const { run, attempt } = await ownAttempt(c, c.req.valid("param").id);
      const { cursor, limit } = c.req.valid("query");
      return c.json(await listArtifacts(c.env.ARTIFACTS, run.id, attempt.seq, cursor, limit), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/trials/{id}/artifacts/{name}",
      operationId: "getTrialArtifact",
      tags,
      summary: "Download one artifact, byte for byte, with its content type",
      request: { params: z.object({ id: z.string().min(1).max(200), name: z.string().min(1).max(200) }) },
      responses: {
        200: { description: "The artifact's bytes; X-Artifact-SHA256 gives their digest", content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id, name } = c.req.valid("param");
      const { run, attempt } = await ownAttempt(c, id);
      const found = ARTIFACT_NAME.test(name) ? await getArtifact(c.env.ARTIFACTS, run.id, attempt.seq, name) : null;
      if (!found) throw new AppError("not_found", `no artifact ${name} on trial ${id}`);
      const headers: Record<string, string> = {
        "content-type": found.info.content_type,
        "content-length": String(found.info.size),
        "content-disposition": `attachment; filename="${name}"`,
        "x-content-type-options": "nosniff",
      };
      if (found.info.sha256) headers["x-artifact-sha256"] = found.info.sha256;
      return c.body(found.body, 200, headers);
    },
  );
