/** Projects and API keys: every query here takes the drizzle handle. */
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "./client";
import { apiKeys, projects, type ApiKeyRow, type ProjectRow } from "./schema";

export async function insertProjectWithKey(db: Db, project: ProjectRow, key: ApiKeyRow): Promise<void> {
  await db.batch([db.insert(projects).values(project), db.insert(apiKeys).values(key)]);
}

export async function getProject(db: Db, id: string): Promise<ProjectRow | undefined> {
  return db.select().from(projects).where(eq(projects.id, id)).get();
}

export async function updateProject(db: Db, id: string, patch: Partial<ProjectRow>): Promise<ProjectRow | undefined> {
  return db.update(projects).set(patch).where(eq(projects.id, id)).returning().get();
}

export async function findActiveKeyByHash(db: Db, hash: string): Promise<ApiKeyRow | undefined> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .get();
}

export async function touchKey(db: Db, id: string, at: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}

export async function insertKey(db: Db, key: ApiKeyRow): Promise<void> {
  await db.insert(apiKeys).values(key);
}

export async function listKeys(db: Db, projectId: string, after: string | undefined, limit: number): Promise<ApiKeyRow[]> {
  const where = after ? and(eq(apiKeys.projectId, projectId), lt(apiKeys.id, after)) : eq(apiKeys.projectId, projectId);
  return db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.id)).limit(limit + 1).all();
}

export async function revokeKey(db: Db, projectId: string, id: string, at: string): Promise<ApiKeyRow | undefined> {
  const key = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.projectId, projectId)))
    .get();
  if (!key) return undefined;
  if (key.revokedAt) return key;
  return db.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, id)).returning().get();
}
