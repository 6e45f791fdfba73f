/** Operation counts for benchmarks (operator only, and only with ASSAY_IO_METRICS=1). */
import { z } from "@hono/zod-openapi";
import { AppError } from "../../../src/domain/errors";
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
  do_requests: z.object({ run_gate: z.number(), run_gate_shard: z.number(), run_live: z.number() }).openapi({
    description: "Requests the Worker made to Durable Objects, by class (calls between objects are not counted)",
  }),
});

export const ioRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/_io",
    operationId: "getIoCounters",
    tags: ["operator"],
    summary: "D1, R2, queue and Durable Object operation counts since the last reset (?reset=true zeroes them)",
    security: [{ bootstrap: [] }],
    request: { query: z.strictObject({ reset: z.enum(["true", "false"]).optional() }) },
    responses: { 200: json(Counts, "Counts"), ...errorResponses },
  }),
  (c) => {
    requireBootstrap(c);
    if (c.env.ASSAY_IO_METRICS !== "1") throw new AppError("not_found", "operation counting is off (ASSAY_IO_METRICS)");
    const counts = ioCounts();
    if (c.req.valid("query").reset === "true") resetIo();
    return c.json(counts, 200);
  },
);
