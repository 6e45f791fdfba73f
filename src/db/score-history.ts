/** Score history: finished runs' aggregates, cached in run_score_cache, paged over time. */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { targetModel } from "../reports/run-info";
import type { ScoreRow } from "../reports/score-row";
import { openDb } from "./client";
import { evalRuns, type EvalRunRow } from "./schema";
import { loadRunResults } from "./results/load";
import { scoreRowsOf } from "./results/scores";
import { slotTarget, slotsOf } from "./results/plans";

/** Bump when the metric code changes what a cached aggregate holds or means: older rows are recomputed. */
export const SCORES_VERSION = 1;

/** The aggregate of one (benchmark, target) of a finished run, as cached in run_score_cache. */
export type FinishedScore = Omit<ScoreRow, "subsets" | "previous">;

function finishedScore(row: ScoreRow): FinishedScore {
  const { subsets: _subsets, previous: _previous, ...rest } = row;
  return rest;
}

/**
 * The aggregates of finished runs, one list per run id: from run_score_cache
 * when a row set is current (same finished_at, same SCORES_VERSION, one row
 * per benchmark and target), else computed from the attempts and stored.
 * Only runs with a finished_at can be cached; others are computed each time.
 */
export async function finishedRunScores(d1: D1Database, runs: EvalRunRow[]): Promise<Map<string, FinishedScore[]>> {
  const out = new Map<string, FinishedScore[]>();
  if (!runs.length) return out;
  const cached = await d1
    .prepare(`SELECT run_id, benchmark_id, target, computed_for, version, body FROM run_score_cache WHERE run_id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(runs.map((r) => r.id)))
    .all<{ run_id: string; benchmark_id: string; target: string; computed_for: string; version: number; body: string }>();
  const byRun = new Map<string, typeof cached.results>();
  for (const c of cached.results) byRun.set(c.run_id, [...(byRun.get(c.run_id) ?? []), c]);

  const writes: D1PreparedStatement[] = [];
  for (const run of runs) {
    const rows = byRun.get(run.id) ?? [];
    const expected = run.benchmarkIds.length * slotsOf(run).length;
    const current = run.finishedAt !== null && rows.length === expected && rows.every((r) => r.computed_for === run.finishedAt && r.version === SCORES_VERSION);
    if (current) {
      const order = new Map(run.benchmarkIds.map((id, i) => [id, i]));
      const bodies = rows.map((r) => JSON.parse(r.body) as FinishedScore);
      bodies.sort((x, y) => order.get(x.benchmark_id)! - order.get(y.benchmark_id)! || (x.target < y.target ? -1 : 1));
      out.set(run.id, bodies);
      continue;
    }
    const scores = scoreRowsOf(await loadRunResults({ DB: d1 }, run)).map(finishedScore);
    out.set(run.id, scores);
    if (run.finishedAt === null) continue;
    writes.push(d1.prepare(`DELETE FROM run_score_cache WHERE run_id = ?1`).bind(run.id));
    for (const s of scores) {
      writes.push(
        d1
          .prepare(`INSERT OR REPLACE INTO run_score_cache (run_id, benchmark_id, target, computed_for, version, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
          .bind(run.id, s.benchmark_id, s.target, run.finishedAt, SCORES_VERSION, JSON.stringify(s)),
      );
    }
  }
  if (writes.length) await d1.batch(writes);
  return out;
}

export interface HistoryQuery {
  /** Only runs older than this run id (the cursor). */
  beforeId?: string;
  limit: number;
  benchmarkId?: string;
  /** Only targets calling this model. */
  model?: string;
}

/** One point of score history: a finished (benchmark, target) of a completed run. */
export interface HistoryPoint extends FinishedScore {
  run_id: string;
  run_display_name: string | null;
  finished_at: string | null;
  model: string | null;
}

/**
 * Score history: the project's completed runs, newest first (by id, i.e.
 * creation), `limit` runs a page, each giving one point per benchmark and
 * target that pass the filters. Returns the last run id of the page and
 * whether more runs follow.
 */
export async function historyPage(d1: D1Database, projectId: string, q: HistoryQuery): Promise<{ points: HistoryPoint[]; lastRunId: string | null; more: boolean }> {
  const db = openDb(d1);
  const where = [eq(evalRuns.projectId, projectId), eq(evalRuns.status, "completed")];
  if (q.beforeId) where.push(lt(evalRuns.id, q.beforeId));
  if (q.benchmarkId) where.push(sql`EXISTS (SELECT 1 FROM json_each(${evalRuns.benchmarkIds}) WHERE value = ${q.benchmarkId})`);
  if (q.model) {
    where.push(sql`(json_extract(${evalRuns.target}, '$.model') = ${q.model} OR json_extract(${evalRuns.compareTarget}, '$.model') = ${q.model})`);
  }
  const found = await db
    .select()
    .from(evalRuns)
    .where(and(...where))
    .orderBy(desc(evalRuns.id))
    .limit(q.limit + 1)
    .all();
  const runs = found.slice(0, q.limit);
  const scores = await finishedRunScores(d1, runs);
  const points: HistoryPoint[] = [];
  for (const run of runs) {
    for (const s of scores.get(run.id) ?? []) {
      const model = targetModel(slotTarget(run, s.target));
      if (q.benchmarkId && s.benchmark_id !== q.benchmarkId) continue;
      if (q.model && model !== q.model) continue;
      points.push({ ...s, run_id: run.id, run_display_name: run.displayName, finished_at: run.finishedAt, model });
    }
  }
  return { points, lastRunId: runs.at(-1)?.id ?? null, more: found.length > q.limit };
}
