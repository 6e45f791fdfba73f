/**
 * A run's execution over time (GET /api/eval-runs/{id}/timeline): its
 * in-flight limit, calls in flight, throughput, latency percentiles and
 * 429/5xx rates, one sample every few seconds, as the run's RunGate recorded
 * them (src/execution/run-timeline.ts). Reads the gate; writes nothing.
 */
import { z } from "@hono/zod-openapi";
import { getRun } from "../../../src/db/eval-runs";
import { AppError } from "../../../src/domain/errors";
import type { RunOptions } from "../../../src/domain/run-options";
import { adapts, bandOf } from "../../../src/execution/concurrency-band";
import { SAMPLE_MS, type TimelineSample } from "../../../src/execution/run-timeline";
import { gateFor } from "../../gate/client";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json } from "../schemas";

const ms = z.number().nullable();

const Sample = z
  .object({
    at: z.string().openapi({ description: "When the sample began (ISO 8601)" }),
    elapsed_s: z.number().openapi({ description: "Seconds from the run's first sample to this one's start" }),
    span_s: z.number().openapi({ description: "How long the sample spans, in seconds" }),
    limit: z.number().int().openapi({ description: "The in-flight limit at the sample's end: the band's current limit, or the pinned concurrency" }),
    in_flight: z.number().int().openapi({ description: "The most model calls in flight (concurrency slots held) during the sample" }),
    calls: z.number().int().openapi({ description: "Model calls that ended in the sample: answered, refused or failed" }),
    throughput_per_s: z.number().openapi({ description: "Calls answered with a success per second" }),
    succeeded: z.number().int(),
    rate_limited: z.number().int().openapi({ description: "Calls refused with 429" }),
    errors: z.number().int().openapi({ description: "Calls failed with a 5xx, 408, a timeout or a dropped connection" }),
    rate_429: z.number().openapi({ description: "Share of the sample's calls refused with 429 (0 when none ended)" }),
    rate_5xx: z.number().openapi({ description: "Share of the sample's calls that failed with a server error or no answer" }),
    latency_p50_ms: ms.openapi({ description: "Median latency of the sample's successful calls, ms; null when none" }),
    latency_p90_ms: ms,
    latency_p99_ms: ms,
  })
  .openapi("RunTimelineSample");

const Timeline = z
  .object({
    id: z.string(),
    concurrency: z.object({ min: z.number().int(), max: z.number().int() }).openapi({ description: "The run's band (min = max when pinned)" }),
    adaptive: z.boolean().openapi({ description: "Whether the limit adapts (min < max)" }),
    sample_ms: z.number().int().openapi({ description: "The span of a sample (longer runs sample less often after the first hour)" }),
    samples: z.array(Sample),
  })
  .openapi("RunTimeline");

function view(s: TimelineSample, origin: number): z.infer<typeof Sample> {
  const share = (n: number) => (s.calls ? n / s.calls : 0);
  return {
    at: new Date(s.t).toISOString(),
    elapsed_s: (s.t - origin) / 1000,
    span_s: s.span_ms / 1000,
    limit: s.limit,
    in_flight: s.in_flight,
    calls: s.calls,
    throughput_per_s: s.succeeded / (s.span_ms / 1000),
    succeeded: s.succeeded,
    rate_limited: s.rate_limited,
    errors: s.errors,
    rate_429: share(s.rate_limited),
    rate_5xx: share(s.errors),
    latency_p50_ms: s.latency_p50_ms,
    latency_p90_ms: s.latency_p90_ms,
    latency_p99_ms: s.latency_p99_ms,
  };
}

export const runTimelineRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/eval-runs/{id}/timeline",
    operationId: "getEvalRunTimeline",
    tags: ["eval-runs"],
    summary: "The run's execution over time: in-flight limit, calls in flight, throughput, latency percentiles, 429 and 5xx rates",
    request: { params: IdParam },
    responses: { 200: json(Timeline, "One sample every few seconds, oldest first"), ...errorResponses },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    const run = await getRun(c.var.db, c.var.auth.projectId, id);
    if (!run) throw new AppError("not_found", `no eval run ${id}`);
    const band = bandOf((run.options as RunOptions).concurrency);
    // A draft never reached the gate: nothing to read (and no object to create).
    const raw = run.status === "draft" ? [] : await gateFor(c.env, run.id).timeline();
    const origin = raw[0]?.t ?? 0;
    return c.json({ id: run.id, concurrency: band, adaptive: adapts(band), sample_ms: SAMPLE_MS, samples: raw.map((s) => view(s, origin)) }, 200);
  },
);
