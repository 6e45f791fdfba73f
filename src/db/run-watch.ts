/**
 * The sweeper's watch over active runs (run_watch: a progress signature
 * per run and when it last changed, migrations/0006_cron.sql). Statements
 * on the table live here, with the sweeper's cursor over active runs
 * (cron_state).
 */
import { ACTIVE_RUN_SQL } from "./status-predicates";

/** Ends a run's watch unless the run is active again (resumed since it finished). */
export async function endWatchUnlessActive(d1: D1Database, runId: string): Promise<void> {
  await d1
    .prepare(`DELETE FROM run_watch WHERE run_id = ?1 AND NOT EXISTS (SELECT 1 FROM eval_runs WHERE id = ?1 AND ${ACTIVE_RUN_SQL})`)
    .bind(runId)
    .run();
}

/** What the sweeper last saw of a run (workers/cron/sweeper.ts). */
export interface RunWatch {
  run_id: string;
  /** The run's status, planned attempts and the gate's tally, as one string: a change is progress. */
  signature: string;
  /** When the signature last changed (or a sweep round began). */
  progress_at: string;
  /** Rounds of re-sending the run's open attempts (or its plan step) so far. */
  sweeps: number;
  /** Where the current round's scan of open attempts stands. */
  sweep_seq: number;
  /** Open attempts found so far in the current round. */
  open_found: number;
}

export async function readWatch(d1: D1Database, runId: string): Promise<RunWatch | null> {
  return d1.prepare(`SELECT * FROM run_watch WHERE run_id = ?1`).bind(runId).first<RunWatch>();
}

export async function saveWatch(d1: D1Database, w: RunWatch): Promise<void> {
  await d1
    .prepare(
      `INSERT INTO run_watch (run_id, signature, progress_at, sweeps, sweep_seq, open_found) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (run_id) DO UPDATE SET signature = excluded.signature, progress_at = excluded.progress_at, sweeps = excluded.sweeps,
         sweep_seq = excluded.sweep_seq, open_found = excluded.open_found`,
    )
    .bind(w.run_id, w.signature, w.progress_at, w.sweeps, w.sweep_seq, w.open_found)
    .run();
}

/** A cron pass's saved position (cron_state: the sweeper's cursor over active runs), or null before the first pass. */
export async function readCronState(d1: D1Database, name: string): Promise<string | null> {
  return (await d1.prepare(`SELECT value FROM cron_state WHERE name = ?1`).bind(name).first<{ value: string }>())?.value ?? null;
}

export async function writeCronState(d1: D1Database, name: string, value: string): Promise<void> {
  await d1.prepare(`INSERT INTO cron_state (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value`).bind(name, value).run();
}
