/** What a run's attempts consumed and how long their phases took, per benchmark and target. */
import type { TargetSlot } from "../reports/member-rows";

/** What a target's ended attempts consumed (per benchmark in /scores, per target in reports). */
export interface TargetUsage {
  target: TargetSlot;
  attempts: number;
  input_tokens: number;
  output_tokens: number;
  /** null when no attempt has a price. */
  cost: number | null;
  mean_latency_ms: number | null;
  /** Attempts whose reply came from the response cache (no model call, no cost). */
  cached_attempts?: number;
}

export interface BenchmarkUsage extends TargetUsage {
  benchmark_id: string;
  mean_input_tokens: number | null;
  mean_output_tokens: number | null;
  /** Mean time from an attempt's start to its verdict. */
  mean_wall_ms: number | null;
}

/**
 * Mean time per phase of ended attempts. Inline attempts boot and set up
 * instantly, so their time splits into the model call (`agent`) and what
 * follows it (`scoring`: scoring, a judge call, writing); an agent
 * attempt's time from dispatch to verdict is all `agent`.
 */
export function phasesOf(u: Pick<BenchmarkUsage, "mean_latency_ms" | "mean_wall_ms">): Record<string, number> | null {
  if (u.mean_wall_ms === null) return null;
  if (u.mean_latency_ms === null) return { agent: Math.round(u.mean_wall_ms) };
  return { agent: Math.round(u.mean_latency_ms), scoring: Math.max(0, Math.round(u.mean_wall_ms - u.mean_latency_ms)) };
}

/** Tokens, cost and latency per benchmark and target over the run's ended attempts: one primary-key range scan. */
export async function benchmarkUsage(d1: D1Database, runId: string): Promise<BenchmarkUsage[]> {
  const r = await d1
    .prepare(
      `SELECT benchmark_id, target, count(*) AS attempts, total(input_tokens) AS input_tokens, total(output_tokens) AS output_tokens,
         avg(input_tokens) AS mean_input_tokens, avg(output_tokens) AS mean_output_tokens, sum(cost) AS cost, avg(latency_ms) AS mean_latency_ms, count(cached) AS cached_attempts,
         avg((julianday(finished_at) - julianday(started_at)) * 86400000.0) AS mean_wall_ms
       FROM attempts WHERE run_id = ?1 GROUP BY benchmark_id, target ORDER BY benchmark_id, target`,
    )
    .bind(runId)
    .all<BenchmarkUsage>();
  return r.results;
}

/** The same, folded per target (latency weighted by attempts). */
export async function runUsage(d1: D1Database, runId: string): Promise<TargetUsage[]> {
  const byTarget = new Map<TargetSlot, TargetUsage & { latencyWeight: number }>();
  for (const u of await benchmarkUsage(d1, runId)) {
    const t = byTarget.get(u.target) ?? { target: u.target, attempts: 0, input_tokens: 0, output_tokens: 0, cost: null, mean_latency_ms: null, latencyWeight: 0 };
    t.attempts += u.attempts;
    t.input_tokens += u.input_tokens;
    t.output_tokens += u.output_tokens;
    if (u.cached_attempts) t.cached_attempts = (t.cached_attempts ?? 0) + u.cached_attempts;
    if (u.cost !== null) t.cost = (t.cost ?? 0) + u.cost;
    if (u.mean_latency_ms !== null) {
      t.mean_latency_ms = ((t.mean_latency_ms ?? 0) * t.latencyWeight + u.mean_latency_ms * u.attempts) / (t.latencyWeight + u.attempts);
      t.latencyWeight += u.attempts;
    }
    byTarget.set(u.target, t);
  }
  return [...byTarget.values()].map(({ latencyWeight: _, ...t }) => t);
}
