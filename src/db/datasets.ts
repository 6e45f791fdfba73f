/** Dataset revisions in D1: lookups by ref, id and digest, the insert and the list, scoped to a project or global. */
import { and, desc, eq, inArray, isNull, lt, max, or } from "drizzle-orm";
import type { Db } from "./client";
import { datasetRevisions, type DatasetRevisionRow } from "./schema";

/** Parses "name@version" (version a positive integer); undefined if malformed. */
export function parseRef(ref: string): { name: string; version: number } | undefined {
  const m = ref.match(/^([A-Za-z0-9][A-Za-z0-9._-]{0,99})@([1-9][0-9]{0,8})$/);
  return m ? { name: m[1]!, version: Number(m[2]) } : undefined;
}

/** The revision `name@version` visible to a project: its own first, else a global one. */
export async function findRevisionByRef(db: Db, projectId: string, ref: string): Promise<DatasetRevisionRow | undefined> {
  const parsed = parseRef(ref);
  if (!parsed) return undefined;
  const rows = await db
    .select()
    .from(datasetRevisions)
    .where(
      and(
        eq(datasetRevisions.name, parsed.name),
        eq(datasetRevisions.version, parsed.version),
        or(eq(datasetRevisions.projectId, projectId), isNull(datasetRevisions.projectId)),
      ),
    )
    .all();
  return rows.find((r) => r.projectId === projectId) ?? rows[0];
}

/** Revisions by id, whoever owns them (the engine, for a run already admitted); in no particular order. */
export async function getRevisions(db: Db, ids: readonly string[]): Promise<DatasetRevisionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(datasetRevisions)
    .where(inArray(datasetRevisions.id, [...ids]))
    .all();
}

/** Matches a revision's owner: a project, or null for the global (built-in) revisions. */
function ownedBy(projectId: string | null) {
  return projectId === null ? isNull(datasetRevisions.projectId) : eq(datasetRevisions.projectId, projectId);
}

/** The revision `name@version` of exactly this owner (no fallback to global). */
export async function findOwnRevision(db: Db, projectId: string | null, name: string, version: number): Promise<DatasetRevisionRow | undefined> {
  return db
    .select()
    .from(datasetRevisions)
    .where(and(ownedBy(projectId), eq(datasetRevisions.name, name), eq(datasetRevisions.version, version)))
    .get();
}

/** The newest revision of `name` owned by this owner whose content digest is `digest`. */
export async function findRevisionByDigest(db: Db, projectId: string | null, name: string, digest: string): Promise<DatasetRevisionRow | undefined> {
  return db
    .select()
    .from(datasetRevisions)
    .where(and(ownedBy(projectId), eq(datasetRevisions.name, name), eq(datasetRevisions.digest, digest)))
    .orderBy(desc(datasetRevisions.version))
    .limit(1)
    .get();
}

/** The highest version of `name` this owner has, 0 if none. */
export async function maxRevisionVersion(db: Db, projectId: string | null, name: string): Promise<number> {
  const row = await db
    .select({ version: max(datasetRevisions.version) })
    .from(datasetRevisions)
    .where(and(ownedBy(projectId), eq(datasetRevisions.name, name)))
    .get();
  return row?.version ?? 0;
}

export async function insertRevision(db: Db, row: DatasetRevisionRow): Promise<void> {
  await db.insert(datasetRevisions).values(row).run();
}

/** A revision by id, if it is the project's own or global. */
export async function findVisibleRevision(db: Db, projectId: string, id: string): Promise<DatasetRevisionRow | undefined> {
  return db
    .select()
    .from(datasetRevisions)
    .where(and(eq(datasetRevisions.id, id), or(eq(datasetRevisions.projectId, projectId), isNull(datasetRevisions.projectId))))
    .get();
}

/**
 * Revisions a project sees (its own and the global ones), newest id first,
 * `limit + 1` of them after the cursor id, optionally of one name.
 */
export async function listVisibleRevisions(
  db: Db,
  projectId: string,
  opts: { after?: string; limit: number; name?: string },
): Promise<DatasetRevisionRow[]> {
  return db
    .select()
    .from(datasetRevisions)
    .where(
      and(
        or(eq(datasetRevisions.projectId, projectId), isNull(datasetRevisions.projectId)),
        opts.name === undefined ? undefined : eq(datasetRevisions.name, opts.name),
        opts.after === undefined ? undefined : lt(datasetRevisions.id, opts.after),
      ),
    )
    .orderBy(desc(datasetRevisions.id))
    .limit(opts.limit + 1)
    .all();
}
