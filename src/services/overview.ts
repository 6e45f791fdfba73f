/**
 * A run's overview (GET /api/eval-runs/{id}/overview): its score rows
 * (src/db/results) and, per benchmark and target, the aggregates D1
 * computes over its ended attempts (src/db/overview.ts), shaped by
 * src/reports/overview.ts. Memory does not grow with the run: no attempt
 * is read one by one. I/O: D1 (and R2 for the plans of runs still open).
 */
import { overviewStats } from "../db/overview";
import type { ResultHandles } from "../db/results/plans";
import { loadRunResults } from "../db/results/load";
import { scoreRowsOf } from "../db/results/scores";
import type { EvalRunRow } from "../db/schema";
import { isRecorded } from "../domain/recorded-outputs";
import { emptyGroup, overviewGroup, type Execution, type OverviewGroup } from "../reports/overview";

export interface OverviewRequest {
  includeErrored: boolean;
  /** Most points per pane. */
  points: number;
  /** Timing strips: the first N in seq order, or all (as many as points, thinned past it). */
  strips: number | "all";
}

/** Where a run's slot ran: recorded outputs, an agent runner, or a model called from Assay. */
function executionOf(run: EvalRunRow, slot: "a" | "b"): Execution {
  if (isRecorded(run, slot)) return "recorded";
  const t = (slot === "a" ? run.target : run.compareTarget) as { kind?: unknown } | null;
  return t?.kind === "agent" ? "agent" : "inline";
}

/** The overview's groups, one per score row (benchmark × target), in the scores' order. */
export async function runOverview(h: ResultHandles, run: EvalRunRow, r: OverviewRequest): Promise<OverviewGroup[]> {
  const loaded = await loadRunResults(h, run);
  const stripLimit = Math.min(r.strips === "all" ? Infinity : r.strips, r.points);
  const firstStrips = stripLimit < r.points;
  const execution = (slot: "a" | "b") => executionOf(run, slot);
  const { groups } = await overviewStats(h.DB, run.id, {
    includeErrored: r.includeErrored,
    maxPoints: r.points,
    stripLimit,
    firstStrips,
    inline: { a: execution("a") === "inline", b: execution("b") === "inline" },
    // MT-Bench's conversation is two model calls (src/execution/multi-turn.ts); every other benchmark run in Assay makes one.
    turns: Object.fromEntries(loaded.benchmarks.filter((b) => b.scorer === "mt_bench_judge").map((b) => [b.benchmark_id, 2])),
  });
  const byKey = new Map(groups.map((g) => [`${g.benchmark_id}\u0000${g.target}`, g]));
  return scoreRowsOf(loaded).map((row) =>
    overviewGroup(row, byKey.get(`${row.benchmark_id}\u0000${row.target}`) ?? emptyGroup(row.benchmark_id, row.target), { runId: run.id, maxPoints: r.points, stripLimit, firstStrips, execution }),
  );
}
