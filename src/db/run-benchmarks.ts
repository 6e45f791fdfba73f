/** Each benchmark's plan and status within a run. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { runBenchmarks, type RunBenchmarkRow } from "./schema";

/** One benchmark's row within a run. */
export async function getRunBenchmark(db: Db, runId: string, benchmarkId: string): Promise<RunBenchmarkRow | undefined> {
  return db
    .select()
    .from(runBenchmarks)
    .where(and(eq(runBenchmarks.runId, runId), eq(runBenchmarks.benchmarkId, benchmarkId)))
    .get();
}

export async function listRunBenchmarks(db: Db, runId: string): Promise<RunBenchmarkRow[]> {
  return db.select().from(runBenchmarks).where(eq(runBenchmarks.runId, runId)).orderBy(asc(runBenchmarks.position)).all();
}

/** Creates the pending rows of a run's benchmarks once; a repeat does nothing. */
export async function ensureRunBenchmarks(db: Db, runId: string, benchmarkIds: string[]): Promise<RunBenchmarkRow[]> {
  const existing = await listRunBenchmarks(db, runId);
  if (existing.length === benchmarkIds.length) return existing;
  await db
    .insert(runBenchmarks)
    .values(benchmarkIds.map((benchmarkId, position) => ({ runId, benchmarkId, position, status: "pending", plannedCount: 0 })))
    .onConflictDoNothing();
  return listRunBenchmarks(db, runId);
}

export async function updateRunBenchmark(db: Db, runId: string, benchmarkId: string, patch: Partial<RunBenchmarkRow>): Promise<void> {
  await db
    .update(runBenchmarks)
    .set(patch)
    .where(and(eq(runBenchmarks.runId, runId), eq(runBenchmarks.benchmarkId, benchmarkId)));
}

/** Moves the run's benchmarks in `from` states to `to` (stop, finish). */
export async function setRunBenchmarkStatus(db: Db, runId: string, from: string[], to: string): Promise<void> {
  await db
    .update(runBenchmarks)
    .set({ status: to })
    .where(and(eq(runBenchmarks.runId, runId), inArray(runBenchmarks.status, from)));
}

/**
 * Resume: the run's ended benchmarks run again. A planned one goes back to
 * planning (if its planning was cut short) or running; one that failed only
 * because no attempt was scored (it has attempts) too, its error cleared;
 * one the stop cut off before planning goes back to pending.
 */
export async function reopenRunBenchmarks(d1: D1Database, runId: string): Promise<void> {
  await d1.batch([
    d1
      .prepare(
        `UPDATE run_benchmarks SET status = CASE WHEN planned_count < attempt_count THEN 'planning' ELSE 'running' END,
           error = CASE WHEN status = 'failed' THEN NULL ELSE error END, error_counts = NULL, target_outcomes = NULL
         WHERE run_id = ?1 AND attempt_count IS NOT NULL AND (status IN ('cancelled', 'completed') OR (status = 'failed' AND attempt_count > 0))`,
      )
      .bind(runId),
    d1.prepare(`UPDATE run_benchmarks SET status = 'pending' WHERE run_id = ?1 AND status = 'cancelled' AND attempt_count IS NULL`).bind(runId),
  ]);
}
