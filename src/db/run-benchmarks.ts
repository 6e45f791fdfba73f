/** Each benchmark's plan and status within a run. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { runBenchmarks, type RunBenchmarkRow } from "./schema";

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
