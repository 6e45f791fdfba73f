/**
 * Profiles in D1: immutable `name@version` parameter sets of one project,
 * secret parameters sealed at rest. Every query takes the drizzle handle.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { hmacSha256Hex } from "../crypto/hash";
import { seal, unseal } from "../crypto/seal";
import { parseProfileRef, profileContent } from "../domain/profile";
import type { Db } from "./client";
import { profiles, type ProfileRow } from "./schema";

/**
 * The content digest: an HMAC under the deployment's secret key, so the
 * digest of a profile reveals nothing about its secret values.
 */
export function profileDigest(secretKey: string, params: Record<string, unknown>, secretParams: Record<string, string>): Promise<string> {
  return hmacSha256Hex(secretKey, profileContent(params, secretParams));
}

/** A new profile row with its secrets sealed and its content digested. */
export async function newProfileRow(
  secretKey: string,
  base: { id: string; projectId: string; name: string; version: string; createdAt: string },
  params: Record<string, unknown>,
  secretParams: Record<string, string>,
): Promise<ProfileRow> {
  const names = Object.keys(secretParams).sort();
  return {
    ...base,
    params,
    secretNames: names,
    secretParams: names.length ? await seal(secretKey, secretParams) : null,
    contentDigest: await profileDigest(secretKey, params, secretParams),
  };
}

/**
 * Inserts unless the project already has this name@version; then returns
 * the existing row with created false (the caller compares digests).
 */
export async function insertProfile(db: Db, row: ProfileRow): Promise<{ row: ProfileRow; created: boolean }> {
  const inserted = await db.insert(profiles).values(row).onConflictDoNothing().returning().get();
  if (inserted) return { row: inserted, created: true };
  const existing = await findProfile(db, row.projectId, row.name, row.version);
  if (!existing) throw new Error(`profile ${row.name}@${row.version} conflicted but cannot be read`);
  return { row: existing, created: false };
}

async function findProfile(db: Db, projectId: string, name: string, version: string): Promise<ProfileRow | undefined> {
  return db
    .select()
    .from(profiles)
    .where(and(eq(profiles.projectId, projectId), eq(profiles.name, name), eq(profiles.version, version)))
    .get();
}

/** The project's profile `name@version`; undefined if absent or the ref is malformed. */
export async function findProfileByRef(db: Db, projectId: string, ref: string): Promise<ProfileRow | undefined> {
  const parsed = parseProfileRef(ref);
  return parsed ? findProfile(db, projectId, parsed.name, parsed.version) : undefined;
}

/** The project's profile by id. */
export async function getProfile(db: Db, projectId: string, id: string): Promise<ProfileRow | undefined> {
  return db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.projectId, projectId)))
    .get();
}

/** A page (limit + 1 rows, for pageOf) of the project's profiles, newest id first. */
export async function listProfiles(
  db: Db,
  projectId: string,
  f: { name?: string; after?: string; limit: number },
): Promise<ProfileRow[]> {
  const where: SQL[] = [eq(profiles.projectId, projectId)];
  if (f.name !== undefined) where.push(eq(profiles.name, f.name));
  if (f.after !== undefined) where.push(lt(profiles.id, f.after));
  return db
    .select()
    .from(profiles)
    .where(and(...where))
    .orderBy(desc(profiles.id))
    .limit(f.limit + 1)
    .all();
}

/** A profile's secret parameters in clear, for a run's target or a runner; {} when it has none. */
export async function resolveProfileSecrets(secretKey: string, row: ProfileRow): Promise<Record<string, string>> {
  if (!row.secretParams) return {};
  return unseal<Record<string, string>>(secretKey, row.secretParams);
}
