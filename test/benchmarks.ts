/**
 * Test helper: a benchmark row written straight into D1 (no dataset, no
 * route), for tests that only need a benchmark id a run can reference.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { newId } from "../src/crypto/ids";
import { openDb } from "../src/db/client";
import { benchmarks, type BenchmarkRow } from "../src/db/schema";

/** Inserts a contains-scored benchmark of `projectId` (null: a built-in) and returns its id. */
export async function seedBenchmark(projectId: string | null, overrides: Partial<BenchmarkRow> = {}): Promise<string> {
  const row: BenchmarkRow = {
    id: newId("bm"),
    projectId,
    name: `seeded-${crypto.randomUUID().slice(0, 8)}`,
    description: "seeded for a test",
    category: null,
    kind: "inline",
    datasetRef: "seeded@1",
    datasetRevisionId: null,
    split: null,
    promptColumn: "question",
    promptTemplate: "{question}",
    answerColumn: "answer",
    scoring: { type: "contains", ignore_case: true },
    options: {},
    catalog: null,
    sampleSize: 10,
    firstUsedAt: null,
    archivedAt: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
  await openDb(env.DB).insert(benchmarks).values(row);
  return row.id;
}

/** The benchmark's first_used_at (null while no run referenced it). */
export async function benchmarkFirstUsed(id: string): Promise<string | null> {
  const row = await openDb(env.DB).select({ at: benchmarks.firstUsedAt }).from(benchmarks).where(eq(benchmarks.id, id)).get();
  if (!row) throw new Error(`no benchmark ${id}`);
  return row.at;
}
