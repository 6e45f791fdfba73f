/**
 * Runs compared: GET /api/compare puts two or more results of the same
 * benchmarks side by side (the first is the baseline; each is a run's
 * target, `RUN_ID` or `RUN_ID:b` for a run's compare target, so an A/B
 * run's two targets compare the same way), with each side's scores and
 * intervals and the paired test per benchmark and subset.
 * GET /api/compare/tasks is the per-task diff of one benchmark between the
 * baseline and one candidate, regressions first, with both sides' outputs.
 */
import { z } from "@hono/zod-openapi";
import { taskAttempts } from "../../../src/db/compare-outputs";
import { SAMPLE_OUTPUT_CHARS } from "../../../src/db/samples";
import { loadRunResults, rowsFor, type LoadedRun } from "../../../src/db/results/load";
import { slotTarget } from "../../../src/db/results/plans";
import type { EvalRunRow } from "../../../src/db/schema";
import { AppError, type FieldError } from "../../../src/domain/errors";
import { encodeCursor } from "../../../src/domain/paging";
import { abBenchmark } from "../../../src/reports/ab-view";
import { CHANGES, changeCounts, comparability, compareTasks } from "../../../src/reports/compare";
import type { TargetSlot } from "../../../src/reports/member-rows";
import { targetLabel } from "../../../src/reports/run-info";
import { scoreRow } from "../../../src/reports/score-row";
import { defineRoute, newRouter } from "../router";
import { errorResponses, json, PageQuery } from "../schemas";
import { Comparison, ScoreCounts, ScoreRow } from "./results/score-schemas";
import { intCursor, ownRun, Slot, tags, type Ctx } from "./results/shared";

const MAX_SIDES = 5;
const SideRef = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}(:[ab])?$/, "a run id, optionally with :a or :b for its target or compare target")
  .openapi({ description: "RUN_ID (its target) or RUN_ID:b (its compare target)", example: "run_0abc:b" });

