/**
 * A run's results: scores per benchmark and target (aggregates, coverage,
 * intervals, subsets, previous run, A/B), pass@j curves, samples, the
 * per-task breakdown, and score history across the project's runs.
 * Aggregates are computed in SQL per member (src/db/results.ts) and by
 * src/metrics; nothing here loads every attempt.
 *
 * Routing: /api/eval-runs/history/scores is registered before
 * /api/eval-runs/{id}/scores (a run id always starts with "run_").
 */
import { createRoute, z } from "@hono/zod-openapi";
import { inArray } from "drizzle-orm";
import type { Context } from "hono";
import { getRun } from "../../../src/db/eval-runs";
import { benchmarks, datasetRevisions } from "../../../src/db/schema";
import { loadRunResults, policyOf, readBenchmarkPlans, rowsFor, scoresOfLoaded, slotsOf, type BenchmarkPlan } from "../../../src/db/results";
import { SAMPLE_FILTERS, SAMPLE_OUTPUT_CHARS, samplePage, taskPage } from "../../../src/db/samples";
import { historyPage } from "../../../src/db/score-history";
import type { EvalRunRow } from "../../../src/db/schema";
import { attemptId } from "../../../src/domain/attempt-id";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, encodeCursor } from "../../../src/domain/paging";
import { expectedAnswer } from "../../../src/domain/prompt";
import { MISSING_POLICIES } from "../../../src/domain/run-options";
import { curveSet, taskRows } from "../../../src/reports/scores";
import { rowAt } from "../../../src/storage/row-cache";
import { runScoresCached } from "../../../src/storage/score-cache";
import { newRouter, type AppEnv } from "../router";
import { errorResponses, IdParam, json, PageQuery } from "../schemas";

const tags = ["results"];
const Slot = z.enum(["a", "b"]).openapi({ description: "a = the run's target, b = its compare_target" });
const Policy = z.enum(MISSING_POLICIES);
const Interval = z.tuple([z.number(), z.number()]);

export const ScoreCounts = z
  .object({
    total: z.number().int().openapi({ description: "total_members × k, undispatched slots included" }),
    scored: z.number().int(),
    missing: z.number().int().openapi({ description: "requested attempts without a reward (waiting, running, invalid, undispatched)" }),
    invalid: z.number().int().openapi({ description: "terminal attempts without a reward; part of missing" }),
    total_members: z.number().int(),
    complete_members: z.number().int().openapi({ description: "members with all k attempts scored" }),
  })
  .openapi("ScoreCounts");

const Uncertainty = z
  .object({
    score_se: z.number().nullable().openapi({ description: "CR1 standard error clustered by member when k > 1" }),
    score_ci95: Interval.nullable(),
    pass_ci95: Interval.nullable().openapi({ description: "Wilson 95% interval of pass" }),
    clustered: z.boolean(),
    n_clusters: z.number().int(),
  })
  .openapi("Uncertainty");

const Display = z
  .object({
    score: z.string().nullable().openapi({ description: "values in [0, 1] as percentages, others on their own scale" }),
    pass: z.string().nullable(),
    pass_at_k: z.string().nullable(),
    pass_hat_k: z.string().nullable(),
    labels: z.object({ pass_at_k: z.string(), pass_hat_k: z.string() }),
    score_with_ci: z.string().nullable(),
    pass_with_ci: z.string().nullable(),
    coverage: z.string().openapi({ example: "score 0.6, 5/6 attempts scored, 2/3 members complete" }),
  })
  .openapi("ScoreDisplay");

export const Breakdown = z
  .object({
    key: z.string().nullable().openapi({ description: "the subset (null: rows without one)" }),
    score: z.number().nullable(),
    pass: z.number().nullable(),
    pass_at_k: z.number().nullable(),
    pass_hat_k: z.number().nullable(),
    score_counts: ScoreCounts,
    score_ci95: Interval.nullable(),
    display: z.object({ score: z.string().nullable(), coverage: z.string() }),
  })
  .openapi("Breakdown");

const PairedTest = z.object({
  name: z.enum(["mcnemar", "paired_bootstrap"]),
  method: z.enum(["exact_binomial", "chi_square_continuity", "bootstrap"]),
  p_value: z.number().nullable(),
  n_shared: z.number().int(),
  b01: z.number().int().nullable().openapi({ description: "McNemar: tasks failing on A and passing on B" }),
  b10: z.number().int().nullable().openapi({ description: "McNemar: tasks passing on A and failing on B" }),
});

