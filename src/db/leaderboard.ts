/**
 * Results of finished runs in D1: per (run, benchmark, target) slices read
 * from attempts in bounded seq windows (so no query scans more than
 * SCAN_WINDOW rows; an attempt has a row once it ended), with the task set
 * from the run's plan in R2, the boards that group comparable slices, explicitly
 * submitted entries (frozen snapshots), and run_scores (what the cron pass
 * keeps for every finished run: score history, the ranked view, drift
 * baselines). Raw prepared statements; ranks are row_number() in the
 * order src/leaderboard/board.ts describes.
 */
import { boardKey, driftKey, modelKey, modelLabel, RANK_ORDER_ENTRIES, RANK_ORDER_RUNS, runnerOf, tasksDigest, type BoardSpec, type TaskRef } from "../leaderboard/board";
import { readPlan } from "../storage/run-plans";
import type { JsonValue } from "../datasets/canonical-json";
import type { TaskSummary } from "../drift/detect";
import { aggregateSummaries, type Aggregate, type MemberSummary } from "../metrics";
import type { RunOptions } from "../domain/run-options";
import type { StoredTarget } from "../domain/run-target";
import { newId } from "../crypto/ids";
import type { EvalRunRow, RunBenchmarkRow } from "./schema";

/** Attempt seqs read per query. */
export const SCAN_WINDOW = 20_000;

/** One member of one target, tallied from its attempts. */
interface MemberTally extends MemberSummary {
  task: string;
  digest: string;
  compositeSum: number;
  compositeN: number;
}

interface TallyRow {
  target: string;
  member_index: number;
  task: string;
  digest: string;
  attempts: number;
  scored: number;
  sum: number;
  nonbinary: number;
  nonunit: number;
  invalid: number;
  composite_sum: number;
  composite_n: number;
}

/**
 * Tallies the attempts of seqs [from, from + count) of a run by target and
 * member, one window of SCAN_WINDOW seqs per query. Returns the tallies and
 * the attempt rows read.
 */
export async function scanAttempts(
  d1: D1Database,
  runId: string,
  from: number,
  count: number,
  onlyTarget?: string,
): Promise<{ byTarget: Map<string, Map<number, MemberTally>>; rows: number }> {
  const byTarget = new Map<string, Map<number, MemberTally>>();
  let rows = 0;
  for (let lo = from; lo < from + count; lo += SCAN_WINDOW) {
    const hi = Math.min(from + count, lo + SCAN_WINDOW);
    const r = await d1
      .prepare(
        `SELECT target, member_index, min(member_key) AS task, min(task_digest) AS digest, count(*) AS attempts,
           count(reward) AS scored, total(reward) AS sum,
           total(reward IS NOT NULL AND reward NOT IN (0, 1)) AS nonbinary,
           total(reward IS NOT NULL AND (reward < 0 OR reward > 1)) AS nonunit,
           total(reward IS NULL AND status IN ('succeeded', 'failed', 'cancelled', 'timed_out')) AS invalid,
           total(CASE WHEN typeof(json_extract(structured, '$.composite')) IN ('integer', 'real') THEN json_extract(structured, '$.composite') END) AS composite_sum,
           count(CASE WHEN typeof(json_extract(structured, '$.composite')) IN ('integer', 'real') THEN 1 END) AS composite_n
         FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 AND (?4 IS NULL OR target = ?4)
         GROUP BY target, member_index`,
      )
      .bind(runId, lo, hi, onlyTarget ?? null)
      .all<TallyRow>();
    for (const t of r.results) {
      rows += t.attempts;
      let members = byTarget.get(t.target);
      if (!members) byTarget.set(t.target, (members = new Map()));
      const m = members.get(t.member_index);
      // A member's attempts are contiguous in seq, but a window edge may split them.
      if (m) {
        m.scored += t.scored;
        m.sum += t.sum;
        m.binary &&= t.nonbinary === 0;
        m.unit &&= t.nonunit === 0;
        m.invalid += t.invalid;
        m.compositeSum += t.composite_sum;
        m.compositeN += t.composite_n;
      } else {
        members.set(t.member_index, {
          member: String(t.member_index),
          task: t.task,
          digest: t.digest,
          scored: t.scored,
          sum: t.sum,
          binary: t.nonbinary === 0,
          unit: t.nonunit === 0,
          invalid: t.invalid,
          compositeSum: t.composite_sum,
          compositeN: t.composite_n,
        });
      }
    }
  }
  return { byTarget, rows };
}

