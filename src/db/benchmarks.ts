/** Benchmarks in D1: a project sees its own and the built-ins (project_id NULL). */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "./client";
import { benchmarks, type BenchmarkRow } from "./schema";

/** The benchmarks among `ids` that `projectId` may see, in no particular order. */
export async function findVisibleBenchmarks(db: Db, projectId: string, ids: string[]): Promise<BenchmarkRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(benchmarks)
    .where(and(inArray(benchmarks.id, ids), or(eq(benchmarks.projectId, projectId), isNull(benchmarks.projectId))))
    .all();
}
