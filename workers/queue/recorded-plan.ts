/**
 * Planning a benchmark whose outputs are recorded, beside plan.ts: an
 * outputs target's revision matched to the selected tasks (which outputs row
 * is each attempt, and the match report kept on the run benchmark), and a
 * re-score's benchmark laid out exactly as in its source run (same members,
 * k and targets, so the attempt at offset i of the re-score's range reuses
 * the output at offset i of the source's) with the re-score's scoring spec. Returns a refusal's
 * reason instead of throwing, so plan.ts keeps its own error type.
 * I/O: D1 and R2 through the handles passed in.
 */
import { countOutputs } from "../../src/db/attempts";
import type { Db } from "../../src/db/client";
import { findRevisionByRef } from "../../src/db/datasets";
import { getRunBenchmark } from "../../src/db/run-benchmarks";
import type { EvalRunRow, RunBenchmarkRow } from "../../src/db/schema";
import { matchOutputs, type OutputRef, type OutputsMatch } from "../../src/domain/recorded-outputs";
import type { StoredTarget } from "../../src/domain/run-target";
import type { TaskRef } from "../../src/domain/selection";
import { needsJudge } from "../../src/scorers/registry";
import { ScoringSpec } from "../../src/scorers/spec";
import { rowChunks } from "../../src/storage/dataset-rows";
import { writeRecordedPlan } from "../../src/storage/recorded-plans";
import { readPlan, writePlan } from "../../src/storage/run-plans";

export type Refusal = { cannot: string };

/** What planning a recorded benchmark reads and writes. */
interface PlanBindings {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
}

function slotsOf(run: EvalRunRow): ["a" | "b", StoredTarget][] {
  const slots: ["a" | "b", StoredTarget][] = [["a", run.target as StoredTarget]];
  if (run.compareTarget) slots.push(["b", run.compareTarget as StoredTarget]);
  return slots;
}

/** Whether any slot of the run takes its outputs from a dataset revision. */
export function hasOutputsTarget(run: EvalRunRow): boolean {
  return slotsOf(run).some(([, t]) => t.kind === "outputs");
}

/**
 * Matches each outputs slot's revision to the selected members and writes
 * which row each attempt takes; the report per slot goes on the run
 * benchmark. `refs` are every task of the benchmark's dataset.
 */
export async function planRecordedOutputs(
  env: PlanBindings,
  db: Db,
  run: EvalRunRow,
  benchmarkId: string,
  refs: readonly TaskRef[],
  members: readonly { key: string; index: number }[],
  k: number,
): Promise<{ recorded: Record<string, OutputsMatch> | null } | Refusal> {
  const recorded: Record<string, OutputsMatch> = {};
  for (const [slot, t] of slotsOf(run)) {
    if (t.kind !== "outputs") continue;
    const field = slot === "a" ? "target" : "compare_target";
    // Checked when the run was written; a revision deleted since then is a benchmark that cannot run.
    const rev = await findRevisionByRef(db, run.projectId, t.dataset);
    if (!rev) return { cannot: `${field}.dataset: the outputs dataset ${t.dataset} is not available` };
    const cols = [t.key_column, t.attempt_column].filter((c): c is string => !!c);
    const outputs: OutputRef[] = [];
    for await (const rows of rowChunks(env.ARTIFACTS, rev)) {
      // Only the matching columns are kept: the output texts are read per attempt.
      for (const r of rows) outputs.push({ index: r.index, data: Object.fromEntries(cols.map((c) => [c, r.data[c] ?? null])) });
    }
    const taskIds = new Set(refs.map((r) => (t.key_column ? r.key : String(r.index))));
    const { plan, match } = matchOutputs(members, taskIds, outputs, t, k);
    await writeRecordedPlan(env.ARTIFACTS, run.id, benchmarkId, slot, plan);
    recorded[slot] = { source: "dataset", from: t.dataset, revision_id: rev.id, ...match };
  }
  return { recorded: Object.keys(recorded).length ? recorded : null };
}

/**
 * A re-score's benchmark: the source run's layout of it (plan, k, few-shot,
 * dataset revision) with the re-score's scoring. Refused when the source
 * never planned it or it failed there without attempts.
 */
export async function planRescore(env: PlanBindings, db: Db, run: EvalRunRow, rb: RunBenchmarkRow, base: number): Promise<Partial<RunBenchmarkRow> | Refusal> {
  const sourceId = run.sourceRunId!;
  const src = await getRunBenchmark(db, sourceId, rb.benchmarkId);
  if (!src || src.baseSeq === null || src.k === null || !src.memberCount || !src.attemptCount || !src.datasetRevisionId) {
    return { cannot: `the source run ${sourceId} has no attempts of this benchmark to re-score` };
  }
  const parsed = ScoringSpec.safeParse(run.rescoreScoring);
  if (!parsed.success) return { cannot: `its scorer spec is invalid: ${parsed.error.issues[0]?.message ?? "unknown"}` };
  if (needsJudge(parsed.data) && !run.judge) return { cannot: "llm_judge scoring needs the run's judge model; set `judge` on the re-score" };
  await writePlan(env.ARTIFACTS, run.id, rb.benchmarkId, await readPlan(env.ARTIFACTS, sourceId, rb.benchmarkId));
  const counts = await countOutputs(env.DB, sourceId, src.baseSeq, src.baseSeq + src.attemptCount);
  const recorded: Record<string, OutputsMatch> = {};
  for (const [slot] of slotsOf(run)) {
    const c = counts.find((r) => r.target === slot);
    const tasks = c?.tasks ?? 0;
    recorded[slot] = {
      source: "run",
      from: sourceId,
      revision_id: null,
      outputs: c?.outputs ?? 0,
      matched_tasks: tasks,
      missing_tasks: src.memberCount - tasks,
      unmatched_count: 0,
      unmatched_keys: [],
      beyond_k: 0,
    };
  }
  return {
    status: "planning",
    datasetRevisionId: src.datasetRevisionId,
    datasetDigest: src.datasetDigest,
    scoring: parsed.data as Record<string, unknown>,
    k: src.k,
    memberCount: src.memberCount,
    baseSeq: base,
    attemptCount: src.attemptCount,
    fewShot: src.fewShot,
    recorded,
  };
}
