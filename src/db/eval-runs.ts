/**
 * Eval runs in D1: insert (idempotent by request_id), read, list, edit a
 * draft, delete, and the status transitions. Keys are sealed into
 * eval_runs.secrets here and unsealed only by readRunSecrets. Every write
 * that depends on the status is conditional on it, so a racing edit and
 * start cannot both win.
 */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { seal, unseal } from "../crypto/seal";
import type { RunConfig } from "../domain/run-config";
import type { RunOptions } from "../domain/run-options";
import { ACTIVE_STATUSES, ALLOWED_FROM, type RunStatus } from "../domain/run-state";
import type { RunSecrets, StoredJudge, StoredTarget } from "../domain/run-target";
import type { Db } from "./client";
import { markBenchmarksUsed } from "./benchmarks";
import { evalRuns, type EvalRunRow } from "./schema";

/** Seals the keys a run holds; null when it holds none. */
export async function sealRunSecrets(secretKey: string, secrets: RunSecrets): Promise<string | null> {
  return Object.keys(secrets).length ? seal(secretKey, secrets) : null;
}

/** The plain keys of a run, for the execution engine only: never put them in a response or a log. */
export async function readRunSecrets(secretKey: string, row: Pick<EvalRunRow, "secrets">): Promise<RunSecrets> {
  return row.secrets ? unseal<RunSecrets>(secretKey, row.secrets) : {};
}

/** A row's configuration, keys unsealed only when `secretKey` is given (an edit needs them to keep them). */
export async function runConfig(row: EvalRunRow, secretKey?: string): Promise<RunConfig> {
  return {
    display_name: row.displayName,
    benchmarks: row.benchmarkIds,
    target: row.target as StoredTarget,
    compare_target: (row.compareTarget as StoredTarget | null) ?? null,
    judge: (row.judge as StoredJudge | null) ?? null,
    options: row.options as RunOptions,
    secrets: secretKey ? await readRunSecrets(secretKey, row) : {},
  };
}

async function configColumns(secretKey: string, config: RunConfig) {
  return {
    displayName: config.display_name,
    benchmarkIds: config.benchmarks,
    target: config.target as Record<string, unknown>,
    compareTarget: config.compare_target as Record<string, unknown> | null,
    judge: config.judge as Record<string, unknown> | null,
    options: config.options as Record<string, unknown>,
    secrets: await sealRunSecrets(secretKey, config.secrets),
  };
}

/** A run by id alone, for the execution engine (queue, cron, Durable Objects), which acts on runs already admitted. */
export async function getRunById(db: Db, id: string): Promise<EvalRunRow | undefined> {
  return db.select().from(evalRuns).where(eq(evalRuns.id, id)).get();
}

export async function getRun(db: Db, projectId: string, id: string): Promise<EvalRunRow | undefined> {
  return db
    .select()
    .from(evalRuns)
    .where(and(eq(evalRuns.id, id), eq(evalRuns.projectId, projectId)))
    .get();
}

export async function findRunByRequestId(db: Db, projectId: string, requestId: string): Promise<EvalRunRow | undefined> {
  return db
    .select()
    .from(evalRuns)
    .where(and(eq(evalRuns.projectId, projectId), eq(evalRuns.requestId, requestId)))
    .get();
}

/** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
export async function listRuns(
  db: Db,
  projectId: string,
  q: { after?: string; limit: number; status?: RunStatus; benchmarkId?: string },
): Promise<EvalRunRow[]> {
  const where = [eq(evalRuns.projectId, projectId)];
  if (q.after) where.push(lt(evalRuns.id, q.after));
  if (q.status) where.push(eq(evalRuns.status, q.status));
  if (q.benchmarkId) where.push(sql`exists (select 1 from json_each(${evalRuns.benchmarkIds}) where json_each.value = ${q.benchmarkId})`);
  return db
    .select()
    .from(evalRuns)
    .where(and(...where))
    .orderBy(desc(evalRuns.id))
    .limit(q.limit + 1)
    .all();
}

export interface NewRun {
  id: string;
  projectId: string;
  requestId: string | null;
  /** What the create body was, for telling a replay from a reused request_id. */
  requestDigest?: Record<string, string> | null;
  copiedFrom: string | null;
  /** A re-score: the source run and the scoring spec it applies. */
  sourceRunId?: string | null;
  rescoreScoring?: Record<string, unknown> | null;
}

