/**
 * GET /api/eval-runs/{id}/overview through the dashboard's client; its
 * shapes are the generated ones (dashboard/src/lib/types.ts), named here
 * for the overview's panes.
 */
import { client, unwrap } from "../lib/api";
import type { OverviewGroup as Group, OverviewMetric, OverviewSummary, OverviewTiles, RunOverview as Overview } from "../lib/types";

export const PHASES = ["boot", "setup", "model", "harness", "finalize", "scoring", "other"] as const;
export type Phase = (typeof PHASES)[number];

export type Summary = OverviewSummary;
export type Tiles = OverviewTiles;
export type Distribution = Tiles["distributions"]["reward"];
export type Histogram = NonNullable<Distribution["histogram"]>;
export type Metric = OverviewMetric;
export type MetricPoint = Metric["points"][number];
export type OverviewGroup = Group;
export type UsagePoint = Group["usage"]["points"][number];
export type TimingStrip = Group["timing"]["strips"][number];
export type RunOverview = Overview;

/** The overview; `allStrips`: every attempt's timing strip (up to the points cap), not only the first 40. */
export function runOverview(id: string, includeErrored: boolean, allStrips: boolean, signal?: AbortSignal): Promise<RunOverview> {
  const query = { include_errored: includeErrored ? ("true" as const) : ("false" as const), ...(allStrips ? { strips: "all" } : {}) };
  return unwrap(client.GET("/api/eval-runs/{id}/overview", { params: { path: { id }, query }, ...(signal ? { signal } : {}) }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `next` with every part equal to `prev`'s replaced by `prev`'s object: a re-read (every 5 s while
 * live) then re-renders only the panes whose data changed, since the memoized panes compare by identity.
 */
export function keepUnchanged(prev: RunOverview | undefined, next: RunOverview): RunOverview {
  if (!prev || prev.id !== next.id) return next;
  if (same(prev, next)) return prev;
  const key = (g: OverviewGroup) => `${g.benchmark_id}|${g.target}`;
  const before = new Map(prev.groups.map((g) => [key(g), g]));
  const groups = next.groups.map((g) => {
    const old = before.get(key(g));
    if (!old) return g;
    if (same(old, g)) return old;
    const metrics = new Map(old.metrics.map((m) => [m.name, m]));
    return {
      ...g,
      tiles: same(old.tiles, g.tiles) ? old.tiles : g.tiles,
      usage: same(old.usage, g.usage) ? old.usage : g.usage,
      timing: same(old.timing, g.timing) ? old.timing : g.timing,
      metrics: g.metrics.map((m) => {
        const o = metrics.get(m.name);
        return o && same(o, m) ? o : m;
      }),
    };
  });
  return { ...next, groups };
}
