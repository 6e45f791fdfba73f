/**
 * The runs whose work is planned or in flight (queued, running), paged by
 * id through the partial index eval_runs_active: what the cron's recovery
 * and sweeper look at.
 */
import { ACTIVE_RUN_SQL } from "./status-predicates";

export interface ActiveRun {
  id: string;
  status: string;
  /** eval_runs.options as stored (JSON text). */
  options: string;
}

/** Up to `limit` active runs with an id after `afterId` ("" from the start), in id order. */
export async function listActiveRuns(d1: D1Database, afterId: string, limit: number): Promise<ActiveRun[]> {
  const r = await d1
    .prepare(`SELECT id, status, options FROM eval_runs WHERE ${ACTIVE_RUN_SQL} AND id > ?1 ORDER BY id LIMIT ?2`)
    .bind(afterId, limit)
    .all<ActiveRun>();
  return r.results;
}