export const Comparison = z
  .object({
    delta: z.number().nullable().openapi({ description: "mean over shared tasks of B − A" }),
    delta_ci95: Interval.nullable(),
    a_score: z.number().nullable(),
    b_score: z.number().nullable(),
    test: PairedTest,
    excluded_members: z.number().int(),
    regressions: z.array(z.string()).openapi({ description: "task keys worse on B, largest drop first (capped; see regressions_count)" }),
    improvements: z.array(z.string()),
    regressions_count: z.number().int(),
    improvements_count: z.number().int(),
    missing_policy: Policy,
    display: z.object({ delta: z.string().nullable() }),
  })
  .openapi("Comparison");

const Previous = z
  .object({
    run_id: z.string(),
    display_name: z.string().nullable(),
    finished_at: z.string().nullable(),
    k: z.number().int(),
    missing_policy: Policy,
    score: z.number().nullable(),
    pass: z.number().nullable(),
    pass_at_k: z.number().nullable(),
    pass_hat_k: z.number().nullable(),
    score_counts: ScoreCounts,
    display: z.object({ score: z.string().nullable(), coverage: z.string() }),
    delta: z.number().nullable().openapi({ description: "this run's score minus the previous run's" }),
    display_delta: z.string().nullable(),
    comparable: z.boolean().openapi({ description: "same k and missing policy" }),
    paired: Comparison.nullable().openapi({ description: "paired test over shared tasks, previous = A, this run = B" }),
  })
  .openapi("PreviousRunScore");

export const ScoreRow = z
  .object({
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable(),
    target: Slot,
    target_label: z.string(),
    status: z.string().openapi({ description: "the benchmark's status in the run; failed has an error and no numbers" }),
    error: z.string().nullable(),
    k: z.number().int().nullable(),
    member_count: z.number().int().nullable(),
    dataset_digest: z.string().nullable(),
    planning_complete: z.boolean(),
    score: z.number().nullable(),
    pass: z.number().nullable(),
    pass_at_k: z.number().nullable(),
    pass_hat_k: z.number().nullable(),
    score_counts: ScoreCounts.nullable(),
    missing_policy: Policy,
    uncertainty: Uncertainty.nullable(),
    display: Display.nullable(),
    subsets: z.array(Breakdown),
    previous: Previous.nullable().openapi({ description: "the previous completed run of this benchmark on the same dataset digest and model/base URL" }),
    usage: z
      .object({
        attempts: z.number().int(),
        mean_input_tokens: z.number().nullable(),
        mean_output_tokens: z.number().nullable(),
        mean_latency_ms: z.number().nullable(),
        total_cost: z.number().nullable().openapi({ description: "null when no attempt had a known price" }),
      })
      .nullable()
      .optional()
      .openapi({ description: "what the ended attempts consumed: mean tokens and model latency, total cost" }),
    phases: z
      .record(z.string(), z.number())
      .nullable()
      .optional()
      .openapi({ description: "mean ms per phase of ended attempts: inline attempts split into agent (the model call) and scoring (what follows it); agent attempts are all agent" }),
  })
  .openapi("ScoreRow");

const ABBenchmark = z
  .object({
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable(),
    a_label: z.string(),
    b_label: z.string(),
    overall: Comparison,
    subsets: z.array(Comparison.extend({ key: z.string().nullable() })),
  })
  .openapi("ABBenchmark");

export const RunScores = z
  .object({
    run_id: z.string(),
    run_status: z.string(),
    missing_policy: Policy,
    scores: z.array(ScoreRow),
    ab: z.array(ABBenchmark).openapi({ description: "compare_target (B) against target (A) per benchmark; empty without a compare target" }),
  })
  .openapi("RunScores");

const CurveRow = z.object({
  j: z.number().int(),
  pass_at_j: z.number(),
  pass_hat_j: z.number(),
  members: z.number().int().openapi({ description: "members averaged for this j (those with n ≥ j)" }),
});

const CurveSet = z
  .object({
    benchmark_id: z.string(),
    target: Slot,
    k: z.number().int().nullable(),
    missing_policy: Policy,
    rows: z.array(CurveRow).nullable(),
    members_by_n: z.record(z.string(), z.number().int()),
    note: z.string(),
  })
  .openapi("PassCurve");

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
    expected_answer: z.string().nullable(),
    reason: z.string().nullable(),
    error: z.string().nullable(),
  })
  .openapi("Sample");

