/**
 * The project leaderboard. Runs are submitted explicitly (POST
 * /api/leaderboard/entries): each (benchmark, target) of a finished run
 * becomes a frozen entry on the board of comparable results (same
 * benchmark, dataset revision and digest, scorer or runner, task names and
 * digests, k and missing policy); submitting again returns the saved
 * snapshot. Boards list ranked rows; /api/leaderboard/runs ranks every
 * completed run the cron pass has scored, within the same boards. Storage
 * and the submission rules are in src/db/leaderboard/.
 */
import { z } from "@hono/zod-openapi";
import { getRun } from "../../../src/db/eval-runs";
import { getBoard, listBoards, type BoardRow } from "../../../src/db/leaderboard/boards";
import { boardEntries, topEntries, type EntryRow } from "../../../src/db/leaderboard/entries";
import { rankedRuns, type RunScoreRow } from "../../../src/db/leaderboard/run-scores";
import { submitRun } from "../../../src/db/leaderboard/submit";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, encodeCursor, pageOf } from "../../../src/domain/paging";
import { TIE_BREAK } from "../../../src/leaderboard/board";
import { formatScore } from "../../../src/metrics";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam, json, jsonBody, PageQuery } from "../schemas";

const tags = ["leaderboard"];
const TargetSlot = z.enum(["target", "compare_target"]);
const slotName = (t: string) => (t === "b" ? "compare_target" : "target");

const Entry = z
  .object({
    id: z.string(),
    board_id: z.string(),
    rank: z.number().int().openapi({ description: "1-based, unique within the board; see tie_break" }),
    run_id: z.string(),
    benchmark_id: z.string(),
    target: TargetSlot,
    model: z.string().openapi({ description: "The target's name, else its model or profile" }),
    run_status: z.string(),
    score: z.number().nullable().openapi({ description: "Mean reward of scored attempts" }),
    scored: z.number().int(),
    missing: z.number().int(),
    composite: z.number().nullable().openapi({ description: "Mean composite of the structured results that have one" }),
    display: z.object({ score: z.string().nullable() }),
    aggregate: z.record(z.string(), z.unknown()).openapi({ description: "The full metrics as they were when submitted" }),
    submitted_at: z.string(),
  })
  .openapi("LeaderboardEntry");

function entryView(e: EntryRow): z.infer<typeof Entry> {
  return {
    id: e.id,
    board_id: e.board_id,
    rank: e.rank,
    run_id: e.run_id,
    benchmark_id: e.benchmark_id,
    target: slotName(e.target),
    model: e.model,
    run_status: e.run_status,
    score: e.score,
    scored: e.scored,
    missing: e.missing,
    composite: e.composite,
    display: { score: formatScore(e.score) },
    aggregate: e.snapshot as unknown as Record<string, unknown>,
    submitted_at: e.submitted_at,
  };
}

const BoardFields = {
  id: z.string(),
  benchmark_id: z.string(),
  dataset_revision_id: z.string(),
  dataset_digest: z.string(),
  scoring: z.unknown().openapi({ description: "The scorer spec (inline benchmarks); null for runner benchmarks" }),
  runner: z.string().nullable(),
  k: z.number().int(),
  missing_policy: z.string(),
  task_count: z.number().int(),
  tasks_digest: z.string(),
  entry_count: z.number().int(),
  created_at: z.string(),
};
const Board = z.object(BoardFields).openapi("LeaderboardBoard");
const BoardWithRows = z.object({ ...BoardFields, rows: z.array(Entry) }).openapi("LeaderboardBoardTop");

function boardView(b: BoardRow): z.infer<typeof Board> {
  return {
    id: b.id,
    benchmark_id: b.benchmark_id,
    dataset_revision_id: b.dataset_revision_id,
    dataset_digest: b.dataset_digest,
    scoring: b.spec.scoring,
    runner: b.spec.runner,
    k: b.spec.k,
    missing_policy: b.spec.missing_policy,
    task_count: b.spec.task_count,
    tasks_digest: b.spec.tasks_digest,
    entry_count: b.entry_count,
    created_at: b.created_at,
  };
}

const RankedRun = z
  .object({
    board_id: z.string(),
    rank: z.number().int(),
    benchmark_id: z.string(),
    run_id: z.string(),
    target: TargetSlot,
    model: z.string(),
    score: z.number().nullable(),
    scored: z.number().int(),
    missing: z.number().int(),
    composite: z.number().nullable(),
    display: z.object({ score: z.string().nullable() }),
    finished_at: z.string(),
  })
  .openapi("RankedRun");

function rankedView(r: RunScoreRow): z.infer<typeof RankedRun> {
  return {
    board_id: r.board_id,
    rank: r.rank!,
    benchmark_id: r.benchmark_id,
    run_id: r.run_id,
    target: slotName(r.target),
    model: r.model,
    score: r.score,
    scored: r.scored,
    missing: r.missing,
    composite: r.composite,
    display: { score: formatScore(r.score) },
    finished_at: r.finished_at,
  };
}

