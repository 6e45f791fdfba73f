/** GET /api/eval-runs/{id}/tasks: one benchmark's per-task scores on each target and the A/B difference, in task order. */
import { z } from "@hono/zod-openapi";
import { policyOf, readBenchmarkPlans } from "../../../../src/db/results/plans";
import { taskPage } from "../../../../src/db/samples";
import { encodeCursor } from "../../../../src/domain/paging";
import { taskRows } from "../../../../src/reports/task-rows";
import { defineRoute, newRouter } from "../../router";
import { errorResponses, IdParam, json, PageQuery } from "../../schemas";
import { ScoreCounts } from "./score-schemas";
import { intCursor, ownRun, planOf, refuseTarget, Slot, tags } from "./shared";

const TaskScore = z.object({
  score: z.number().nullable(),
  pass: z.number().nullable(),
  pass_at_k: z.number().nullable(),
  pass_hat_k: z.number().nullable(),
  score_counts: ScoreCounts,
  display: z.object({ score: z.string().nullable(), coverage: z.string() }),
});

const TaskRow = z
  .object({
    task_key: z.string(),
    member_index: z.number().int(),
    subset: z.string().nullable(),
    a: TaskScore.nullable(),
    b: TaskScore.nullable(),
    delta: z.number().nullable(),
  })
  .openapi("TaskResult");

const TasksQuery = PageQuery.extend({ benchmark_id: z.string().min(1).max(200), target: Slot.optional() });

export const resultsTasksRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/tasks",
      operationId: "listEvalRunTasks",
      tags,
      summary: "Per-task breakdown of one benchmark: each task's score on each target and the A/B difference, in task order",
      request: { params: IdParam, query: TasksQuery },
      responses: { 200: json(z.object({ items: z.array(TaskRow), next_cursor: z.string().nullable() }), "A page of tasks"), ...errorResponses },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      const q = c.req.valid("query");
      const after = intCursor(q.cursor);
      refuseTarget(run, q.target);
      const plan = planOf(await readBenchmarkPlans(c.env.DB, run), q.benchmark_id);
      if (plan.status === "failed" || plan.k === null) return c.json({ items: [], next_cursor: null }, 200);
      const from = after === undefined ? 0 : after + 1;
      const page = await taskPage(c.env, run, plan, { from, limit: q.limit, target: q.target });
      const items = taskRows(page.rows, plan.k, policyOf(run));
      const lastIndex = Math.min(plan.member_count ?? 0, from + q.limit) - 1;
      return c.json({ items, next_cursor: page.more ? encodeCursor(String(lastIndex)) : null }, 200);
    },
  );