const TaskScore = z.object({
  score: z.number().nullable(),
  pass: z.number().nullable(),
  pass_at_k: z.number().nullable(),
  pass_hat_k: z.number().nullable(),
  score_counts: ScoreCounts,
  display: z.object({ score: z.string().nullable(), coverage: z.string() }),
});

const TaskRow = z
  .object({
    task_key: z.string(),
    member_index: z.number().int(),
    subset: z.string().nullable(),
    a: TaskScore.nullable(),
    b: TaskScore.nullable(),
    delta: z.number().nullable(),
  })
  .openapi("TaskResult");

const HistoryPoint = ScoreRow.omit({ subsets: true, previous: true })
  .extend({ run_id: z.string(), run_display_name: z.string().nullable(), finished_at: z.string().nullable(), model: z.string().nullable() })
  .openapi("ScoreHistoryPoint");

const SamplesQuery = PageQuery.extend({
  benchmark_id: z.string().min(1).max(200).optional(),
  target: Slot.optional(),
  filter: z.enum(SAMPLE_FILTERS).optional().openapi({
    description: "passed: reward 1; failed: a reward below 1; missing: no reward (waiting, running or invalid); invalid: finished without a reward",
  }),
});

const TasksQuery = PageQuery.extend({ benchmark_id: z.string().min(1).max(200), target: Slot.optional() });

const HistoryQuery = PageQuery.extend({
  benchmark_id: z.string().min(1).max(200).optional(),
  model: z.string().min(1).max(200).optional(),
});

type Ctx = Context<AppEnv>;

export async function ownRun(c: Ctx, id: string): Promise<EvalRunRow> {
  const run = await getRun(c.var.db, c.var.auth.projectId, id);
  if (!run) throw new AppError("not_found", `no eval run ${id}`);
  return run;
}

/** A cursor holding a non-negative integer (a seq or a task index). */
function intCursor(cursor: string | undefined): number | undefined {
  const raw = decodeCursor(cursor);
  if (raw === undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,11})$/.test(raw)) throw new AppError("bad_request", "cursor is not one this API issued");
  return Number(raw);
}

/**
 * The expected answer of each attempt's dataset row (null when the
 * benchmark has no answer column or the row cannot be read), from the
 * revision the run planned with. Reads the few row chunks a page touches.
 */
export async function expectedAnswers(c: Ctx, run: EvalRunRow, rows: readonly { benchmark_id: string; row_index: number }[]): Promise<(string | null)[]> {
  if (!rows.length) return [];
  const plans = await readBenchmarkPlans(c.env.DB, run);
  const ids = [...new Set(rows.map((r) => r.benchmark_id))];
  const revIds = [...new Set(plans.filter((p) => ids.includes(p.benchmark_id)).flatMap((p) => (p.dataset_revision_id ? [p.dataset_revision_id] : [])))];
  const [bms, revs] = await Promise.all([
    c.var.db.select().from(benchmarks).where(inArray(benchmarks.id, ids)).all(),
    revIds.length ? c.var.db.select().from(datasetRevisions).where(inArray(datasetRevisions.id, revIds)).all() : [],
  ]);
  const bmById = new Map(bms.map((b) => [b.id, b]));
  const revById = new Map(revs.map((r) => [r.id, r]));
  const revOf = new Map(plans.map((p) => [p.benchmark_id, p.dataset_revision_id ? revById.get(p.dataset_revision_id) : undefined]));
  return Promise.all(
    rows.map(async (r) => {
      const bm = bmById.get(r.benchmark_id);
      const rev = revOf.get(r.benchmark_id);
      if (!bm || !rev || !bm.answerColumn) return null;
      try {
        const row = await rowAt(c.env.ARTIFACTS, rev, r.row_index);
        return expectedAnswer({ prompt_template: bm.promptTemplate, prompt_column: bm.promptColumn, answer_column: bm.answerColumn }, row.data);
      } catch {
        // A revision whose rows are gone still has results; only the expected answer is unknown.
        return null;
      }
    }),
  );
}

function planOf(plans: BenchmarkPlan[], benchmarkId: string): BenchmarkPlan {
  const plan = plans.find((p) => p.benchmark_id === benchmarkId);
  if (!plan) {
    throw new AppError("validation_failed", "invalid query: benchmark_id", [{ field: "benchmark_id", message: "not one of the run's benchmarks" }]);
  }
  return plan;
}

