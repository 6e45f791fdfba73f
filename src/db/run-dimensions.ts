/**
 * The structured dimensions of a run's scored attempts, pooled per
 * benchmark and target for /scores: each dimension's weighted mean over the
 * attempts that report it (an attempt's `structured.weights[key]`, default
 * 1, says how much it counts: IFEval's instruction-level accuracy weighs a
 * prompt by its number of instructions, as upstream pools it); and each
 * group metric an attempt names in `structured.groups` (HallusionBench's
 * fAcc and qAcc: its figure, its question), as the share of groups whose
 * every scored attempt got reward 1, weighted by the number of groups.
 * Only benchmarks whose scorer reports dimensions are read, so other runs
 * pay nothing. Two primary-key range scans of the run's attempts.
 */
import type { TargetSlot } from "../reports/member-rows";

/** One pooled dimension. */
export interface PooledDimension {
  /** Weighted mean over the scored attempts that report it. */
  mean: number;
  /** Sum of the weights pooled (e.g. instructions checked). */
  weight: number;
  /** Scored attempts that report it. */
  attempts: number;
}

export interface BenchmarkDimensions {
  benchmark_id: string;
  target: TargetSlot;
  dimensions: Record<string, PooledDimension>;
}

/** Pooled dimensions per (benchmark, target) of the given benchmarks of a run. */
export async function runDimensions(d1: D1Database, runId: string, benchmarkIds: readonly string[]): Promise<BenchmarkDimensions[]> {
  if (benchmarkIds.length === 0) return [];
  const r = await d1
    .prepare(
      `SELECT a.benchmark_id AS benchmark_id, a.target AS target, d.key AS key,
         total(d.value * coalesce(w.value, 1)) AS weighted, total(coalesce(w.value, 1)) AS weight, count(*) AS attempts
       FROM attempts a
         JOIN json_each(a.structured, '$.dimensions') d
         LEFT JOIN json_each(a.structured, '$.weights') w ON w.key = d.key
       WHERE a.run_id = ?1 AND a.reward IS NOT NULL AND a.structured IS NOT NULL
         AND a.benchmark_id IN (SELECT value FROM json_each(?2)) AND typeof(d.value) IN ('integer', 'real')
       GROUP BY a.benchmark_id, a.target, d.key
       ORDER BY a.benchmark_id, a.target, d.key`,
    )
    .bind(runId, JSON.stringify(benchmarkIds))
    .all<{ benchmark_id: string; target: TargetSlot; key: string; weighted: number; weight: number; attempts: number }>();
  const groups = await d1
    .prepare(
      `SELECT benchmark_id, target, key, total(all_right) AS right, count(*) AS groups, total(n) AS attempts FROM (
         SELECT a.benchmark_id AS benchmark_id, a.target AS target, g.key AS key, g.value AS grp, min(a.reward >= 1) AS all_right, count(*) AS n
         FROM attempts a JOIN json_each(a.structured, '$.groups') g
         WHERE a.run_id = ?1 AND a.reward IS NOT NULL AND a.structured IS NOT NULL
           AND a.benchmark_id IN (SELECT value FROM json_each(?2)) AND typeof(g.value) = 'text'
         GROUP BY a.benchmark_id, a.target, g.key, g.value)
       GROUP BY benchmark_id, target, key
       ORDER BY benchmark_id, target, key`,
    )
    .bind(runId, JSON.stringify(benchmarkIds))
    .all<{ benchmark_id: string; target: TargetSlot; key: string; right: number; groups: number; attempts: number }>();
  const out = new Map<string, BenchmarkDimensions>();
  const entryOf = (benchmark_id: string, target: TargetSlot) => {
    const id = `${benchmark_id}\u0000${target}`;
    let entry = out.get(id);
    if (!entry) out.set(id, (entry = { benchmark_id, target, dimensions: {} }));
    return entry;
  };
  for (const row of r.results) {
    const entry = entryOf(row.benchmark_id, row.target);
    if (row.weight > 0) entry.dimensions[row.key] = { mean: row.weighted / row.weight, weight: row.weight, attempts: row.attempts };
  }
  for (const row of groups.results) entryOf(row.benchmark_id, row.target).dimensions[row.key] = { mean: row.right / row.groups, weight: row.groups, attempts: row.attempts };
  return [...out.values()];
}