/** Members merged by task digest, for matching tasks across runs. */
export function byTaskDigest(members: Iterable<MemberTally>): TaskSummary[] {
  const out = new Map<string, TaskSummary>();
  for (const m of members) {
    const t = out.get(m.digest);
    if (!t) out.set(m.digest, { member: m.digest, task: m.task, scored: m.scored, sum: m.sum, binary: m.binary, unit: m.unit, invalid: m.invalid });
    else {
      t.scored += m.scored;
      t.sum += m.sum;
      t.binary &&= m.binary;
      t.unit &&= m.unit;
      t.invalid += m.invalid;
    }
  }
  return [...out.values()];
}

/** One (run, benchmark, target) result with everything that places it. */
export interface ResultSlice {
  benchmarkId: string;
  target: "a" | "b";
  model: string;
  modelKey: string;
  spec: BoardSpec;
  key: string;
  driftKey: string;
  aggregate: Aggregate;
  /** Mean composite score of attempts whose structured result has one. */
  composite: number | null;
  /** Per task digest, for drift. */
  tasks: TaskSummary[];
}

export interface Skipped {
  benchmark_id: string;
  reason: string;
}

/** The run benchmarks that have results: planned on a dataset, with attempts. */
export function sliceable(rb: RunBenchmarkRow): boolean {
  return !!rb.datasetRevisionId && !!rb.datasetDigest && rb.baseSeq !== null && (rb.attemptCount ?? 0) > 0 && (rb.k ?? 0) > 0 && (rb.memberCount ?? 0) > 0;
}

/**
 * The slices of a finished run, read from its attempts; benchmarks without
 * results are listed in `skipped` with why. `rows` counts attempts read.
 */
export async function summarizeRun(
  d1: D1Database,
  bucket: R2Bucket,
  run: EvalRunRow,
  rbs: RunBenchmarkRow[],
): Promise<{ slices: ResultSlice[]; skipped: Skipped[]; rows: number }> {
  const slices: ResultSlice[] = [];
  const skipped: Skipped[] = [];
  let rows = 0;
  const kinds = await benchmarkKinds(d1, rbs.map((rb) => rb.benchmarkId));
  const options = run.options as RunOptions;
  const targets: ["a" | "b", StoredTarget][] = [["a", run.target as StoredTarget]];
  if (run.compareTarget) targets.push(["b", run.compareTarget as StoredTarget]);
  for (const rb of rbs) {
    if (!sliceable(rb)) {
      skipped.push({ benchmark_id: rb.benchmarkId, reason: rb.error ? `it failed: ${rb.error}` : "it produced no attempts" });
      continue;
    }
    const scan = await scanAttempts(d1, run.id, rb.baseSeq!, rb.attemptCount!);
    rows += scan.rows;
    const scoring = (rb.scoring ?? null) as JsonValue | null;
    const dk = await driftKey(rb.benchmarkId, rb.datasetDigest!, scoring);
    const planned = await plannedTasks(bucket, run.id, rb.benchmarkId);
    for (const [t, target] of targets) {
      const members = [...(scan.byTarget.get(t)?.values() ?? [])];
      // The selected tasks come from the plan: attempts that never ended have no row.
      const tasks = planned ?? members.map((m) => ({ key: m.task, digest: m.digest }));
      const runner = kinds.get(rb.benchmarkId) === "runner" ? runnerOf(target) : null;
      const spec: BoardSpec = {
        benchmark_id: rb.benchmarkId,
        dataset_revision_id: rb.datasetRevisionId!,
        dataset_digest: rb.datasetDigest!,
        scoring: runner ? null : scoring,
        runner,
        k: rb.k!,
        missing_policy: options.missing_policy,
        task_count: tasks.length,
        tasks_digest: await tasksDigest(tasks),
      };
      const compositeN = members.reduce((n, m) => n + m.compositeN, 0);
      slices.push({
        benchmarkId: rb.benchmarkId,
        target: t,
        model: modelLabel(target),
        modelKey: modelKey(target),
        spec,
        key: await boardKey(spec),
        driftKey: dk,
        aggregate: aggregateSummaries(
          members.map(({ member, scored, sum, binary, unit, invalid }) => ({ member, scored, sum, binary, unit, invalid })),
          { k: rb.k!, missing_policy: options.missing_policy, total_members: Math.max(rb.memberCount!, members.length) },
        ),
        composite: compositeN ? members.reduce((s, m) => s + m.compositeSum, 0) / compositeN : null,
        tasks: byTaskDigest(members),
      });
    }
  }
  return { slices, skipped, rows };
}

