/** Benchmarks in D1: a project sees its own and the built-ins (project_id NULL). */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { benchmarks, type BenchmarkRow } from "./schema";

const visibleTo = (projectId: string) => or(eq(benchmarks.projectId, projectId), isNull(benchmarks.projectId));

/** The benchmarks among `ids` that `projectId` may see, in no particular order. */
export async function findVisibleBenchmarks(db: Db, projectId: string, ids: string[]): Promise<BenchmarkRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(benchmarks)
    .where(and(inArray(benchmarks.id, ids), visibleTo(projectId)))
    .all();
}

/**
 * The benchmarks `projectId` may see whose id is one of `refs` or whose
 * name equals one of them ignoring case: what resolving ids-or-names needs.
 */
export async function findVisibleBenchmarksByRef(db: Db, projectId: string, refs: readonly string[]): Promise<BenchmarkRow[]> {
  if (refs.length === 0) return [];
  const names = [...new Set(refs.map((r) => r.toLowerCase()))];
  return db
    .select()
    .from(benchmarks)
    .where(and(or(inArray(benchmarks.id, [...new Set(refs)]), inArray(sql`lower(${benchmarks.name})`, names)), visibleTo(projectId)))
    .all();
}

/** Benchmarks by id, whoever owns them (the engine, for a run it already admitted); in no particular order. */
export async function getBenchmarks(db: Db, ids: readonly string[]): Promise<BenchmarkRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(benchmarks)
    .where(inArray(benchmarks.id, [...ids]))
    .all();
}

/** Benchmarks' names by id, whoever owns them (a message names a benchmark as a reader knows it); an id not found is absent. */
export async function benchmarkNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: benchmarks.id, name: benchmarks.name })
    .from(benchmarks)
    .where(inArray(benchmarks.id, [...new Set(ids)]))
    .all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One benchmark the project may see (its own or a built-in), archived or not. */
export async function getVisibleBenchmark(db: Db, projectId: string, id: string): Promise<BenchmarkRow | undefined> {
  return db
    .select()
    .from(benchmarks)
    .where(and(eq(benchmarks.id, id), visibleTo(projectId)))
    .get();
}

export interface BenchmarkFilter {
  includeArchived: boolean;
  category?: string;
  kind?: string;
  /** The last id of the previous page. */
  after?: string;
  limit: number;
}

/** A page (limit + 1 rows, for pageOf) of the project's catalog: own and built-ins, newest id first. */
export async function listBenchmarks(db: Db, projectId: string, f: BenchmarkFilter): Promise<BenchmarkRow[]> {
  const where: (SQL | undefined)[] = [visibleTo(projectId)];
  if (!f.includeArchived) where.push(isNull(benchmarks.archivedAt));
  if (f.category !== undefined) where.push(eq(benchmarks.category, f.category));
  if (f.kind !== undefined) where.push(eq(benchmarks.kind, f.kind));
  if (f.after !== undefined) where.push(lt(benchmarks.id, f.after));
  return db
    .select()
    .from(benchmarks)
    .where(and(...where))
    .orderBy(desc(benchmarks.id))
    .limit(f.limit + 1)
    .all();
}

/** The names among `names` the project's own benchmarks already use (case-insensitive, archived ones included), as stored. */
export async function takenBenchmarkNames(db: Db, projectId: string, names: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ name: benchmarks.name })
    .from(benchmarks)
    .where(and(eq(benchmarks.projectId, projectId), sql`${benchmarks.name} COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(names)}))`))
    .all();
  return rows.map((r) => r.name);
}

/** Remembers on a built-in's row the dataset revision its data was loaded into, so later plans find it by id. */
export async function setBuiltinRevision(db: Db, benchmarkId: string, revisionId: string): Promise<void> {
  await db
    .update(benchmarks)
    .set({ datasetRevisionId: revisionId })
    .where(and(eq(benchmarks.id, benchmarkId), isNull(benchmarks.projectId)))
    .run();
}

/**
 * Inserts a custom benchmark unless the project already has one with the
 * same name (case-insensitive, archived ones included). One statement, so
 * two concurrent creates cannot both pass the check. False on a duplicate.
 */
export async function insertCustomBenchmark(db: Db, row: BenchmarkRow): Promise<boolean> {
  if (row.projectId === null) throw new Error("a custom benchmark needs a project");
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  const result = await db.run(sql`
    INSERT INTO benchmarks (id, project_id, name, description, category, kind, dataset_ref, dataset_revision_id,
      split, prompt_column, prompt_template, answer_column, scoring, options, catalog, sample_size,
      first_used_at, archived_at, created_at)
    SELECT ${row.id}, ${row.projectId}, ${row.name}, ${row.description}, ${row.category}, ${row.kind},
      ${row.datasetRef}, ${row.datasetRevisionId}, ${row.split}, ${row.promptColumn}, ${row.promptTemplate},
      ${row.answerColumn}, ${json(row.scoring)}, ${json(row.options)}, ${json(row.catalog)}, ${row.sampleSize},
      ${row.firstUsedAt}, ${row.archivedAt}, ${row.createdAt}
    WHERE NOT EXISTS (SELECT 1 FROM benchmarks WHERE project_id = ${row.projectId} AND name = ${row.name} COLLATE NOCASE)`);
  return result.meta.changes === 1;
}

/**
 * Sets or clears archived_at on one of the project's own benchmarks
 * (built-ins never match); keeps an earlier archive time. Undefined if none.
 */
export async function setBenchmarkArchived(db: Db, projectId: string, id: string, at: string | null): Promise<BenchmarkRow | undefined> {
  const own = and(eq(benchmarks.id, id), eq(benchmarks.projectId, projectId));
  const archivedAt = at === null ? null : sql`coalesce(${benchmarks.archivedAt}, ${at})`;
  return db.update(benchmarks).set({ archivedAt }).where(own).returning().get();
}

/**
 * Deletes one of the project's own benchmarks if no run ever referenced it,
 * in one statement so a run marking it meanwhile wins. True if deleted.
 */
export async function deleteUnusedBenchmark(db: Db, projectId: string, id: string): Promise<boolean> {
  const result = await db
    .delete(benchmarks)
    .where(and(eq(benchmarks.id, id), eq(benchmarks.projectId, projectId), isNull(benchmarks.firstUsedAt)))
    .run();
  return result.meta.changes === 1;
}

/**
 * The statement (not yet run) recording that a run referenced `ids` at `at`,
 * for the run insert's own db.batch. Only the first use is kept.
 */
export function markBenchmarksUsed(db: Db, ids: string[], at: string) {
  // Built-ins are never marked: they cannot be deleted anyway, and a global
  // flag would tell every project that some other project ran them.
  return db
    .update(benchmarks)
    .set({ firstUsedAt: at })
    .where(and(inArray(benchmarks.id, ids), isNull(benchmarks.firstUsedAt), isNotNull(benchmarks.projectId)));
}