const TieBreak = z.string().openapi({ description: "How equal scores are ordered" });
const Submit = z.strictObject({ run_id: z.string().min(1).max(200) });
const SubmitReply = z
  .object({
    run_id: z.string(),
    entries: z.array(Entry),
    skipped: z.array(z.object({ benchmark_id: z.string(), reason: z.string() })).openapi({ description: "Benchmarks of the run with no result to rank" }),
    tie_break: TieBreak,
  })
  .openapi("LeaderboardSubmission");
const BenchmarkFilter = { benchmark_id: z.string().min(1).max(200).optional() };
const BoardsQuery = PageQuery.extend({
  ...BenchmarkFilter,
  top: z.coerce.number().int().min(1).max(100).default(10).openapi({ description: "Rows shown per board" }),
});

/** A rank cursor: the last rank of the previous page. */
function rankAfter(cursor: string | undefined): number {
  const key = decodeCursor(cursor);
  if (key === undefined) return 0;
  if (!/^\d{1,9}$/.test(key)) throw new AppError("bad_request", "cursor is not one this API issued");
  return Number(key);
}

/** A ranked-view cursor: benchmark, board and rank of the previous page's last row. */
function runsAfter(cursor: string | undefined): [string, string, number] | undefined {
  const key = decodeCursor(cursor);
  if (key === undefined) return undefined;
  const m = /^([^|]+)\|([^|]+)\|(\d{1,9})$/.exec(key);
  if (!m) throw new AppError("bad_request", "cursor is not one this API issued");
  return [m[1]!, m[2]!, Number(m[3])];
}

export const leaderboardRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/leaderboard/entries",
      operationId: "createLeaderboardEntry",
      tags,
      summary: "Submit a finished run: each of its benchmarks and targets joins its board; submitting again returns the saved snapshot",
      request: { body: jsonBody(Submit) },
      responses: {
        201: json(SubmitReply, "The new entries with their ranks"),
        200: json(SubmitReply, "The entries saved when this run was first submitted"),
        ...conflict,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { run_id } = c.req.valid("json");
      const { projectId } = c.var.auth;
      const run = await getRun(c.var.db, projectId, run_id);
      if (!run) throw new AppError("not_found", `no eval run ${run_id}`);
      const { entries, skipped, created } = await submitRun(c.env, projectId, run, new Date().toISOString());
      if (!created) c.header("Idempotent-Replayed", "true");
      return c.json({ run_id: run.id, entries: entries.map(entryView), skipped, tie_break: TIE_BREAK }, created ? 201 : 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/leaderboard",
      operationId: "getLeaderboard",
      tags,
      summary: "The project's boards of submitted runs, newest first, each with its top rows",
      request: { query: BoardsQuery },
      responses: {
        200: json(z.object({ items: z.array(BoardWithRows), next_cursor: z.string().nullable(), tie_break: TieBreak }), "A page of boards"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const rows = await listBoards(c.env.DB, c.var.auth.projectId, { benchmarkId: q.benchmark_id, before: decodeCursor(q.cursor), limit: q.limit });
      const page = pageOf(rows, q.limit, (b) => b.id);
      const tops = await topEntries(c.env.DB, page.items.map((b) => b.id), q.top);
      const items = page.items.map((b) => ({ ...boardView(b), rows: (tops.get(b.id) ?? []).map(entryView) }));
      return c.json({ items, next_cursor: page.next_cursor, tie_break: TIE_BREAK }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/leaderboard/boards/{id}",
      operationId: "getLeaderboardBoard",
      tags,
      summary: "One board and its submitted entries in rank order",
      request: { params: IdParam, query: PageQuery },
      responses: {
        200: json(z.object({ board: Board, rows: z.array(Entry), next_cursor: z.string().nullable(), tie_break: TieBreak }), "The board and a page of rows"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { cursor, limit } = c.req.valid("query");
      const board = await getBoard(c.env.DB, c.var.auth.projectId, id);
      if (!board) throw new AppError("not_found", `no board ${id}`);
      const rows = await boardEntries(c.env.DB, board.id, rankAfter(cursor), limit);
      const items = rows.slice(0, limit);
      const next = rows.length > limit ? encodeCursor(String(items.at(-1)!.rank)) : null;
      return c.json({ board: boardView(board), rows: items.map(entryView), next_cursor: next, tie_break: TIE_BREAK }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/leaderboard/runs",
      operationId: "listLeaderboardRuns",
      tags,
      summary: "Every completed run ranked within its board (comparable results only), by benchmark and board",
      request: { query: PageQuery.extend(BenchmarkFilter) },
      responses: {
        200: json(z.object({ items: z.array(RankedRun), next_cursor: z.string().nullable(), tie_break: TieBreak }), "A page of ranked rows"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const rows = await rankedRuns(c.env.DB, c.var.auth.projectId, { benchmarkId: q.benchmark_id, after: runsAfter(q.cursor), limit: q.limit });
      const items = rows.slice(0, q.limit);
      const last = items.at(-1);
      const next = rows.length > q.limit && last ? encodeCursor(`${last.benchmark_id}|${last.board_id}|${last.rank}`) : null;
      return c.json({ items: items.map(rankedView), next_cursor: next, tie_break: TIE_BREAK }, 200);
    },
  );
