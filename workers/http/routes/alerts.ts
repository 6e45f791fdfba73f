/**
 * Drift alerts of the calling project: list (open, acknowledged or all),
 * read, acknowledge, and the project's drift settings (the smallest drop
 * worth an alert). Alerts are raised by the cron pass over completed runs.
 */
import { z } from "@hono/zod-openapi";
import { ackAlert, getAlert, getDriftSettings, listAlerts, putDriftSettings } from "../../../src/db/alerts";
import { ALPHA, DEFAULT_MIN_DROP } from "../../../src/drift/detect";
import { alertView } from "../../../src/drift/view";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema } from "../schemas";

const tags = ["alerts"];
const Interval = z.tuple([z.number(), z.number()]);

export const AlertView = z
  .object({
    id: z.string(),
    run_id: z.string().openapi({ description: "The new run that got worse" }),
    baseline_run_id: z.string().openapi({ description: "The latest earlier completed run of the same benchmark, dataset digest, scorer and model" }),
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable().openapi({ description: "The benchmark's name, as a reader knows it; null once the benchmark is gone" }),
    target: z.enum(["target", "compare_target"]),
    model: z.string(),
    baseline_score: z.number().nullable(),
    score: z.number().nullable(),
    delta: z.number().nullable().openapi({ description: "Mean over shared tasks of new − baseline" }),
    delta_ci95: Interval.nullable(),
    p_value: z.number().nullable(),
    test: z.object({ name: z.string(), method: z.string() }),
    shared_tasks: z.number().int(),
    regressed_count: z.number().int(),
    regressed_tasks: z.array(z.object({ task: z.string(), task_digest: z.string(), baseline: z.number(), score: z.number() })),
    min_drop: z.number(),
    alpha: z.number(),
    summary: z.string(),
    display: z.object({ delta: z.string().nullable() }),
    created_at: z.string(),
    acked_at: z.string().nullable(),
  })
  .openapi("DriftAlert");

const ListQuery = PageQuery.extend({
  status: z.enum(["open", "acked", "all"]).default("all").openapi({ description: "open: not acknowledged yet" }),
  run_id: z.string().min(1).max(200).optional(),
  benchmark_id: z.string().min(1).max(200).optional(),
});

const Settings = z
  .object({
    min_drop: z.number().openapi({ description: "An alert needs a drop in score larger than this (rewards' own scale)" }),
    alpha: z.number().openapi({ description: "An alert needs the paired test's p-value below this" }),
    updated_at: z.string().nullable(),
  })
  .openapi("DriftSettings");

const PutSettings = z.strictObject({ min_drop: z.number().min(0).max(1_000_000) });

export const alertsRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/alerts/settings",
      operationId: "getAlertSettings",
      tags,
      summary: "The project's drift settings",
      responses: { 200: json(Settings, "The settings"), ...errorResponses },
    }),
    async (c) => {
      const s = await getDriftSettings(c.env.DB, c.var.auth.projectId);
      return c.json({ ...s, alpha: ALPHA }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "put",
      path: "/api/alerts/settings",
      operationId: "updateAlertSettings",
      tags,
      summary: `Set the smallest drop worth an alert (default ${DEFAULT_MIN_DROP}); applies to runs that finish from now on`,
      request: { body: jsonBody(PutSettings) },
      responses: { 200: json(Settings, "The settings"), ...errorResponses },
    }),
    async (c) => {
      const { min_drop } = c.req.valid("json");
      const s = await putDriftSettings(c.env.DB, c.var.auth.projectId, min_drop, new Date().toISOString());
      return c.json({ ...s, alpha: ALPHA }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/alerts",
      operationId: "listAlerts",
      tags,
      summary: "Drift alerts, newest first",
      request: { query: ListQuery },
      responses: { 200: json(pageSchema(AlertView), "A page of alerts"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const rows = await listAlerts(c.env.DB, c.var.auth.projectId, {
        before: decodeCursor(q.cursor),
        limit: q.limit,
        acked: q.status === "all" ? undefined : q.status === "acked",
        runId: q.run_id,
        benchmarkId: q.benchmark_id,
      });
      const page = pageOf(rows, q.limit, (a) => a.id);
      return c.json({ items: page.items.map(alertView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/alerts/{id}",
      operationId: "getAlert",
      tags,
      summary: "One drift alert",
      request: { params: IdParam },
      responses: { 200: json(AlertView, "The alert"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const row = await getAlert(c.env.DB, c.var.auth.projectId, id);
      if (!row) throw new AppError("not_found", `no alert ${id}`);
      return c.json(alertView(row), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/alerts/{id}/ack",
      operationId: "acknowledgeAlert",
      tags,
      summary: "Acknowledge an alert; acknowledging again keeps the first time",
      request: { params: IdParam },
      responses: { 200: json(AlertView, "The acknowledged alert"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const row = await ackAlert(c.env.DB, c.var.auth.projectId, id, c.var.auth.keyId, new Date().toISOString());
      if (!row) throw new AppError("not_found", `no alert ${id}`);
      return c.json(alertView(row), 200);
    },
  );
