/**
 * A run's scores: one row per (benchmark, target) with its aggregate,
 * subsets, usage, phases and dimensions, the previous and source runs beside
 * it, and the A/B comparison. The metrics themselves are computed by
 * src/metrics from the member tallies.
 */
import { eq } from "drizzle-orm";
import { abBenchmark, type ABBenchmark } from "../../reports/ab-view";
import { targetLabel } from "../../reports/run-info";
import type { RunScores } from "../../reports/run-scores";
import { scoreRow, type ScoreRow } from "../../reports/score-row";
import { DIMENSION_SCORERS } from "../../scorers/registry";
import { openDb } from "../client";
import { runDimensions } from "../run-dimensions";
import { benchmarkUsage, phasesOf } from "../run-usage";
import { evalRuns } from "../schema";
import { loadRunResults, rowsFor, type LoadedRun } from "./load";
import { slotsOf, slotTarget, type ResultHandles } from "./plans";
import { attachPrevious, attachSource } from "./previous-runs";
import { liveBenchmarkUsage } from "./sealed-blocks";
import { ACTIVE_STATUSES, type RunStatus } from "../../domain/run-state";

/** Score rows of a loaded run (no previous-run lookup). */
export function scoreRowsOf(loaded: LoadedRun): ScoreRow[] {
  const { run, policy } = loaded;
  return loaded.benchmarks.flatMap((b) =>
    slotsOf(run).map((slot) => scoreRow(b, slot, targetLabel(slotTarget(run, slot)), rowsFor(loaded, b.benchmark_id, slot), policy)),
  );
}

/** The A/B comparisons of a loaded run; empty without a compare target. */
export function abOf(loaded: LoadedRun): ABBenchmark[] {
  const { run, policy } = loaded;
  if (!run.compareTarget) return [];
  const labels = { a: targetLabel(slotTarget(run, "a")), b: targetLabel(slotTarget(run, "b")) };
  return loaded.benchmarks.flatMap((b) => {
    const ab = abBenchmark(b, labels, rowsFor(loaded, b.benchmark_id, "a"), rowsFor(loaded, b.benchmark_id, "b"), policy);
    return ab ? [ab] : [];
  });
}

/** Everything /scores shows, from a loaded run. */
export async function scoresOfLoaded(d1: D1Database, loaded: LoadedRun): Promise<RunScores> {
  const scores = scoreRowsOf(loaded);
  const structured = loaded.benchmarks.filter((b) => b.scorer !== null && DIMENSION_SCORERS.has(b.scorer)).map((b) => b.benchmark_id);
  // While the run executes, usage is read by sealed blocks too (src/db/results/sealed-blocks.ts).
  const active = ACTIVE_STATUSES.includes(loaded.run.status as RunStatus);
  const [usage, , dims] = await Promise.all([
    active ? liveBenchmarkUsage(d1, loaded.run).then((u) => u.usage) : benchmarkUsage(d1, loaded.run.id),
    attachPrevious(d1, loaded, scores),
    runDimensions(d1, loaded.run.id, structured),
    attachSource(d1, loaded, scores),
  ]);
  for (const row of scores) {
    const u = usage.find((x) => x.benchmark_id === row.benchmark_id && x.target === row.target);
    row.usage = u ? { attempts: u.attempts, mean_input_tokens: u.mean_input_tokens, mean_output_tokens: u.mean_output_tokens, mean_latency_ms: u.mean_latency_ms, total_cost: u.cost } : null;
    row.phases = u ? phasesOf(u) : null;
    if (structured.includes(row.benchmark_id)) row.dimensions = dims.find((x) => x.benchmark_id === row.benchmark_id && x.target === row.target)?.dimensions ?? null;
  }
  return { run_id: loaded.run.id, run_status: loaded.run.status, missing_policy: loaded.policy, scores, ab: abOf(loaded) };
}

/**
 * The scores of a run by id, with no project check: for scripts and
 * benchmarks (the API checks the project first). Null when there is no
 * such run. `rows_read` counts the D1 rows the attempt aggregation read.
 */
export async function runScores(h: ResultHandles | D1Database, runId: string): Promise<(RunScores & { rows_read: number }) | null> {
  const handles: ResultHandles = "prepare" in h ? { DB: h } : h;
  const run = await openDb(handles.DB).select().from(evalRuns).where(eq(evalRuns.id, runId)).get();
  if (!run) return null;
  const loaded = await loadRunResults(handles, run);
  return { ...(await scoresOfLoaded(handles.DB, loaded)), rows_read: loaded.rows_read };
}
