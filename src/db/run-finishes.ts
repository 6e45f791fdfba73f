/**
 * The outbox of finished runs: the eval_runs_finished trigger
 * (migrations/0006_cron.sql) adds a row whenever a run reaches completed,
 * failed or cancelled, whatever ended it; the cron pass reads them in
 * finish order and drops each once handled, or after MAX_FINISH_TRIES
 * failed passes (workers/cron/finishes.ts).
 */

/** One run_finishes row. */
export interface FinishRow {
  id: number;
  run_id: string;
  project_id: string;
  /** The status the run reached: completed | failed | cancelled. */
  status: string;
  /** When it reached it (finished_at, else updated_at). */
  at: string;
  /** Passes that failed handling it so far. */
  tries: number;
}

/** The oldest `limit` finishes, in the order the runs finished. */
export async function nextFinishes(d1: D1Database, limit: number): Promise<FinishRow[]> {
  const r = await d1.prepare(`SELECT * FROM run_finishes ORDER BY id LIMIT ?1`).bind(limit).all<FinishRow>();
  return r.results;
}

/** Removes a finish: handled, or given up on. */
export async function dropFinish(d1: D1Database, id: number): Promise<void> {
  await d1.prepare(`DELETE FROM run_finishes WHERE id = ?1`).bind(id).run();
}

/** Counts one more failed pass on a finish; the next pass tries it again. */
export async function countFinishTry(d1: D1Database, id: number): Promise<void> {
  await d1.prepare(`UPDATE run_finishes SET tries = tries + 1 WHERE id = ?1`).bind(id).run();
}
