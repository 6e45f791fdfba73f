/**
 * Drift alerts and the project's drift settings in D1. An alert is written
 * once per (run, benchmark, target): the cron pass may see a finish twice.
 */
import { newId } from "../crypto/ids";
import { DEFAULT_MIN_DROP, type DriftFinding } from "../drift/detect";

export interface AlertRow {
  id: string;
  project_id: string;
  run_id: string;
  baseline_run_id: string;
  benchmark_id: string;
  /** The benchmark's name (joined, not stored: a rename shows); null once the benchmark is gone. */
  benchmark_name: string | null;
  target: string;
  model: string;
  detail: DriftFinding;
  created_at: string;
  acked_at: string | null;
  acked_by: string | null;
}

type RawAlert = Omit<AlertRow, "detail"> & { detail: string };
const alert = (r: RawAlert): AlertRow => ({ ...r, detail: JSON.parse(r.detail) as DriftFinding });
/** An alert's columns and its benchmark's name, from `drift_alerts a`. */
const ALERT_COLUMNS = `a.*, (SELECT name FROM benchmarks WHERE id = a.benchmark_id) AS benchmark_name`;

export interface NewAlert {
  projectId: string;
  runId: string;
  baselineRunId: string;
  benchmarkId: string;
  target: string;
  model: string;
  finding: DriftFinding;
}

/**
 * Saves an alert unless this (run, benchmark, target) already has one, and
 * returns the alert that stands (the earlier one when there was one).
 */
export async function insertAlert(d1: D1Database, a: NewAlert, at: string): Promise<AlertRow> {
  const [, found] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO drift_alerts (id, project_id, run_id, baseline_run_id, benchmark_id, target, model, detail, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (run_id, benchmark_id, target) DO NOTHING`,
      )
      .bind(newId("alr"), a.projectId, a.runId, a.baselineRunId, a.benchmarkId, a.target, a.model, JSON.stringify(a.finding), at),
    d1.prepare(`SELECT ${ALERT_COLUMNS} FROM drift_alerts a WHERE run_id = ?1 AND benchmark_id = ?2 AND target = ?3`).bind(a.runId, a.benchmarkId, a.target),
  ]);
  return alert(found!.results[0] as RawAlert);
}

export async function getAlert(d1: D1Database, projectId: string, id: string): Promise<AlertRow | undefined> {
  const r = await d1.prepare(`SELECT ${ALERT_COLUMNS} FROM drift_alerts a WHERE id = ?1 AND project_id = ?2`).bind(id, projectId).first<RawAlert>();
  return r ? alert(r) : undefined;
}

export interface AlertFilter {
  before?: string;
  limit: number;
  /** true: only acknowledged; false: only open. */
  acked?: boolean;
  runId?: string;
  benchmarkId?: string;
}

/** Newest first; `limit + 1` rows. */
export async function listAlerts(d1: D1Database, projectId: string, f: AlertFilter): Promise<AlertRow[]> {
  const acked = f.acked === undefined ? null : f.acked ? 1 : 0;
  const r = await d1
    .prepare(
      `SELECT ${ALERT_COLUMNS} FROM drift_alerts a
       WHERE project_id = ?1 AND (?2 IS NULL OR id < ?2) AND (?3 IS NULL OR (acked_at IS NOT NULL) = ?3)
         AND (?4 IS NULL OR run_id = ?4) AND (?5 IS NULL OR benchmark_id = ?5)
       ORDER BY id DESC LIMIT ?6`,
    )
    .bind(projectId, f.before ?? null, acked, f.runId ?? null, f.benchmarkId ?? null, f.limit + 1)
    .all<RawAlert>();
  return r.results.map(alert);
}

/** Acknowledges an alert once; acknowledging again keeps the first time and key. */
export async function ackAlert(d1: D1Database, projectId: string, id: string, keyId: string, at: string): Promise<AlertRow | undefined> {
  await d1
    .prepare(`UPDATE drift_alerts SET acked_at = ?3, acked_by = ?4 WHERE id = ?1 AND project_id = ?2 AND acked_at IS NULL`)
    .bind(id, projectId, at, keyId)
    .run();
  return getAlert(d1, projectId, id);
}

export interface DriftSettingsRow {
  min_drop: number;
  updated_at: string | null;
}

export async function getDriftSettings(d1: D1Database, projectId: string): Promise<DriftSettingsRow> {
  const r = await d1.prepare(`SELECT min_drop, updated_at FROM drift_settings WHERE project_id = ?1`).bind(projectId).first<DriftSettingsRow>();
  return r ?? { min_drop: DEFAULT_MIN_DROP, updated_at: null };
}

export async function putDriftSettings(d1: D1Database, projectId: string, minDrop: number, at: string): Promise<DriftSettingsRow> {
  await d1
    .prepare(
      `INSERT INTO drift_settings (project_id, min_drop, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (project_id) DO UPDATE SET min_drop = excluded.min_drop, updated_at = excluded.updated_at`,
    )
    .bind(projectId, minDrop, at)
    .run();
  return { min_drop: minDrop, updated_at: at };
}