/**
 * Inserts a draft and marks its benchmarks used in one batch. When another
 * request with the same request_id won the race, the batch rolls back and the
 * winner's run is returned with `replayed: true`.
 */
export async function insertDraft(
  db: Db,
  secretKey: string,
  run: NewRun,
  config: RunConfig,
  at: string,
): Promise<{ run: EvalRunRow; replayed: boolean }> {
  const row: typeof evalRuns.$inferInsert = {
    ...run,
    ...(await configColumns(secretKey, config)),
    status: "draft",
    error: null,
    createdAt: at,
    updatedAt: at,
    queuedAt: null,
    startedAt: null,
    finishedAt: null,
  };
  try {
    const [inserted] = await db.batch([db.insert(evalRuns).values(row).returning(), markBenchmarksUsed(db, config.benchmarks, at)]);
    return { run: inserted[0]!, replayed: false };
  } catch (err) {
    const winner = run.requestId ? await findRunByRequestId(db, run.projectId, run.requestId) : undefined;
    if (winner) return { run: winner, replayed: true };
    throw err;
  }
}

/** Replaces a draft's configuration; undefined when the run is no longer a draft. */
export async function updateDraft(
  db: Db,
  secretKey: string,
  run: EvalRunRow,
  config: RunConfig,
  at: string,
): Promise<EvalRunRow | undefined> {
  const columns = await configColumns(secretKey, config);
  const added = config.benchmarks.filter((id) => !run.benchmarkIds.includes(id));
  const update = db
    .update(evalRuns)
    .set({ ...columns, updatedAt: at })
    .where(and(eq(evalRuns.id, run.id), eq(evalRuns.status, "draft")))
    .returning();
  if (!added.length) return update.get();
  const [rows] = await db.batch([update, markBenchmarksUsed(db, added, at)]);
  return rows[0];
}

/** Deletes a run whose status allows it; false when none was deleted. */
export async function deleteRun(db: Db, run: EvalRunRow): Promise<boolean> {
  const gone = await db
    .delete(evalRuns)
    .where(and(eq(evalRuns.id, run.id), inArray(evalRuns.status, [...ALLOWED_FROM.delete])))
    .returning({ id: evalRuns.id });
  return gone.length > 0;
}

/**
 * draft → queued. The start route checks plan and credits before; the
 * execution engine extends this step (planning attempts, enqueueing).
 * Undefined when the run was no longer a draft.
 */
export async function markQueued(db: Db, run: EvalRunRow, at: string): Promise<EvalRunRow | undefined> {
  return db
    .update(evalRuns)
    .set({ status: "queued", queuedAt: at, updatedAt: at })
    .where(and(eq(evalRuns.id, run.id), inArray(evalRuns.status, [...ALLOWED_FROM.start])))
    .returning()
    .get();
}

/** queued | running → cancelled. Undefined when the run was in neither. */
export async function markCancelled(db: Db, run: EvalRunRow, at: string): Promise<EvalRunRow | undefined> {
  return db
    .update(evalRuns)
    .set({ status: "cancelled", finishedAt: at, updatedAt: at })
    // The active statuses only: a stop on a cancelled run is allowed (ALLOWED_FROM.stop) but changes nothing.
    .where(and(eq(evalRuns.id, run.id), inArray(evalRuns.status, [...ACTIVE_STATUSES])))
    .returning()
    .get();
}
