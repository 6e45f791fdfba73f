/**
 * The ended attempts of a run as its overview reads them (src/reports/overview.ts):
 * verdict, numeric dimensions, tokens, cost and timings, never the output
 * or reason text. One primary-key range scan of the run, in seq order.
 */
import type { OverviewAttempt } from "../reports/overview";
import { ENDED_ATTEMPT_SQL } from "./status-predicates";

/** Error texts are read this far: enough for errorKindOf, which looks at their start. */
const ERROR_CHARS = 500;

interface Raw {
  seq: number;
  benchmark_id: string;
  target: "a" | "b";
  status: string;
  reward: number | null;
  error: string | null;
  dimensions: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  latency_ms: number | null;
  wall_ms: number | null;
  answered: number;
  truncated: number | null;
}

function dimensionsOf(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function overviewAttempts(d1: D1Database, runId: string): Promise<OverviewAttempt[]> {
  const r = await d1
    .prepare(
      `SELECT seq, benchmark_id, target, status, reward, substr(error, 1, ${ERROR_CHARS}) AS error,
         CASE WHEN json_valid(structured) THEN json_extract(structured, '$.dimensions') END AS dimensions,
         input_tokens, output_tokens, cost, latency_ms,
         (julianday(finished_at) - julianday(started_at)) * 86400000.0 AS wall_ms,
         (output IS NOT NULL) AS answered, truncated
       FROM attempts WHERE run_id = ?1 AND ${ENDED_ATTEMPT_SQL} ORDER BY seq`,
    )
    .bind(runId)
    .all<Raw>();
  return r.results.map((a) => ({
    seq: a.seq,
    benchmark_id: a.benchmark_id,
    target: a.target,
    status: a.status,
    reward: a.reward,
    error: a.error,
    dimensions: dimensionsOf(a.dimensions),
    input_tokens: a.input_tokens,
    output_tokens: a.output_tokens,
    cost: a.cost,
    latency_ms: a.latency_ms,
    wall_ms: a.wall_ms === null ? null : Math.round(a.wall_ms),
    answered: a.answered === 1,
    truncated: a.truncated === null ? null : a.truncated === 1,
  }));
}
