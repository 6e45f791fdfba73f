/**
 * Leaderboard boards in D1: one per project and comparable-results spec
 * (src/leaderboard/board.ts), created on first use, listed once they hold
 * submitted entries. Raw prepared statements.
 */
import type { BoardSpec } from "../../leaderboard/board";
import { newId } from "../../crypto/ids";

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
