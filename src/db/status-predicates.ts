/**
 * The statuses of an ended attempt and the status predicates of SQL
 * statements, written once so every query means the same by "ended
 * attempt" and "active run"; the predicates are built from the lists the
 * TypeScript side uses (here and src/domain/run-state.ts) so the two
 * cannot drift apart. No I/O.
 */
import { ACTIVE_STATUSES } from "../domain/run-state";

/** The statuses an attempt row can have: a row is written once, when its attempt ends. */
export const ENDED_ATTEMPT_STATUSES = ["succeeded", "failed", "cancelled", "timed_out"] as const;
export type EndedAttemptStatus = (typeof ENDED_ATTEMPT_STATUSES)[number];

const quoted = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(", ");

/**
 * An attempt row that ended (a row is written only when its attempt ends;
 * the predicate keeps the rule explicit). Spelled with ORs, because
 * `IN (...)` builds an ephemeral table whose probes D1 bills as rows read
 * (one per attempt).
 */
export function endedAttemptSql(column = "status"): string {
  return `(${ENDED_ATTEMPT_STATUSES.map((s) => `${column} = '${s}'`).join(" OR ")})`;
}

/** `(status = 'succeeded' OR status = 'failed' OR status = 'cancelled' OR status = 'timed_out')`. */
export const ENDED_ATTEMPT_SQL = endedAttemptSql();

/**
 * A run whose work is planned or in flight (queued, running). Written as
 * an IN list on purpose: it is the predicate of the partial index
 * eval_runs_active (migrations/0006_cron.sql), which SQLite uses only for
 * a query whose WHERE implies it.
 */
export function activeRunSql(column = "status"): string {
  return `${column} IN (${quoted(ACTIVE_STATUSES)})`;
}

/** `status IN ('queued', 'running')`. */
export const ACTIVE_RUN_SQL = activeRunSql();
