/** A run's log: what happened, when, scrubbed of secrets before it is stored. */
import { scrub } from "../domain/scrub";

export interface LogEntry {
  level: "info" | "warn" | "error";
  event: string;
  message: string;
  attempt_seq?: number | null;
}

export function logStatements(d1: D1Database, runId: string, entries: LogEntry[], secrets: readonly (string | null | undefined)[] = []): D1PreparedStatement[] {
  const at = new Date().toISOString();
  return entries.map((e) =>
    d1
      .prepare(`INSERT INTO run_logs (run_id, at, level, event, attempt_seq, message) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
      .bind(runId, at, e.level, e.event, e.attempt_seq ?? null, scrub(e.message, secrets).slice(0, 4000)),
  );
}

export async function appendLogs(d1: D1Database, runId: string, entries: LogEntry[], secrets: readonly (string | null | undefined)[] = []): Promise<void> {
  if (entries.length) await d1.batch(logStatements(d1, runId, entries, secrets));
}

export interface LogLine {
  id: number;
  at: string;
  level: string;
  event: string;
  attempt_seq: number | null;
  message: string;
}

export async function readLogs(d1: D1Database, runId: string, afterId: number, limit: number): Promise<LogLine[]> {
  const r = await d1
    .prepare(`SELECT id, at, level, event, attempt_seq, message FROM run_logs WHERE run_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`)
    .bind(runId, afterId, limit)
    .all<LogLine>();
  return r.results;
}
