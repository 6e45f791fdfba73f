/**
 * POST /api/eval-runs/estimate: what a draft run would spend, before it is
 * created or started. The body is a create body; each benchmark's tasks are
 * selected as the planner selects them, their prompts rendered (few-shot
 * examples included) and measured with the estimate a budget reserves per
 * call (src/domain/run-estimate.ts). Nothing is written, but a built-in's
 * data is loaded as a start would load it.
 */
import { z } from "@hono/zod-openapi";
import { findVisibleBenchmarks } from "../../../src/db/benchmarks";
import { findRevisionByRef, getRevisions } from "../../../src/db/datasets";
import type { BenchmarkRow, DatasetRevisionRow } from "../../../src/db/schema";
import { dateOf, subsetOf } from "../../../src/datasets/row-selection";
import { AppError } from "../../../src/domain/errors";
import type { BenchmarkOptions } from "../../../src/domain/benchmark";
import { buildMessages } from "../../../src/domain/prompt";
import { benchmarkErrors, configFromCreate, CreateRunBody } from "../../../src/domain/run-config";
import { benchmarkEstimate, runEstimate, samplePositions, type BenchmarkEstimate } from "../../../src/domain/run-estimate";
import { RunBudget } from "../../../src/domain/run-budget";
import type { StoredModelTarget, StoredTarget } from "../../../src/domain/run-target";
import { selectTasks, type TaskRef } from "../../../src/domain/selection";
import { estimateInputTokens } from "../../../src/domain/token-estimate";
import { toolsColumnOf, toolsOfRow } from "../../../src/domain/tools";
import { attemptsFor, examplesFor, fewShotCount, pickFewShot, samplingFor, selectionFor, type BenchmarkDefaults } from "../../../src/execution/benchmark-plan";
import { rowChunks } from "../../../src/storage/dataset-rows";
import { rowAt } from "../../../src/storage/row-cache";
import type { Db } from "../../../src/db/client";
import { BuiltinDataError, ensureBuiltinRevision } from "../../catalog/ensure-data";
import type { Env } from "../../env";
import { refuse, withBenchmarkIds } from "../../../src/services/runs";
import { scopeOf } from "../service-ports";
import { defineRoute, newRouter } from "../router";
import { errorResponses, json, jsonBody } from "../schemas";

const BenchmarkEstimateView = z
  .object({
    benchmark_id: z.string(),
    tasks: z.number().int().openapi({ description: "tasks selected, as the planner selects them" }),
    attempts: z.number().int().openapi({ description: "attempts per task (k)" }),
    calls: z.number().int().openapi({ description: "model calls: tasks × attempts × model targets" }),
    rendered: z.number().int().openapi({ description: "prompts rendered to measure: every task, or an even sample of 500" }),
    input_tokens: z.number().int().openapi({ description: "estimated input tokens (about 4 characters per token of the rendered messages and tools)" }),
    output_tokens: z.number().int().openapi({ description: "every call at its max_output_tokens: an upper bound" }),
    max_output_tokens: z.number().int(),
    cost_usd: z.number().nullable().openapi({ description: "at the targets' prices; null when a model target has no price" }),
    error: z.string().nullable().openapi({ description: "why this benchmark could not be estimated (it would fail at start); its figures are then 0" }),
  })
  .openapi("BenchmarkEstimate");

export const RunEstimateView = z
  .object({
    benchmarks: z.array(BenchmarkEstimateView),
    total: z.object({ calls: z.number().int(), input_tokens: z.number().int(), output_tokens: z.number().int(), cost_usd: z.number().nullable() }),
    budget_exceeded_by: z
      .enum(["max_cost_usd", "max_input_tokens", "max_output_tokens"])
      .nullable()
      .openapi({ description: "with options.budget: the first limit the estimate passes (the run would stop as budget_exhausted before its last calls), else null" }),
    budget: RunBudget.nullable(),
  })
  .openapi("RunEstimate");

/** The revision a benchmark runs on, as the planner finds it (workers/queue/plan.ts), or why there is none. */
async function revisionOf(env: Env, db: Db, projectId: string, bm: BenchmarkRow): Promise<DatasetRevisionRow | string> {
  if (bm.kind === "runner") return "this benchmark runs on an agent runner: an estimate covers model calls";
  try {
    const builtin = await ensureBuiltinRevision(env, db, bm);
    if (builtin) return builtin;
  } catch (e) {
    if (e instanceof BuiltinDataError) return e.message;
    throw e;
  }
  const rev =
    (bm.datasetRevisionId && (await getRevisions(db, [bm.datasetRevisionId]))[0]) ||
    (bm.datasetRef ? await findRevisionByRef(db, projectId, bm.datasetRef) : undefined);
  return rev || `its dataset ${bm.datasetRef ?? "(none)"} is not available`;
}

