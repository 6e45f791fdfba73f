/** Execution of a run as its owner sees it: resume, progress and logs. */
import { z } from "@hono/zod-openapi";
import { countByStatus } from "../../../src/db/attempts";
import { openBatchesOf } from "../../../src/db/call-batches";
import { benchmarkNames } from "../../../src/db/benchmarks";
import { listRunBenchmarks } from "../../../src/db/run-benchmarks";
import { readLogs } from "../../../src/db/run-logs";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, encodeCursor } from "../../../src/domain/paging";
import { ACTIVE_STATUSES, type RunStatus } from "../../../src/domain/run-state";
import { liveStatusCounts } from "../../../src/db/results/sealed-blocks";
import { gateFor } from "../../gate/client";
import { loadRun, resumeRun } from "../../../src/services/runs";
import { controlOf, scopeOf } from "../service-ports";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam, json, paymentRequired } from "../schemas";

const tags = ["eval-runs"];


const STATUSES = ["pending", "dispatched", "running", "succeeded", "failed", "cancelled", "timed_out"] as const;

const Progress = z
  .object({
    id: z.string(),
    status: z.string(),
    terminal_attempts: z.number().int(),
    total_attempts: z.number().int().nullable().openapi({ description: "null until every benchmark is planned" }),
    planned_attempts: z.number().int(),
    scored_attempts: z.number().int(),
    in_flight: z.number().int().openapi({ description: "model calls holding a concurrency slot now" }),
    counts: z.record(z.string(), z.number().int()),
    batch: z
      .object({ batches: z.number().int(), calls: z.number().int() })
      .nullable()
      .optional()
      .openapi({ description: "options.batch: the provider batches the run's model calls wait on now and the calls in them (0 and 0 once all landed); null without options.batch" }),
    benchmarks: z.array(
      z.object({
        benchmark_id: z.string(),
        benchmark_name: z.string().nullable().openapi({ description: "what a reader calls it (null once the benchmark is gone)" }),
        status: z.string(),
        error: z.string().nullable(),
        error_counts: z.record(z.string(), z.number().int()).nullable().openapi({ description: "attempts without a reward by error kind, once the run ended" }),
        members: z.number().int().nullable(),
        attempts: z.number().int().nullable(),
        planned: z.number().int(),
      }),
    ),
  })
  .openapi("RunProgress");

const LogLine = z.object({ id: z.number().int(), at: z.string(), level: z.string(), event: z.string(), attempt_seq: z.number().int().nullable(), message: z.string() });
const LogsQuery = z.strictObject({ cursor: z.string().optional(), limit: z.coerce.number().int().min(1).max(1000).default(200) });

export const runExecutionRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/resume",
      operationId: "resumeEvalRun",
      tags,
      summary: "Resume a stopped or finished run (or one stuck after a restart): only attempts without a reward run again",
      request: { params: IdParam },
      responses: { 202: json(z.object({ id: z.string(), status: z.string() }), "The run, queued again"), ...paymentRequired, ...conflict, ...errorResponses },
    }),
    async (c) => c.json(await resumeRun(scopeOf(c), controlOf(c), c.req.valid("param").id), 202),
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/progress",
      operationId: "getEvalRunProgress",
      tags,
      summary: "How far a run is: status, terminal and total attempts, counts by status",
      request: { params: IdParam },
      responses: { 200: json(Progress, "Progress"), ...errorResponses },
    }),
    async (c) => {
      const run = await loadRun(scopeOf(c), c.req.valid("param").id);
      // While the run executes, its counts come by sealed blocks: bounded work per call, not a scan of every ended attempt.
      const active = ACTIVE_STATUSES.includes(run.status as RunStatus);
      const [counts, rbs, names, gate] = await Promise.all([
        active ? liveStatusCounts(c.env.DB, run).then((r) => r.counts) : countByStatus(c.env.DB, run.id),
        listRunBenchmarks(c.var.db, run.id),
        benchmarkNames(c.var.db, run.benchmarkIds),
        run.status === "draft" ? null : gateFor(c.env, run.id).stats(),
      ]);
      const batch = (run.options as { batch?: boolean }).batch ? await openBatchesOf(c.env.DB, run.id) : null;
      // Ended attempts have a row; the rest are running (holding a slot), queued, not yet planned, or cancelled with the run.
      const byStatus: Record<string, number> = Object.fromEntries(STATUSES.map((s) => [s, 0]));
      let scored = 0;
      let ended = 0;
      for (const row of counts) {
        byStatus[row.status] = row.count;
        scored += row.rewarded;
        ended += row.count;
      }
      const inFlight = gate?.in_flight ?? 0;
      const planned = rbs.reduce((n, rb) => n + rb.plannedCount, 0);
      const expected = rbs.reduce((n, rb) => n + (rb.attemptCount ?? 0), 0);
      const open = Math.max(0, Math.max(planned, expected) - ended);
      if (run.status === "cancelled") byStatus.cancelled = (byStatus.cancelled ?? 0) + open;
      else if (run.status === "queued" || run.status === "running") {
        byStatus.running = Math.min(inFlight, Math.max(0, planned - ended));
        byStatus.dispatched = Math.max(0, planned - ended - byStatus.running);
        byStatus.pending = Math.max(0, expected - planned);
      }
      const terminal = ended + (run.status === "cancelled" ? open : 0);
      const allPlanned = rbs.length === run.benchmarkIds.length && rbs.every((rb) => rb.attemptCount !== null);
      return c.json(
        {
          id: run.id,
          status: run.status,
          terminal_attempts: terminal,
          total_attempts: allPlanned ? rbs.reduce((n, rb) => n + (rb.attemptCount ?? 0), 0) : null,
          planned_attempts: planned,
          scored_attempts: scored,
          in_flight: inFlight,
          counts: byStatus,
          batch,
          benchmarks: rbs.map((rb) => ({ benchmark_id: rb.benchmarkId, benchmark_name: names.get(rb.benchmarkId) ?? null, status: rb.status, error: rb.error, error_counts: rb.errorCounts ?? null, members: rb.memberCount, attempts: rb.attemptCount, planned: rb.plannedCount })),
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/logs",
      operationId: "listEvalRunLogs",
      tags,
      summary: "The run's log, oldest first: started, retries, errors, finished; credentials scrubbed",
      request: { params: IdParam, query: LogsQuery },
      responses: { 200: json(z.object({ items: z.array(LogLine), next_cursor: z.string().nullable() }), "A page of log lines"), ...errorResponses },
    }),
    async (c) => {
      const run = await loadRun(scopeOf(c), c.req.valid("param").id);
      const { cursor, limit } = c.req.valid("query");
      const after = decodeCursor(cursor);
      const afterId = after === undefined ? 0 : Number(after);
      if (!Number.isInteger(afterId) || afterId < 0) throw new AppError("bad_request", "cursor is not one this API issued");
      const rows = await readLogs(c.env.DB, run.id, afterId, limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return c.json({ items, next_cursor: rows.length > limit && last ? encodeCursor(String(last.id)) : null }, 200);
    },
  );
