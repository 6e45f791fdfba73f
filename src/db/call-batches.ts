/**
 * Provider batches of a run's model calls (options.batch) and the attempts
 * inside them (migration 0025): the state the cron polls, so a restart
 * mid-run loses nothing. Every change of an item is conditional on the
 * state it leaves, so a step replayed after a crash changes nothing twice.
 * I/O: D1 only.
 */

/** Bound parameters per statement stay under D1's 100. */
const CHUNK = 90;

export type BatchItemState = "submitted" | "landed" | "live" | "expired" | "cancelled";

export interface CallBatchRow {
  id: string;
  run_id: string;
  target: "a" | "b";
  provider: string;
  provider_batch_id: string | null;
  state: "submitting" | "submitted" | "ended" | "cancelled" | "failed";
  provider_status: string | null;
  item_count: number;
  created_at: string;
  polled_at: string | null;
  ended_at: string | null;
  error: string | null;
}

export interface BatchItemRow {
  run_id: string;
  seq: number;
  batch_id: string;
  state: BatchItemState;
  tries: number;
  reply_key: string | null;
  error: string | null;
}

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** The batch items of these attempts, by seq. */
export async function itemsOf(db: D1Database, runId: string, seqs: readonly number[]): Promise<Map<number, BatchItemRow>> {
  const out = new Map<number, BatchItemRow>();
  for (const part of chunks(seqs)) {
    const marks = part.map((_, i) => `?${i + 2}`).join(", ");
    const r = await db.prepare(`SELECT * FROM call_batch_items WHERE run_id = ?1 AND seq IN (${marks})`).bind(runId, ...part).all<BatchItemRow>();
    for (const row of r.results) out.set(row.seq, row);
  }
  return out;
}

/**
 * Opens a batch (state submitting) and claims its attempts: a new item, or
 * one whose earlier batch was cancelled or expired (a resumed run reopens it). Returns the seqs
 * this batch holds; an attempt another batch already holds is not among them.
 */
export async function openBatch(
  db: D1Database,
  batch: { id: string; runId: string; target: "a" | "b"; provider: string; at: string },
  items: readonly { seq: number; tries: number }[],
): Promise<number[]> {
  const stmts = [
    db
      .prepare(`INSERT INTO call_batches (id, run_id, target, provider, state, item_count, created_at) VALUES (?1, ?2, ?3, ?4, 'submitting', 0, ?5)`)
      .bind(batch.id, batch.runId, batch.target, batch.provider, batch.at),
  ];
  // 4 parameters per row.
  for (let i = 0; i < items.length; i += 24) {
    const part = items.slice(i, i + 24);
    const values = part.map((_, j) => `(?${j * 4 + 1}, ?${j * 4 + 2}, ?${j * 4 + 3}, 'submitted', ?${j * 4 + 4})`).join(", ");
    stmts.push(
      db
        .prepare(
          `INSERT INTO call_batch_items (run_id, seq, batch_id, state, tries) VALUES ${values}
           ON CONFLICT (run_id, seq) DO UPDATE SET batch_id = excluded.batch_id, state = 'submitted', tries = excluded.tries, reply_key = NULL, error = NULL
           WHERE call_batch_items.state IN ('cancelled', 'expired')`,
        )
        .bind(...part.flatMap((it) => [batch.runId, it.seq, batch.id, it.tries])),
    );
  }
  await db.batch(stmts);
  const held = await db.prepare(`SELECT seq FROM call_batch_items WHERE batch_id = ?1 ORDER BY seq`).bind(batch.id).all<{ seq: number }>();
  const seqs = held.results.map((r) => r.seq);
  await db.prepare(`UPDATE call_batches SET item_count = ?2 WHERE id = ?1`).bind(batch.id, seqs.length).run();
  return seqs;
}

/** The provider accepted the batch: the cron polls it from now on. */
export async function markSubmitted(db: D1Database, batchId: string, providerBatchId: string, at: string): Promise<void> {
  await db.prepare(`UPDATE call_batches SET state = 'submitted', provider_batch_id = ?2, polled_at = ?3 WHERE id = ?1 AND state = 'submitting'`).bind(batchId, providerBatchId, at).run();
}