async function estimateBenchmark(
  env: Env,
  db: Db,
  projectId: string,
  bm: BenchmarkRow,
  options: ReturnType<typeof configFromCreate>["config"]["options"],
  prices: (StoredModelTarget["price"] | undefined)[],
): Promise<BenchmarkEstimate> {
  const k = attemptsFor(options, bm.id, { split: bm.split, options: bm.options as BenchmarkDefaults["options"] });
  const maxOut = samplingFor(options, bm.id).max_output_tokens;
  const failed = (error: string): BenchmarkEstimate => ({ ...benchmarkEstimate(bm.id, 0, [], k, maxOut, prices), error });
  const rev = await revisionOf(env, db, projectId, bm);
  if (typeof rev === "string") return failed(rev);
  const subsetColumn = (bm.options as Partial<BenchmarkOptions>).subset_column;
  // A benchmark that dates its tasks (LiveCodeBench) may be narrowed to a release window.
  const dateColumn = (bm.options as Partial<BenchmarkOptions>).date_column;
  const refs: TaskRef[] = [];
  for await (const rows of rowChunks(env.ARTIFACTS, rev)) {
    for (const r of rows) refs.push({ index: r.index, key: r.key, digest: r.digest, split: r.split, subset: subsetOf(r, subsetColumn), date: dateOf(r, dateColumn) });
  }
  const defaults: BenchmarkDefaults = { split: bm.split, options: bm.options as BenchmarkDefaults["options"] };
  const spec = selectionFor(options, bm.id, defaults);
  const members = selectTasks(refs, spec);
  if (!members.length) return failed("no task of its dataset matches the run's selection");
  const fewShot = pickFewShot(refs, new Set(members.map((m) => m.index)), fewShotCount(options, bm.id, defaults), spec.split, defaults.options.few_shot_split);
  const prompt = { prompt_template: bm.promptTemplate, prompt_column: bm.promptColumn, answer_column: bm.answerColumn };
  const toolsColumn = toolsColumnOf(bm.options);
  const sampled: number[] = [];
  for (const pos of samplePositions(members.length)) {
    const m = members[pos]!;
    const row = await rowAt(env.ARTIFACTS, rev, m.index);
    const examples = await Promise.all(examplesFor(fewShot, m.subset).map((i) => rowAt(env.ARTIFACTS, rev, i)));
    let tools: unknown;
    try {
      tools = toolsOfRow(toolsColumn, row.data);
    } catch {
      tools = undefined; // an unreadable tools cell fails that attempt at run time; its prompt still counts
    }
    sampled.push(estimateInputTokens(buildMessages(prompt, row.data, examples.map((e) => e.data)), tools));
  }
  return benchmarkEstimate(bm.id, members.length, sampled, k, maxOut, prices);
}

export const evalRunEstimateRoutes = newRouter().openapi(
  defineRoute({
    method: "post",
    path: "/api/eval-runs/estimate",
    operationId: "estimateEvalRun",
    tags: ["eval-runs"],
    summary: "Estimate a draft run's model calls, tokens and cost from its rendered prompts and max_output_tokens, before it starts (nothing is created)",
    request: { body: jsonBody(CreateRunBody.openapi("EstimateEvalRun")) },
    responses: { 200: json(RunEstimateView, "The estimate"), ...errorResponses },
  }),
  async (c) => {
    const { db } = c.var;
    const { projectId } = c.var.auth;
    const body = await withBenchmarkIds(scopeOf(c), c.req.valid("json"));
    const { config, errors } = configFromCreate(body.value);
    const found = await findVisibleBenchmarks(db, projectId, config.benchmarks);
    errors.unshift(...body.errors, ...benchmarkErrors(body.value.benchmarks, found));
    if (errors.length) refuse(errors);
    const models = [config.target, config.compare_target].filter((t): t is StoredTarget => t !== null && t.kind === "model") as StoredModelTarget[];
    if (!models.length) throw new AppError("validation_failed", "an estimate covers model calls, and this run's targets make none (agent runners and recorded outputs)", [{ field: "target.kind", message: "must be 'model' to estimate" }]);
    const prices = models.map((t) => t.price);
    const byId = new Map(found.map((b) => [b.id, b]));
    const benchmarks: BenchmarkEstimate[] = [];
    for (const id of config.benchmarks) benchmarks.push(await estimateBenchmark(c.env, db, projectId, byId.get(id)!, config.options, prices));
    return c.json({ ...runEstimate(benchmarks, config.options.budget), budget: config.options.budget ?? null }, 200);
  },
);