/** The tasks the run selected for a benchmark, from its plan in R2; null when the plan is gone. */
async function plannedTasks(bucket: R2Bucket, runId: string, benchmarkId: string): Promise<TaskRef[] | null> {
  try {
    return (await readPlan(bucket, runId, benchmarkId)).map(([, key, digest]) => ({ key, digest }));
  } catch {
    return null;
  }
}

async function benchmarkKinds(d1: D1Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const r = await d1
    .prepare(`SELECT id, kind FROM benchmarks WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<{ id: string; kind: string }>();
  return new Map(r.results.map((b) => [b.id, b.kind]));
}

// ---------------------------------------------------------------- boards

export interface BoardRow {
  id: string;
  project_id: string;
  key: string;
  benchmark_id: string;
  dataset_revision_id: string;
  dataset_digest: string;
  spec: BoardSpec;
  entry_count: number;
  created_at: string;
}

type RawBoard = Omit<BoardRow, "spec"> & { spec: string };
const board = (r: RawBoard): BoardRow => ({ ...r, spec: JSON.parse(r.spec) as BoardSpec });

/** The board of `spec` in the project, created on first use; returns its id. */
export async function ensureBoard(d1: D1Database, projectId: string, spec: BoardSpec, key: string, at: string): Promise<string> {
  const [, found] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO leaderboard_boards (id, project_id, key, benchmark_id, dataset_revision_id, dataset_digest, spec, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (project_id, key) DO NOTHING`,
      )
      .bind(newId("lb"), projectId, key, spec.benchmark_id, spec.dataset_revision_id, spec.dataset_digest, JSON.stringify(spec), at),
    d1.prepare(`SELECT id FROM leaderboard_boards WHERE project_id = ?1 AND key = ?2`).bind(projectId, key),
  ]);
  return (found!.results[0] as { id: string }).id;
}

export async function getBoard(d1: D1Database, projectId: string, id: string): Promise<BoardRow | undefined> {
  const r = await d1.prepare(`SELECT * FROM leaderboard_boards WHERE id = ?1 AND project_id = ?2`).bind(id, projectId).first<RawBoard>();
  return r ? board(r) : undefined;
}

/** Boards holding submitted entries, newest first; `limit + 1` rows. */
export async function listBoards(d1: D1Database, projectId: string, q: { benchmarkId?: string; before?: string; limit: number }): Promise<BoardRow[]> {
  const r = await d1
    .prepare(
      `SELECT * FROM leaderboard_boards
       WHERE project_id = ?1 AND entry_count > 0 AND (?2 IS NULL OR benchmark_id = ?2) AND (?3 IS NULL OR id < ?3)
       ORDER BY id DESC LIMIT ?4`,
    )
    .bind(projectId, q.benchmarkId ?? null, q.before ?? null, q.limit + 1)
    .all<RawBoard>();
  return r.results.map(board);
}

// ---------------------------------------------------------------- entries

export interface EntryRow {
  id: string;
  board_id: string;
  run_id: string;
  benchmark_id: string;
  target: string;
  model: string;
  run_status: string;
  score: number | null;
  scored: number;
  missing: number;
  composite: number | null;
  snapshot: Aggregate;
  submitted_at: string;
  rank: number;
}

