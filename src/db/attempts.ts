/**
 * Attempt rows in D1 on the execution path. Raw prepared statements: bulk
 * inserts go through json_each so one statement carries hundreds of rows,
 * and finishing is a conditional update so a redelivered message can never
 * count an attempt twice.
 */
import type { AttemptRow } from "./schema";

export const OPEN_STATUSES = ["pending", "dispatched", "running"] as const;
export const TERMINAL_STATUSES = ["succeeded", "failed", "cancelled", "timed_out"] as const;
const OPEN_SQL = OPEN_STATUSES.map((s) => `'${s}'`).join(",");

/** One planned attempt: [seq, target, member_key, member_index, row_index, task_digest, subset, attempt_index]. */
export type PlannedAttempt = [number, "a" | "b", string, number, number, string, string | null, number];

/** Rows per INSERT statement: keeps each statement's JSON parameter well under D1's limits. */
export const INSERT_CHUNK = 400;

export function insertAttemptStatements(d1: D1Database, runId: string, benchmarkId: string, planned: PlannedAttempt[]): D1PreparedStatement[] {
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < planned.length; i += INSERT_CHUNK) {
    const chunk = JSON.stringify(planned.slice(i, i + INSERT_CHUNK));
    stmts.push(
      d1
        .prepare(
          `INSERT INTO attempts (run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index, status, tries)
           SELECT ?1, value ->> 0, ?2, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, 'dispatched', 0
           FROM json_each(?3) WHERE true
           ON CONFLICT (run_id, seq) DO NOTHING`,
        )
        .bind(runId, benchmarkId, chunk),
    );
  }
  return stmts;
}

interface RawAttempt {
  run_id: string;
  seq: number;
  benchmark_id: string;
  target: string;
  member_key: string;
  member_index: number;
  row_index: number;
  task_digest: string;
  subset: string | null;
  attempt_index: number;
  status: string;
  reward: number | null;
  structured: string | null;
  output: string | null;
  reason: string | null;
  error: string | null;
  exit_code: number | null;
  tries: number;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  latency_ms: number | null;
  transcript_key: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export function fromRaw(r: RawAttempt): AttemptRow {
  return {
    runId: r.run_id,
    seq: r.seq,
    benchmarkId: r.benchmark_id,
    target: r.target,
    memberKey: r.member_key,
    memberIndex: r.member_index,
    rowIndex: r.row_index,
    taskDigest: r.task_digest,
    subset: r.subset,
    attemptIndex: r.attempt_index,
    status: r.status,
    reward: r.reward,
    structured: r.structured ? (JSON.parse(r.structured) as Record<string, unknown>) : null,
    output: r.output,
    reason: r.reason,
    error: r.error,
    exitCode: r.exit_code,
    tries: r.tries,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    cost: r.cost,
    latencyMs: r.latency_ms,
    transcriptKey: r.transcript_key,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export async function loadAttempts(d1: D1Database, runId: string, seqs: number[]): Promise<AttemptRow[]> {
  if (!seqs.length) return [];
  const res = await d1
    .prepare(`SELECT * FROM attempts WHERE run_id = ?1 AND seq IN (SELECT value FROM json_each(?2))`)
    .bind(runId, JSON.stringify(seqs))
    .all<RawAttempt>();
  return res.results.map(fromRaw);
}

/** What an attempt ended with. reward null with status succeeded means "ran, but could not be scored". */
export interface AttemptOutcome {
  seq: number;
  status: (typeof TERMINAL_STATUSES)[number];
  reward: number | null;
  structured: Record<string, unknown> | null;
  output: string | null;
  reason: string | null;
  error: string | null;
  exit_code: number | null;
  tries: number;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  latency_ms: number | null;
  transcript_key: string | null;
  started_at: string | null;
  finished_at: string;
}

/**
 * Writes outcomes, each only if its attempt is still open; returns the seqs
 * that changed (the ones to count). One round trip for the whole batch.
 */
export async function finishAttempts(d1: D1Database, runId: string, outcomes: AttemptOutcome[]): Promise<number[]> {
  if (!outcomes.length) return [];
  const stmts = outcomes.map((o) =>
    d1
      .prepare(
        `UPDATE attempts SET status = ?3, reward = ?4, structured = ?5, output = ?6, reason = ?7, error = ?8, exit_code = ?9,
           tries = ?10, input_tokens = ?11, output_tokens = ?12, cost = ?13, latency_ms = ?14, transcript_key = ?15,
           started_at = ?16, finished_at = ?17
         WHERE run_id = ?1 AND seq = ?2 AND status IN (${OPEN_SQL})`,
      )
      .bind(
        runId,
        o.seq,
        o.status,
        o.reward,
        o.structured ? JSON.stringify(o.structured) : null,
        o.output,
        o.reason,
        o.error,
        o.exit_code,
        o.tries,
        o.input_tokens,
        o.output_tokens,
        o.cost,
        o.latency_ms,
        o.transcript_key,
        o.started_at,
        o.finished_at,
      ),
  );
  const results = await d1.batch(stmts);
  return outcomes.filter((_, i) => (results[i]?.meta.changes ?? 0) > 0).map((o) => o.seq);
}

/** Cancels every open attempt of a run; returns how many it cancelled. */
export async function cancelOpenAttempts(d1: D1Database, runId: string, at: string): Promise<number> {
  const r = await d1
    .prepare(`UPDATE attempts SET status = 'cancelled', finished_at = ?2 WHERE run_id = ?1 AND status IN (${OPEN_SQL})`)
    .bind(runId, at)
    .run();
  return r.meta.changes ?? 0;
}

/**
 * Reopens up to `limit` attempts after `afterSeq` that have no reward, for
 * resume; returns their seqs. Rewards already earned are kept as they are.
 */
export async function reopenUnrewarded(d1: D1Database, runId: string, afterSeq: number, limit: number): Promise<number[]> {
  const rows = await d1
    .prepare(
      `UPDATE attempts SET status = 'dispatched', reward = NULL, structured = NULL, output = NULL, reason = NULL, error = NULL,
         exit_code = NULL, tries = 0, started_at = NULL, finished_at = NULL
       WHERE run_id = ?1 AND seq IN (
         SELECT seq FROM attempts WHERE run_id = ?1 AND seq > ?2 AND reward IS NULL ORDER BY seq LIMIT ?3)
       RETURNING seq`,
    )
    .bind(runId, afterSeq, limit)
    .all<{ seq: number }>();
  return rows.results.map((r) => r.seq).sort((a, b) => a - b);
}

export interface StatusCount {
  status: string;
  count: number;
  rewarded: number;
}

export async function countByStatus(d1: D1Database, runId: string): Promise<StatusCount[]> {
  const r = await d1
    .prepare(`SELECT status, count(*) AS count, count(reward) AS rewarded FROM attempts WHERE run_id = ?1 GROUP BY status`)
    .bind(runId)
    .all<StatusCount>();
  return r.results;
}
