/** GET /api/eval-runs/history/scores: score over time per benchmark and target across the project's completed runs. */
import { z } from "@hono/zod-openapi";
import { historyPage } from "../../../../src/db/score-history";
import { AppError } from "../../../../src/domain/errors";
import { decodeCursor, encodeCursor } from "../../../../src/domain/paging";
import { defineRoute, newRouter } from "../../router";
import { errorResponses, json, PageQuery } from "../../schemas";
import { ScoreRow } from "./score-schemas";
import { tags } from "./shared";

const HistoryPoint = ScoreRow.omit({ subsets: true, previous: true })
  .extend({ run_id: z.string(), run_display_name: z.string().nullable(), finished_at: z.string().nullable(), model: z.string().nullable() })
  .openapi("ScoreHistoryPoint");

const HistoryQuery = PageQuery.extend({
  benchmark_id: z.string().min(1).max(200).optional(),
  model: z.string().min(1).max(200).optional(),
});

export const resultsHistoryRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/history/scores",
      operationId: "getScoreHistory",
      tags,
      summary: "Score over time per benchmark and target across the project's completed runs, newest run first",
      description:
        "Pages by run: each page holds `limit` runs and one point per benchmark and target of each. Filters: benchmark_id, model (the target's model). Aggregates of finished runs are cached, so a page reads a few rows per run.",
      request: { query: HistoryQuery },
      responses: { 200: json(z.object({ items: z.array(HistoryPoint), next_cursor: z.string().nullable() }), "A page of score points"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const before = decodeCursor(q.cursor);
      if (before !== undefined && !/^run_[0-9a-z]{1,60}$/.test(before)) throw new AppError("bad_request", "cursor is not one this API issued");
      const page = await historyPage(c.env.DB, c.var.auth.projectId, { beforeId: before, limit: q.limit, benchmarkId: q.benchmark_id, model: q.model });
      return c.json({ items: page.points, next_cursor: page.more && page.lastRunId ? encodeCursor(page.lastRunId) : null }, 200);
    },
  );
