/**
 * GET /api/eval-runs/{id}/samples: one row per attempt with its output cut
 * short and the dataset row's expected answer (src/db/expected-answers.ts).
 */
import { ENDED_ATTEMPT_STATUSES } from "../../../../src/db/status-predicates";
import { z } from "@hono/zod-openapi";
import { expectedAnswers } from "../../../../src/db/results/expected-answers";
import { readBenchmarkPlans } from "../../../../src/db/results/plans";
import { SAMPLE_FILTERS, SAMPLE_OUTPUT_CHARS, samplePage } from "../../../../src/db/samples";
import type { EvalRunRow } from "../../../../src/db/schema";
import { attemptId } from "../../../../src/domain/attempt-id";
import { encodeCursor } from "../../../../src/domain/paging";
import { isRecorded } from "../../../../src/domain/recorded-outputs";
import { errorKindOf } from "../../../../src/domain/run-outcome";
import { defineRoute, newRouter } from "../../router";
import { errorResponses, IdParam, json, PageQuery } from "../../schemas";
import { intCursor, ownRun, planOf, refuseTarget, Slot, tags } from "./shared";

const Sample = z
  .object({
    id: z.string().openapi({ description: "attempt id; GET /api/trials/{id} has the whole attempt" }),
    benchmark_id: z.string(),
    target: Slot,
    task_key: z.string(),
    subset: z.string().nullable(),
    attempt_index: z.number().int(),
    status: z.string(),
    reward: z.number().nullable(),
    output: z.string().nullable(),
    output_truncated: z.boolean(),
    recorded: z.boolean().openapi({ description: "true when the output was recorded, not produced by a model call: an outputs target's, or a re-score's reuse of its source run's" }),
    cached: z.boolean().openapi({ description: "true when the reply came from the response cache (options.cache) instead of a model call" }),
    expected_answer: z.string().nullable(),
    reason: z.string().nullable(),
    error: z.string().nullable(),
    error_kind: z.string().nullable().openapi({
      description: "why an ended attempt has no reward, as the run's error_counts count it (http_429, timeout, unscored, ...); null when it has one or is open",
    }),
    latency_ms: z.number().int().nullable().openapi({ description: "model time of the attempt in milliseconds; null while open or when none was measured" }),
    input_tokens: z.number().int().nullable().openapi({ description: "tokens the target read; null while open or when it reported none" }),
    output_tokens: z.number().int().nullable().openapi({ description: "tokens the target wrote; null while open or when it reported none" }),
    started_at: z.string().nullable().openapi({ description: "when the attempt was dispatched to its target; null while open" }),
    finished_at: z.string().nullable().openapi({ description: "when the attempt ended; null while open" }),
    turns: z.number().int().nullable().openapi({
      description:
        "the target model's replies in an ended attempt: as counted when the attempt ended where Assay counts them (a τ²-bench conversation's agent replies, the environment runner's bash harness's model calls), else for an attempt that ran in Assay 1 when the model answered, 2 for an answered MT-Bench conversation, 0 when it did not; null while open, for recorded outputs, and for an agent whose runner reported no count (its turns are in its trace)",
    }),
  })
  .openapi("Sample");

const SamplesQuery = PageQuery.extend({
  benchmark_id: z.string().min(1).max(200).optional(),
  target: Slot.optional(),
  filter: z.enum(SAMPLE_FILTERS).optional().openapi({
    description: "passed: reward 1; failed: a reward below 1; missing: no reward (waiting, running or invalid); invalid: finished without a reward",
  }),
});

const ENDED: ReadonlySet<string> = new Set(ENDED_ATTEMPT_STATUSES);

/**
 * The count stored when the attempt ended, where Assay counted one (τ²'s
 * agent replies, the bash harness's model calls: migration 0046). Else an
 * attempt that runs in Assay makes one model call (an MT-Bench conversation one per turn), so its turns are
 * known without reading its trace: 1 once it answered, 0 when it ended
 * without an answer. An agent runner that reported no count: its turns are only in its trace.
 */
function turnsOf(run: EvalRunRow, r: { target: "a" | "b"; finished_at: string | null; output: string | null; output_chars: number | null; turns: number | null }, answered = 1): number | null {
  if (r.turns !== null && r.finished_at) return r.turns;
  const t = (r.target === "a" ? run.target : run.compareTarget) as { kind?: unknown } | null;
  // A recorded output came from no model call here, and an agent's turns are in its trace.
  if (!t || t.kind === "agent" || isRecorded(run, r.target) || !r.finished_at) return null;
  return r.output !== null || (r.output_chars ?? 0) > 0 ? answered : 0;
}

/** Model calls of an answered attempt: MT-Bench's scorer grades two turns, each its own call (src/execution/multi-turn.ts); every other inline benchmark makes one. */
const answeredTurns = (scorer: string | null | undefined) => (scorer === "mt_bench_judge" ? 2 : 1);

export const resultsSamplesRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/samples",
      operationId: "listEvalRunSamples",
      tags,
      summary: "Per attempt, in task order: task, attempt index, status, reward, output, expected answer, reason, error",
      description: `Filters: benchmark_id, target, filter (passed | failed | missing | invalid). Outputs are cut to ${SAMPLE_OUTPUT_CHARS} characters (output_truncated); the trial has the whole text.`,
      request: { params: IdParam, query: SamplesQuery },
      responses: { 200: json(z.object({ items: z.array(Sample), next_cursor: z.string().nullable() }), "A page of samples"), ...errorResponses },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      const q = c.req.valid("query");
      const after = intCursor(q.cursor);
      refuseTarget(run, q.target);
      const plans = await readBenchmarkPlans(c.env.DB, run);
      if (q.benchmark_id) planOf(plans, q.benchmark_id);
      const page = await samplePage(c.env, run, plans, { afterSeq: after ?? -1, limit: q.limit, benchmarkId: q.benchmark_id, target: q.target, filter: q.filter });
      const expected = await expectedAnswers(c.env, run, page.items);
      const items = page.items.map((r, i) => ({
        id: attemptId(run.id, r.seq),
        benchmark_id: r.benchmark_id,
        target: r.target,
        task_key: r.member_key,
        subset: r.subset,
        attempt_index: r.attempt_index,
        status: r.status,
        reward: r.reward,
        output: r.output,
        output_truncated: (r.output_chars ?? 0) > SAMPLE_OUTPUT_CHARS,
        recorded: isRecorded(run, r.target),
        cached: r.cached === 1,
        expected_answer: expected[i] ?? null,
        reason: r.reason,
        error: r.error,
        error_kind: r.reward === null && ENDED.has(r.status) ? errorKindOf(r.status, r.error) : null,
        latency_ms: r.latency_ms,
        input_tokens: r.input_tokens,
        output_tokens: r.output_tokens,
        started_at: r.started_at,
        finished_at: r.finished_at,
        turns: turnsOf(run, r, answeredTurns(plans.find((p) => p.benchmark_id === r.benchmark_id)?.scorer)),
      }));
      const last = page.items.at(-1);
      return c.json({ items, next_cursor: page.more && last ? encodeCursor(String(last.seq)) : null }, 200);
    },
  );
