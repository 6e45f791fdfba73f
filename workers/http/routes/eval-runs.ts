/**
 * Eval runs: create a draft (idempotent by request_id), list, read, edit
 * while a draft, delete, copy without keys, start (draft → queued) and stop.
 * Plan and credits gate create and start (402). Keys are sealed on write and
 * only ever shown as {set: true}.
 */
import { z } from "@hono/zod-openapi";
import { listRuns } from "../../../src/db/eval-runs";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { CreateRunBody, PatchRunBody } from "../../../src/domain/run-config";
import { RUN_STATUSES } from "../../../src/domain/run-state";
import { copyRun, createRun, deleteRun, loadRun, startRun, stopRun, updateRun } from "../../../src/services/runs";
import { controlOf, scopeOf } from "../service-ports";
import { EvalRunView, runView } from "./eval-run-view";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, idempotencyConflict, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema, paymentRequired } from "../schemas";

const ListQuery = PageQuery.extend({
  status: z.enum(RUN_STATUSES).optional(),
  benchmark_id: z.string().min(1).max(200).optional().openapi({ description: "Only runs that include this benchmark" }),
});

const tags = ["eval-runs"];
const ReplayedHeader = {
  "Idempotent-Replayed": { schema: { type: "string" as const }, description: "true when request_id matched an existing run" },
};

export const evalRunsRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs",
      operationId: "createEvalRun",
      tags,
      summary: "Create a draft run; the same request_id returns the same run",
      request: { body: jsonBody(CreateRunBody.openapi("CreateEvalRun")) },
      responses: {
        201: json(EvalRunView, "The new draft"),
        200: { ...json(EvalRunView, "The run an earlier request with this request_id created"), headers: ReplayedHeader },
        ...paymentRequired,
        ...errorResponses,
        ...idempotencyConflict,
      },
    }),
    async (c) => {
      const { run, replayed } = await createRun(scopeOf(c), c.req.valid("json"));
      // A replay answers with what the first request made, whatever the plan says now.
      if (replayed) c.header("Idempotent-Replayed", "true");
      return replayed ? c.json(runView(run), 200) : c.json(runView(run), 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs",
      operationId: "listEvalRuns",
      tags,
      summary: "List runs, newest first, optionally by status",
      request: { query: ListQuery },
      responses: { 200: json(pageSchema(EvalRunView), "A page of runs"), ...errorResponses },
    }),
    async (c) => {
      const { cursor, limit, status, benchmark_id } = c.req.valid("query");
      const rows = await listRuns(c.var.db, c.var.auth.projectId, { after: decodeCursor(cursor), limit, status, benchmarkId: benchmark_id });
      const page = pageOf(rows, limit, (r) => r.id);
      return c.json({ items: page.items.map(runView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}",
      operationId: "getEvalRun",
      tags,
      summary: "A run's configuration and status",
      request: { params: IdParam },
      responses: { 200: json(EvalRunView, "The run"), ...errorResponses },
    }),
    async (c) => c.json(runView(await loadRun(scopeOf(c), c.req.valid("param").id)), 200),
  )
  .openapi(
    defineRoute({
      method: "patch",
      path: "/api/eval-runs/{id}",
      operationId: "updateEvalRun",
      tags,
      summary: "Edit a draft (409 once queued): a given target replaces the old one; options merge by top-level key",
      request: { params: IdParam, body: jsonBody(PatchRunBody.openapi("PatchEvalRun")) },
      responses: { 200: json(EvalRunView, "The edited draft"), ...conflict, ...errorResponses },
    }),
    async (c) => c.json(runView(await updateRun(scopeOf(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  )
  .openapi(
    defineRoute({
      method: "delete",
      path: "/api/eval-runs/{id}",
      operationId: "deleteEvalRun",
      tags,
      summary: "Delete a draft or finished run (409 while queued or running: stop it first)",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...conflict, ...errorResponses },
    }),
    async (c) => {
      await deleteRun(scopeOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/copy",
      operationId: "copyEvalRun",
      tags,
      summary: "Copy a run's configuration into a new draft, without any key",
      request: { params: IdParam },
      responses: { 201: json(EvalRunView, "The new draft"), ...paymentRequired, ...errorResponses },
    }),
    async (c) => c.json(runView(await copyRun(scopeOf(c), c.req.valid("param").id)), 201),
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/start",
      operationId: "startEvalRun",
      tags,
      summary: "Start a draft: it is queued for execution (402 without evaluations or credits)",
      request: { params: IdParam },
      responses: { 202: json(EvalRunView, "The queued run"), ...paymentRequired, ...conflict, ...errorResponses },
    }),
    async (c) => {
      const scope = scopeOf(c);
      return c.json(runView(await startRun(scope, controlOf(c), await loadRun(scope, c.req.valid("param").id))), 202);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/stop",
      operationId: "stopEvalRun",
      tags,
      summary: "Stop a queued or running run; stopping a cancelled run changes nothing",
      request: { params: IdParam },
      responses: { 200: json(EvalRunView, "The cancelled run"), ...conflict, ...errorResponses },
    }),
    async (c) => c.json(runView(await stopRun(scopeOf(c), controlOf(c), c.req.valid("param").id)), 200),
  );
