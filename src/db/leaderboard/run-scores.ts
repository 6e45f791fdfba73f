/**
 * run_scores in D1: what the cron pass keeps for every finished run, per
 * (benchmark, target), whether or not it was submitted: score history, the
 * ranked view over completed runs on each board, and the baselines drift
 * compares against. Ranks are row_number() in the order
 * src/leaderboard/board.ts describes. Raw prepared statements.
 */
import { RANK_ORDER_RUNS } from "../../leaderboard/board";
import type { Aggregate } from "../../metrics";
import type { ResultSlice } from "../../domain/result-slice";
import type { TargetSlot } from "../../reports/member-rows";
import type { EvalRunRow } from "../schema";

export interface RunScoreRow {
  run_id: string;
  benchmark_id: string;
  target: TargetSlot;
  project_id: string;
  board_id: string;
  drift_key: string;
  model_key: string;
  model: string;
  run_status: string;
  score: number | null;
  scored: number;
  missing: number;
  composite: number | null;
  aggregate: Aggregate;
  finished_at: string;
  rank: number | null;
}

type RawRunScore = Omit<RunScoreRow, "aggregate"> & { aggregate: string };
const runScore = (r: RawRunScore): RunScoreRow => ({ ...r, aggregate: JSON.parse(r.aggregate) as Aggregate });

/**
 * Replaces the run's scores (a resumed run finishes again) and re-ranks
 * the boards they touch. Only ranks that change are written.
 */
export async function saveRunScores(
  d1: D1Database,
  run: Pick<EvalRunRow, "id" | "projectId" | "status" | "finishedAt" | "updatedAt">,
  slices: (ResultSlice & { boardId: string })[],
): Promise<void> {
  const finishedAt = run.finishedAt ?? run.updatedAt;
  const previous = await d1.prepare(`SELECT DISTINCT board_id FROM run_scores WHERE run_id = ?1`).bind(run.id).all<{ board_id: string }>();
  const boards = new Set([...previous.results.map((b) => b.board_id), ...slices.map((s) => s.boardId)]);
  await d1.batch([
    d1.prepare(`DELETE FROM run_scores WHERE run_id = ?1`).bind(run.id),
    ...slices.map((s) =>
      d1
        .prepare(
          `INSERT INTO run_scores (run_id, benchmark_id, target, project_id, board_id, drift_key, model_key, model, run_status, score, scored, missing, composite, aggregate, finished_at, rank)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, NULL)`,
        )
        .bind(
          run.id,
          s.benchmarkId,
          s.target,
          run.projectId,
          s.boardId,
          s.driftKey,
          s.modelKey,
          s.model,
          run.status,
          s.aggregate.score,
          s.aggregate.score_counts.scored,
          s.aggregate.score_counts.missing,
          s.composite,
          JSON.stringify(s.aggregate),
          finishedAt,
        ),
    ),
    ...[...boards].map((b) =>
      d1
        .prepare(
          `UPDATE run_scores SET rank = x.r
           FROM (SELECT run_id, benchmark_id, target, CASE WHEN run_status = 'completed'
                   THEN row_number() OVER (PARTITION BY run_status = 'completed' ORDER BY ${RANK_ORDER_RUNS}) END AS r
                 FROM run_scores WHERE board_id = ?1) AS x
           WHERE run_scores.board_id = ?1 AND run_scores.run_id = x.run_id AND run_scores.benchmark_id = x.benchmark_id
             AND run_scores.target = x.target AND run_scores.rank IS NOT x.r`,
        )
        .bind(b),
    ),
  ]);
}

export async function runScoresOf(d1: D1Database, runId: string): Promise<RunScoreRow[]> {
  const r = await d1.prepare(`SELECT * FROM run_scores WHERE run_id = ?1 ORDER BY benchmark_id, target`).bind(runId).all<RawRunScore>();
  return r.results.map(runScore);
}

/** The ranked view over completed runs: by benchmark, board and rank, after `after`; `limit + 1` rows. */
export async function rankedRuns(
  d1: D1Database,
  projectId: string,
  q: { benchmarkId?: string; after?: [string, string, number]; limit: number },
): Promise<RunScoreRow[]> {
  const [bm, bd, rank] = q.after ?? [null, null, null];
  const r = await d1
    .prepare(
      `SELECT * FROM run_scores
       WHERE project_id = ?1 AND rank IS NOT NULL AND (?2 IS NULL OR benchmark_id = ?2)
         AND (?3 IS NULL OR (benchmark_id, board_id, rank) > (?3, ?4, ?5))
       ORDER BY benchmark_id, board_id, rank LIMIT ?6`,
    )
    .bind(projectId, q.benchmarkId ?? null, bm, bd, rank, q.limit + 1)
    .all<RawRunScore>();
  return r.results.map(runScore);
}

/**
 * The latest completed run before `before` with the same benchmark, dataset
 * digest, scorer and model: the baseline drift compares against.
 */
export async function findBaseline(
  d1: D1Database,
  projectId: string,
  drift: string,
  model: string,
  excludeRunId: string,
  before: string,
): Promise<RunScoreRow | undefined> {
  const r = await d1
    .prepare(
      `SELECT * FROM run_scores
       WHERE project_id = ?1 AND drift_key = ?2 AND model_key = ?3 AND finished_at <= ?4 AND run_id <> ?5 AND run_status = 'completed'
       ORDER BY finished_at DESC, run_id DESC LIMIT 1`,
    )
    .bind(projectId, drift, model, before, excludeRunId)
    .first<RawRunScore>();
  return r ? runScore(r) : undefined;
}
