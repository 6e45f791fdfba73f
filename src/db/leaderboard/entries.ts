/**
 * Submitted leaderboard entries in D1: frozen snapshots of a finished run's
 * (benchmark, target) results on their boards, saved once each, read back
 * with their rank on the board. Ranks are row_number() in the order
 * src/leaderboard/board.ts describes. Raw prepared statements.
 */
import { RANK_ORDER_ENTRIES } from "../../leaderboard/board";
import type { Aggregate } from "../../metrics";
import { newId } from "../../crypto/ids";

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