/** Ends a batch (ended, cancelled or failed), with the provider's last status and why. */
export async function endBatch(db: D1Database, batchId: string, state: "ended" | "cancelled" | "failed", at: string, providerStatus: string | null, error: string | null = null): Promise<void> {
  await db
    .prepare(`UPDATE call_batches SET state = ?2, ended_at = ?3, provider_status = COALESCE(?4, provider_status), error = COALESCE(?5, error) WHERE id = ?1 AND state IN ('submitting', 'submitted')`)
    .bind(batchId, state, at, providerStatus, error)
    .run();
}

/** A submission that failed in passing: its items are let go (the attempts submit again later) and the batch ends failed. */
export async function releaseBatch(db: D1Database, batchId: string, at: string, error: string): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM call_batch_items WHERE batch_id = ?1 AND state = 'submitted'`).bind(batchId),
    db.prepare(`UPDATE call_batches SET state = 'failed', ended_at = ?2, error = ?3 WHERE id = ?1 AND state = 'submitting'`).bind(batchId, at, error),
  ]);
}

export async function notePoll(db: D1Database, batchId: string, at: string, providerStatus: string): Promise<void> {
  await db.prepare(`UPDATE call_batches SET polled_at = ?2, provider_status = ?3 WHERE id = ?1`).bind(batchId, at, providerStatus).run();
}

/** Batches the cron should look at: submitted ones, least recently polled first, and submitting ones older than `staleBefore` (their submitter died). */
export async function batchesToPoll(db: D1Database, staleBefore: string, limit: number): Promise<CallBatchRow[]> {
  const r = await db
    .prepare(
      `SELECT * FROM call_batches WHERE state = 'submitted' OR (state = 'submitting' AND created_at < ?1)
       ORDER BY polled_at IS NOT NULL, polled_at LIMIT ?2`,
    )
    .bind(staleBefore, limit)
    .all<CallBatchRow>();
  return r.results;
}

/** The items of a batch still waiting on it. */
export async function waitingItems(db: D1Database, batchId: string): Promise<BatchItemRow[]> {
  const r = await db.prepare(`SELECT * FROM call_batch_items WHERE batch_id = ?1 AND state = 'submitted' ORDER BY seq`).bind(batchId).all<BatchItemRow>();
  return r.results;
}

/** Moves items of a batch out of `submitted`; only items still waiting on that batch change. */
export async function settleItems(
  db: D1Database,
  batchId: string,
  items: readonly { seq: number; state: Exclude<BatchItemState, "submitted">; reply_key?: string | null; error?: string | null }[],
): Promise<void> {
  if (!items.length) return;
  await db.batch(
    items.map((it) =>
      db
        .prepare(`UPDATE call_batch_items SET state = ?3, reply_key = ?4, error = ?5 WHERE batch_id = ?1 AND seq = ?2 AND state = 'submitted'`)
        .bind(batchId, it.seq, it.state, it.reply_key ?? null, it.error ?? null),
    ),
  );
}

/** Whether a run has calls waiting on a provider batch (the sweeper leaves such a run to the batch poller). */
export async function hasOpenBatch(db: D1Database, runId: string): Promise<boolean> {
  const r = await db.prepare(`SELECT 1 AS x FROM call_batches WHERE run_id = ?1 AND state IN ('submitting', 'submitted') LIMIT 1`).bind(runId).first();
  return r !== null;
}

/** A run's batches for its progress: how many wait, and the calls in them. */
export async function openBatchesOf(db: D1Database, runId: string): Promise<{ batches: number; calls: number }> {
  const r = await db
    .prepare(`SELECT count(*) AS batches, coalesce(sum(item_count), 0) AS calls FROM call_batches WHERE run_id = ?1 AND state IN ('submitting', 'submitted')`)
    .bind(runId)
    .first<{ batches: number; calls: number }>();
  return { batches: r?.batches ?? 0, calls: r?.calls ?? 0 };
}
