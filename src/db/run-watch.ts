/**
 * The sweeper's watch over active runs (run_watch: a progress signature
 * per run and when it last changed, migrations/0006_cron.sql). Statements
 * on the table live here.
 */
import { ACTIVE_RUN_SQL } from "./status-predicates";

/** Ends a run's watch unless the run is active again (resumed since it finished). */
export async function endWatchUnlessActive(d1: D1Database, runId: string): Promise<void> {
  await d1
    .prepare(`DELETE FROM run_watch WHERE run_id = ?1 AND NOT EXISTS (SELECT 1 FROM eval_runs WHERE id = ?1 AND ${ACTIVE_RUN_SQL})`)
    .bind(runId)
    .run();
}
