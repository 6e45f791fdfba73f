/**
 * Test helper: the run overview's aggregates computed the way the overview
 * did before it moved into SQL (issue 40): every ended attempt read into
 * the isolate (the old src/db/overview.ts query) and each pane's values
 * sorted, binned, counted and thinned in memory. src/db/overview.test.ts
 * holds the SQL to this definition on generated runs; the pure tests in
 * src/reports/overview.test.ts build their GroupStats with it.
 */
import type { Execution, GroupStats, OverviewQuery, PaneStats } from "../src/reports/overview";
import { emptyGroup } from "../src/reports/overview";
import { histogram, orderStats, thin, valueCounts } from "../src/reports/overview-stats";
import { ENDED_ATTEMPT_SQL } from "../src/db/status-predicates";

/** One ended attempt as the overview reads it. */
export interface OverviewAttempt {
  seq: number;
  benchmark_id: string;
  target: "a" | "b";
  status: string;
  reward: number | null;
  error: string | null;
  /** structured.dimensions, null when the scorer reports none. */
  dimensions: Record<string, unknown> | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  latency_ms: number | null;
  /** From dispatch to verdict, rounded to the ms; null without both timestamps. */
  wall_ms: number | null;
  /** Whether an output is stored. */
  answered: boolean;
  truncated: boolean | null;
}

/** Every ended attempt of a run, in seq order (what the overview read before it was aggregated in SQL). */
export async function readAttempts(d1: D1Database, runId: string): Promise<OverviewAttempt[]> {
  const r = await d1
    .prepare(
      `SELECT seq, benchmark_id, target, status, reward, substr(error, 1, 500) AS error,
         CASE WHEN json_valid(structured) THEN json_extract(structured, '$.dimensions') END AS dimensions,
         input_tokens, output_tokens, cost, latency_ms,
         (julianday(finished_at) - julianday(started_at)) * 86400000.0 AS wall_ms,
         (output IS NOT NULL) AS answered, truncated
       FROM attempts WHERE run_id = ?1 AND ${ENDED_ATTEMPT_SQL} ORDER BY seq`,
    )
    .bind(runId)
    .all<Record<string, any>>();
  return r.results.map((a) => {
    let dimensions: Record<string, unknown> | null = null;
    try {
      const v: unknown = a.dimensions ? JSON.parse(a.dimensions) : null;
      dimensions = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      dimensions = null;
    }
    return { ...a, dimensions, wall_ms: a.wall_ms === null ? null : Math.round(a.wall_ms), answered: a.answered === 1, truncated: a.truncated === null ? null : a.truncated === 1 } as OverviewAttempt;
  });
}

type Point = { seq: number; value: number; errored: boolean };

function pane(points: Point[], maxPoints: number, withHistogram: boolean): PaneStats {
  const values = points.map((p) => p.value);
  const counts = valueCounts(values);
  return {
    stats: orderStats(values),
    histogram: withHistogram ? histogram(values) : null,
    distinct: counts.length,
    counts: counts.map(({ value, count }) => ({ value, count })),
    points: thin(points, maxPoints).items,
  };
}

/** The aggregates of one (benchmark, target)'s ended attempts (in seq order), as the overview defines them. */
export function referenceGroup(benchmarkId: string, target: "a" | "b", attempts: readonly OverviewAttempt[], q: OverviewQuery, execution: Execution): GroupStats {
  const g = emptyGroup(benchmarkId, target);
  const errored = (a: OverviewAttempt) => a.reward === null;
  const admitted = attempts.filter((a) => q.includeErrored || !errored(a));
  const inline = execution === "inline";
  const point = (a: OverviewAttempt, value: number): Point => ({ seq: a.seq, value, errored: errored(a) });

  g.attempts = attempts.length;
  g.errored = attempts.filter(errored).length;
  const endings = attempts.flatMap((a) => (a.truncated === null ? [] : [a.truncated]));
  g.truncation = { recorded: endings.length, cut: endings.filter(Boolean).length };
  const costs = attempts.flatMap((a) => (a.cost !== null ? [a.cost] : []));
  g.cost = { n: costs.length, sum: costs.reduce((s, c) => s + c, 0) };
  const errors = new Map<string, { status: string; error: string | null; count: number }>();
  for (const a of attempts.filter(errored)) {
    const key = `${a.status}\u0000${a.error ?? ""}`;
    const e = errors.get(key) ?? { status: a.status, error: a.error || null, count: 0 };
    e.count += 1;
    errors.set(key, e);
  }
  g.errors = [...errors.values()];

  const withTokens = admitted.filter((a) => a.input_tokens !== null || a.output_tokens !== null);
  const walls = admitted.filter((a) => a.wall_ms !== null && Number.isFinite(a.wall_ms));
  const wall = (a: OverviewAttempt) => Math.max(0, a.wall_ms!);
  const model = (a: OverviewAttempt) => (inline && a.latency_ms !== null ? Math.min(wall(a), Math.max(0, a.latency_ms)) : 0);
  g.panes = {
    reward: pane(admitted.map((a) => point(a, a.reward ?? 0)), q.maxPoints, true),
    turns: pane(inline ? admitted.map((a) => point(a, a.answered ? (q.turns[benchmarkId] ?? 1) : 0)) : [], q.maxPoints, true),
    wall: pane(walls.map((a) => point(a, wall(a))), q.maxPoints, true),
    tokens: pane(withTokens.map((a) => point(a, (a.input_tokens ?? 0) + (a.output_tokens ?? 0))), q.maxPoints, true),
    input: pane(withTokens.map((a) => point(a, a.input_tokens ?? 0)), q.maxPoints, false),
    output: pane(withTokens.map((a) => point(a, a.output_tokens ?? 0)), q.maxPoints, false),
    cost: pane(admitted.flatMap((a) => (a.cost !== null ? [point(a, a.cost)] : [])), q.maxPoints, true),
  };
  const strips = walls.map((a) => ({ seq: a.seq, wall_ms: wall(a), model_ms: model(a), errored: errored(a) }));
  g.model_ms_sum = strips.reduce((s, x) => s + x.model_ms, 0);
  g.strips = q.firstStrips ? strips.slice(0, q.stripLimit) : thin(strips, q.stripLimit).items;
  g.usage = thin(withTokens.map((a) => ({ seq: a.seq, input_tokens: a.input_tokens ?? 0, output_tokens: a.output_tokens ?? 0, errored: errored(a) })), q.maxPoints).items;
  const keys = new Set<string>();
  for (const a of admitted) for (const [k, v] of Object.entries(a.dimensions ?? {})) if (typeof v === "number" && Number.isFinite(v)) keys.add(k);
  for (const k of keys) {
    const pts = admitted.flatMap((a) => {
      const v = a.dimensions?.[k];
      return typeof v === "number" && Number.isFinite(v) ? [point(a, v)] : [];
    });
    g.dimensions[k] = pane(pts, q.maxPoints, false);
  }
  return g;
}