function refuseTarget(run: EvalRunRow, target: "a" | "b" | undefined): void {
  if (target === "b" && !run.compareTarget) {
    throw new AppError("validation_failed", "invalid query: target", [{ field: "target", message: "the run has no compare_target" }]);
  }
}

export const resultsRoutes = newRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/api/eval-runs/history/scores",
      tags,
      summary: "Score over time per benchmark and target across the project's completed runs, newest run first",
      description:
        "Pages by run: each page holds `limit` runs and one point per benchmark and target of each. Filters: benchmark_id, model (the target's model). Aggregates of finished runs are cached, so a page reads a few rows per run.",
      request: { query: HistoryQuery },
      responses: { 200: json(z.object({ items: z.array(HistoryPoint), next_cursor: z.string().nullable() }), "A page of score points"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const before = decodeCursor(q.cursor);
      if (before !== undefined && !/^run_[0-9a-z]{1,60}$/.test(before)) throw new AppError("bad_request", "cursor is not one this API issued");
      const page = await historyPage(c.env.DB, c.var.auth.projectId, { beforeId: before, limit: q.limit, benchmarkId: q.benchmark_id, model: q.model });
      return c.json({ items: page.points, next_cursor: page.more && page.lastRunId ? encodeCursor(page.lastRunId) : null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/eval-runs/{id}/scores",
      tags,
      summary: "Per benchmark and target: status, error, score, pass, pass@k, pass^k, coverage, intervals, subsets, previous run, A/B",
      description:
        "A failed benchmark shows its status and error with null numbers, never 0. `ab` compares the compare_target (B) with the target (A) per benchmark and subset: delta B − A with its 95% interval and a paired test (McNemar for pass/fail with k = 1, else a paired bootstrap) and the tasks that regress or improve.",
      request: { params: IdParam },
      responses: { 200: json(RunScores, "The run's scores"), ...errorResponses },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      // A finished run's scores are computed once and then read back (X-Scores-Cache says which).
      const { cached, ...body } = await runScoresCached(c.env, run);
      c.header("X-Scores-Cache", cached ? "hit" : "miss");
      return c.json(body, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/eval-runs/{id}/metrics",
      tags,
      summary: "pass@j and pass^j for j = 1..n per benchmark and target (unbiased estimators, equal member weight)",
      description:
        "Members with different n (under the unknown policy a member's n is its scored attempts): the row for j averages only the members with n ≥ j and says how many in `members`; `note` says so in words.",
      request: { params: IdParam },
      responses: {
        200: json(z.object({ run_id: z.string(), missing_policy: Policy, curves: z.array(CurveSet) }), "Curves per benchmark and target"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      const loaded = await loadRunResults(c.env, run);
      const curves = loaded.benchmarks.flatMap((b) => slotsOf(run).map((slot) => curveSet(b, slot, rowsFor(loaded, b.benchmark_id, slot), loaded.policy)));
      return c.json({ run_id: run.id, missing_policy: loaded.policy, curves }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/eval-runs/{id}/samples",
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
      const expected = await expectedAnswers(c, run, page.items);
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
        expected_answer: expected[i] ?? null,
        reason: r.reason,
        error: r.error,
      }));
      const last = page.items.at(-1);
      return c.json({ items, next_cursor: page.more && last ? encodeCursor(String(last.seq)) : null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/eval-runs/{id}/tasks",
      tags,
      summary: "Per-task breakdown of one benchmark: each task's score on each target and the A/B difference, in task order",
      request: { params: IdParam, query: TasksQuery },
      responses: { 200: json(z.object({ items: z.array(TaskRow), next_cursor: z.string().nullable() }), "A page of tasks"), ...errorResponses },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      const q = c.req.valid("query");
      const after = intCursor(q.cursor);
      refuseTarget(run, q.target);
      const plan = planOf(await readBenchmarkPlans(c.env.DB, run), q.benchmark_id);
      if (plan.status === "failed" || plan.k === null) return c.json({ items: [], next_cursor: null }, 200);
      const from = after === undefined ? 0 : after + 1;
      const page = await taskPage(c.env, run, plan, { from, limit: q.limit, target: q.target });
      const items = taskRows(page.rows, plan.k, policyOf(run));
      const lastIndex = Math.min(plan.member_count ?? 0, from + q.limit) - 1;
      return c.json({ items, next_cursor: page.more ? encodeCursor(String(lastIndex)) : null }, 200);
    },
  );
