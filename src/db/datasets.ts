/** Dataset revisions in D1: lookups by ref, scoped to a project or global. */
import { and, eq, isNull, or } from "drizzle-orm";
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