const Side = z
  .object({
    run_id: z.string(),
    target: Slot,
    label: z.string().openapi({ description: "the target's label (model or runner profile)" }),
    display_name: z.string().nullable(),
    status: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi("CompareSide");

const Changes = z.object({ regression: z.number().int(), improvement: z.number().int(), unchanged: z.number().int(), missing: z.number().int() });

const CompareBenchmark = z
  .object({
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable(),
    comparable: z.boolean().openapi({ description: "same dataset digest and the same k on both sides" }),
    notes: z.array(z.string()).openapi({ description: "why the comparison may mislead when not comparable" }),
    baseline: ScoreRow,
    candidate: ScoreRow,
    overall: Comparison.nullable().openapi({ description: "candidate (B) against baseline (A): the paired test over shared tasks; null when either side has no number" }),
    subsets: z.array(Comparison.extend({ key: z.string().nullable() })),
    changes: Changes.openapi({ description: "tasks worse on the candidate, better, unchanged, or without a reward on one side (never read as 0)" }),
  })
  .openapi("CompareBenchmark");

const CompareView = z
  .object({
    baseline: Side,
    candidates: z.array(z.object({ side: Side, benchmarks: z.array(CompareBenchmark) })),
  })
  .openapi("Compare");

const TaskSide = z.object({
  score: z.number().nullable(),
  display: z.object({ score: z.string().nullable(), coverage: z.string() }),
  score_counts: ScoreCounts,
  attempts: z.array(
    z.object({
      seq: z.number().int(),
      attempt_index: z.number().int(),
      status: z.string(),
      reward: z.number().nullable(),
      output: z.string().nullable(),
      output_truncated: z.boolean(),
      reason: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

const CompareTask = z
  .object({
    task_key: z.string(),
    subset: z.string().nullable(),
    change: z.enum(CHANGES),
    delta: z.number().nullable().openapi({ description: "candidate score − baseline score" }),
    baseline: TaskSide.nullable().openapi({ description: "null when the baseline has no such task" }),
    candidate: TaskSide.nullable(),
  })
  .openapi("CompareTask");

const CompareQuery = z.object({
  runs: z.string().min(1).max(1000).openapi({ description: `2 to ${MAX_SIDES} comma-separated sides, the baseline first: RUN_ID or RUN_ID:b` }),
  benchmark_id: z.string().min(1).max(200).optional().openapi({ description: "only this benchmark" }),
});

const CompareTasksQuery = PageQuery.extend({
  baseline: SideRef,
  candidate: SideRef,
  benchmark_id: z.string().min(1).max(200),
  change: z.enum(CHANGES).optional().openapi({ description: "only tasks with this change: regression (worse on the candidate), improvement, unchanged, missing" }),
});

interface ParsedSide {
  runId: string;
  slot: TargetSlot;
}

function parseSide(ref: string): ParsedSide {
  const [runId, slot] = ref.split(":");
  return { runId: runId!, slot: slot === "b" ? "b" : "a" };
}

/** The runs of the sides, each loaded once (an A/B run's two targets share one load); with `only`, the member rows of that benchmark alone. */
async function loadSides(c: Ctx, sides: ParsedSide[], field: (i: number) => string, only?: string): Promise<{ side: ParsedSide; loaded: LoadedRun }[]> {
  const runs = new Map<string, EvalRunRow>();
  const errors: FieldError[] = [];
  for (const [i, s] of sides.entries()) {
    const run = runs.get(s.runId) ?? (await ownRun(c, s.runId));
    runs.set(s.runId, run);
    if (s.slot === "b" && !run.compareTarget) errors.push({ field: field(i), message: `run ${s.runId} has no compare_target` });
  }
  const keys = sides.map((s) => `${s.runId}:${s.slot}`);
  keys.forEach((k, i) => keys.indexOf(k) !== i && errors.push({ field: field(i), message: "the same side twice" }));
  if (errors.length) throw new AppError("validation_failed", "invalid query", errors);
  const loads = new Map<string, Promise<LoadedRun>>();
  for (const [id, run] of runs) loads.set(id, loadRunResults(c.env, run, only ? [only] : undefined));
  return Promise.all(sides.map(async (side) => ({ side, loaded: await loads.get(side.runId)! })));
}

function sideView(l: LoadedRun, slot: TargetSlot): z.infer<typeof Side> {
  return { run_id: l.run.id, target: slot, label: targetLabel(slotTarget(l.run, slot)), display_name: l.run.displayName, status: l.run.status, finished_at: l.run.finishedAt };
}

function sharedBenchmarks(a: LoadedRun, b: LoadedRun, only: string | undefined): string[] {
  const inB = new Set(b.benchmarks.map((p) => p.benchmark_id));
  return a.benchmarks.map((p) => p.benchmark_id).filter((id) => inB.has(id) && (!only || id === only));
}

export const compareRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/compare",
      operationId: "compareRuns",
      tags,
      summary: "Two or more results of the same benchmarks side by side (the first is the baseline): scores with intervals, the paired test per benchmark and subset, and how many tasks regressed",
      request: { query: CompareQuery },
      responses: { 200: json(CompareView, "The comparison"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const refs = q.runs.split(",").map((s) => s.trim());
      const errors: FieldError[] = [];
      if (refs.length < 2 || refs.length > MAX_SIDES) errors.push({ field: "runs", message: `give 2 to ${MAX_SIDES} sides, the baseline first` });
      refs.forEach((r, i) => !SideRef.safeParse(r).success && errors.push({ field: `runs[${i}]`, message: "not RUN_ID or RUN_ID:a|b" }));
      if (errors.length) throw new AppError("validation_failed", "invalid query: runs", errors);
      const sides = await loadSides(c, refs.map(parseSide), (i) => `runs[${i}]`, q.benchmark_id);
      const [base, ...rest] = sides;
      const candidates = rest.map(({ side, loaded }, i) => {
        const ids = sharedBenchmarks(base!.loaded, loaded, q.benchmark_id);
        if (ids.length === 0) {
          throw new AppError("validation_failed", "invalid query: runs", [
            { field: `runs[${i + 1}]`, message: q.benchmark_id ? `it and the baseline do not both have ${q.benchmark_id}` : "it shares no benchmark with the baseline" },
          ]);
        }
        const baseLabel = targetLabel(slotTarget(base!.loaded.run, base!.side.slot));
        const candLabel = targetLabel(slotTarget(loaded.run, side.slot));
        return {
          side: sideView(loaded, side.slot),
          benchmarks: ids.map((id) => {
            const pb = base!.loaded.benchmarks.find((p) => p.benchmark_id === id)!;
            const pc = loaded.benchmarks.find((p) => p.benchmark_id === id)!;
            const rb = rowsFor(base!.loaded, id, base!.side.slot);
            const rc = rowsFor(loaded, id, side.slot);
            const policy = base!.loaded.policy;
            const ab = pc.k !== null ? abBenchmark(pb, { a: baseLabel, b: candLabel }, rb, rc, policy) : null;
            const tasks = pb.k !== null && pc.k !== null ? compareTasks(rb, rc, { baseline: pb.k, candidate: pc.k }, policy) : [];
            return {
              benchmark_id: id,
              benchmark_name: pb.name,
              ...comparability(pb, pc),
              baseline: scoreRow(pb, base!.side.slot, baseLabel, rb, policy),
              candidate: scoreRow(pc, side.slot, candLabel, rc, loaded.policy),
              overall: ab?.overall ?? null,
              subsets: ab?.subsets ?? [],
              changes: changeCounts(tasks),
            };
          }),
        };
      });
      return c.json({ baseline: sideView(base!.loaded, base!.side.slot), candidates }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/compare/tasks",
      operationId: "compareTasks",
      tags,
      summary: "The per-task diff of one benchmark between a baseline and a candidate: regressions first (largest drop first), then improvements, unchanged and missing, each with both sides' attempts and outputs",
      request: { query: CompareTasksQuery },
      responses: {
        200: json(z.object({ counts: Changes, items: z.array(CompareTask), next_cursor: z.string().nullable() }), "A page of tasks"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const after = intCursor(q.cursor);
      const [base, cand] = await loadSides(c, [parseSide(q.baseline), parseSide(q.candidate)], (i) => (i === 0 ? "baseline" : "candidate"), q.benchmark_id);
      const pb = base!.loaded.benchmarks.find((p) => p.benchmark_id === q.benchmark_id);
      const pc = cand!.loaded.benchmarks.find((p) => p.benchmark_id === q.benchmark_id);
      if (!pb || !pc) {
        throw new AppError("validation_failed", "invalid query: benchmark_id", [{ field: "benchmark_id", message: `not a benchmark of ${!pb ? "the baseline" : "the candidate"} run` }]);
      }
      if (pb.k === null || pc.k === null) return c.json({ counts: changeCounts([]), items: [], next_cursor: null }, 200);
      const all = compareTasks(rowsFor(base!.loaded, pb.benchmark_id, base!.side.slot), rowsFor(cand!.loaded, pc.benchmark_id, cand!.side.slot), { baseline: pb.k, candidate: pc.k }, base!.loaded.policy);
      const chosen = q.change ? all.filter((t) => t.change === q.change) : all;
      const from = after === undefined ? 0 : after;
      const page = chosen.slice(from, from + q.limit);
      const side = (l: LoadedRun, slot: TargetSlot, plan: typeof pb) => ({ runId: l.run.id, plan, slot, targets: l.targets });
      const [outB, outC] = await Promise.all([
        taskAttempts(c.env, side(base!.loaded, base!.side.slot, pb), page.flatMap((t) => (t.baseline_member === null ? [] : [t.baseline_member]))),
        taskAttempts(c.env, side(cand!.loaded, cand!.side.slot, pc), page.flatMap((t) => (t.candidate_member === null ? [] : [t.candidate_member]))),
      ]);
      const attemptsOf = (rows: Awaited<ReturnType<typeof taskAttempts>>, member: number | null) =>
        (member === null ? [] : rows.get(member) ?? []).map((a) => ({ ...a, output_truncated: (a.output_chars ?? 0) > SAMPLE_OUTPUT_CHARS, output_chars: undefined, output_key: undefined }));
      const items = page.map((t) => ({
        task_key: t.task_key,
        subset: t.subset,
        change: t.change,
        delta: t.delta,
        baseline: t.baseline && { score: t.baseline.score, display: t.baseline.display, score_counts: t.baseline.score_counts, attempts: attemptsOf(outB, t.baseline_member) },
        candidate: t.candidate && { score: t.candidate.score, display: t.candidate.display, score_counts: t.candidate.score_counts, attempts: attemptsOf(outC, t.candidate_member) },
      }));
      const next = from + q.limit < chosen.length ? encodeCursor(String(from + q.limit)) : null;
      return c.json({ counts: changeCounts(all), items, next_cursor: next }, 200);
    },
  );
