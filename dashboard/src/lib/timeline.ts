/**
 * A run's timeline in the dashboard (GET /api/eval-runs/{id}/timeline)
 * through the typed client. The generated client (sdk/typescript) does not
 * know the route until it is regenerated from the OpenAPI document: until
 * then its shape is written here, from workers/http/routes/run-timeline.ts
 * (RunTimeline); replace it with the generated type then.
 */
import { client, unwrap } from "./api";

/** One sample (RunTimelineSample). */
export interface TimelineSample {
  at: string;
  elapsed_s: number;
  span_s: number;
  limit: number;
  in_flight: number;
  calls: number;
  throughput_per_s: number;
  succeeded: number;
  rate_limited: number;
  errors: number;
  rate_429: number;
  rate_5xx: number;
  latency_p50_ms: number | null;
  latency_p90_ms: number | null;
  latency_p99_ms: number | null;
}

export interface RunTimeline {
  id: string;
  concurrency: { min: number; max: number };
  adaptive: boolean;
  sample_ms: number;
  samples: TimelineSample[];
}

type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

export function runTimeline(id: string, signal?: AbortSignal): Promise<RunTimeline> {
  // The typed client's GET, with this route's path and answer typed above (see the header).
  const get = client.GET as unknown as (path: "/api/eval-runs/{id}/timeline", init: { params: { path: { id: string } }; signal?: AbortSignal }) => Answer<RunTimeline>;
  return unwrap(get("/api/eval-runs/{id}/timeline", { params: { path: { id } }, ...(signal ? { signal } : {}) }));
}

/** A band as it reads: "8" or "2..64". */
export function bandText(c: number | { min: number; max: number }): string {
  return typeof c === "number" ? String(c) : c.min === c.max ? String(c.min) : `${c.min}..${c.max}`;
}