type RawEntry = Omit<EntryRow, "snapshot"> & { snapshot: string };
const entry = (r: RawEntry): EntryRow => ({ ...r, snapshot: JSON.parse(r.snapshot) as Aggregate });

export interface NewEntry {
  boardId: string;
  benchmarkId: string;
  target: string;
  model: string;
  aggregate: Aggregate;
  composite: number | null;
}

/**
 * Saves the run's entries, each once: an entry already saved keeps its
 * snapshot. Returns how many were new. Board entry counts are recounted in
 * the same batch.
 */
export async function insertEntries(d1: D1Database, projectId: string, runId: string, runStatus: string, entries: NewEntry[], at: string): Promise<number> {
  if (!entries.length) return 0;
  const inserts = entries.map((e) =>
    d1
      .prepare(
        `INSERT INTO leaderboard_entries (id, board_id, project_id, run_id, benchmark_id, target, model, run_status, score, scored, missing, composite, snapshot, submitted_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
         ON CONFLICT (project_id, run_id, benchmark_id, target) DO NOTHING`,
      )
      .bind(
        newId("lbe"),
        e.boardId,
        projectId,
        runId,
        e.benchmarkId,
        e.target,
        e.model,
        runStatus,
        e.aggregate.score,
        e.aggregate.score_counts.scored,
        e.aggregate.score_counts.missing,
        e.composite,
        JSON.stringify(e.aggregate),
        at,
      ),
  );
  const recount = [...new Set(entries.map((e) => e.boardId))].map((b) =>
    d1
      .prepare(`UPDATE leaderboard_boards SET entry_count = (SELECT count(*) FROM leaderboard_entries WHERE board_id = ?1) WHERE id = ?1`)
      .bind(b),
  );
  const results = await d1.batch([...inserts, ...recount]);
  return results.slice(0, inserts.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

const RANKED_ENTRIES = `SELECT *, row_number() OVER (ORDER BY ${RANK_ORDER_ENTRIES}) AS rank FROM leaderboard_entries WHERE board_id = ?1`;

/** A board's entries in rank order after rank `afterRank`; `limit + 1` rows. */
export async function boardEntries(d1: D1Database, boardId: string, afterRank: number, limit: number): Promise<EntryRow[]> {
  const r = await d1
    .prepare(`SELECT * FROM (${RANKED_ENTRIES}) WHERE rank > ?2 ORDER BY rank LIMIT ?3`)
    .bind(boardId, afterRank, limit + 1)
    .all<RawEntry>();
  return r.results.map(entry);
}

/** The top `top` entries of each board, in one round trip. */
export async function topEntries(d1: D1Database, boardIds: string[], top: number): Promise<Map<string, EntryRow[]>> {
  const out = new Map<string, EntryRow[]>(boardIds.map((id) => [id, []]));
  if (!boardIds.length) return out;
  const results = await d1.batch(
    boardIds.map((id) => d1.prepare(`SELECT * FROM (${RANKED_ENTRIES}) WHERE rank <= ?2 ORDER BY rank`).bind(id, top)),
  );
  results.forEach((r, i) => out.set(boardIds[i]!, (r.results as RawEntry[]).map(entry)));
  return out;
}

/** A run's saved entries with their current rank on their boards. */
export async function entriesOfRun(d1: D1Database, projectId: string, runId: string): Promise<EntryRow[]> {
  const r = await d1
    .prepare(
      `SELECT * FROM (
         SELECT *, row_number() OVER (PARTITION BY board_id ORDER BY ${RANK_ORDER_ENTRIES}) AS rank FROM leaderboard_entries
         WHERE board_id IN (SELECT board_id FROM leaderboard_entries WHERE project_id = ?1 AND run_id = ?2)
       ) WHERE run_id = ?2 ORDER BY benchmark_id, target`,
    )
    .bind(projectId, runId)
    .all<RawEntry>();
  return r.results.map(entry);
}

// ---------------------------------------------------------------- run scores

export interface RunScoreRow {
  run_id: string;
  benchmark_id: string;
  target: string;
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
