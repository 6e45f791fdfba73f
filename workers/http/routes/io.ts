/** Operation counts for benchmarks (operator only, and only with ASSAY_IO_METRICS=1). */
import { z } from "@hono/zod-openapi";
import { AppError } from "../../../src/domain/errors";
import { edgeStats, resetEdgeStats } from "../../edge/limits";
import { ioCounts, resetIo } from "../../io-meter";
import { requireBootstrap } from "../auth";
import { defineRoute, newRouter } from "../router";
import { errorResponses, json } from "../schemas";

const Counts = z.object({
  d1_statements: z.number(),
  d1_rows_written: z.number(),
  d1_rows_read: z.number(),
  r2_puts: z.number(),
  queue_messages_sent: z.number(),
  queue_send_calls: z.number(),
  queue_messages_received: z.number(),
  do_requests: z.object({ run_gate: z.number(), call_lane: z.number(), run_live: z.number() }).openapi({
    description: "Requests the Worker made to Durable Objects, by class (calls between objects are not counted)",
  }),
  edge: z
    .object({
      max_connections: z.number(),
      max_d1_queries: z.number(),
      max_subrequests: z.number(),
      queued_connections: z.number(),
      refused: z.number(),
      invocations: z.number(),
    })
    .openapi({
      description:
        "The highest per-invocation counts under Cloudflare's limits (workers/edge/limits.ts): the most connections any invocation (a Durable Object counting as one) held at once, the most D1 queries and subrequests in one invocation; operations that waited for a connection and ones refused past a limit",
    }),
});

export const ioRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/_io",
    operationId: "getIoCounters",
    tags: ["operator"],
    summary: "D1, R2, queue and Durable Object operation counts, and the highest per-invocation counts under the edge's limits, since the last reset (?reset=true zeroes them)",
    security: [{ bootstrap: [] }],
    request: { query: z.strictObject({ reset: z.enum(["true", "false"]).optional() }) },
    responses: { 200: json(Counts, "Counts"), ...errorResponses },
  }),
  (c) => {
    requireBootstrap(c);
    if (c.env.ASSAY_IO_METRICS !== "1") throw new AppError("not_found", "operation counting is off (ASSAY_IO_METRICS)");
    const counts = { ...ioCounts(), edge: edgeStats() };
    if (c.req.valid("query").reset === "true") {
      resetIo();
      resetEdgeStats();
    }
    return c.json(counts, 200);
  },
);
