/**
 * GET /api/eval-runs/{id}/overview through the dashboard's client. The
 * generated client does not know this path yet, so its shapes are declared
 * here (mirroring workers/http/routes/run-overview.ts) until the client is
 * regenerated; the call still goes through the same client, key and
 * problem handling as every other.
 */
import { client, unwrap } from "../lib/api";

export const PHASES = ["boot", "setup", "model", "harness", "finalize", "scoring", "other"] as const;
export type Phase = (typeof PHASES)[number];

export interface Summary {
  n: number;
  mean: number;
  min: number;
  p10: number;
  p25: number;
  median: number;
  p75: number;
  p90: number;
  max: number;
}
export interface Histogram {
  lo: number;
  hi: number;
  counts: number[];
}
export interface Distribution {
  summary: Summary | null;
  histogram: Histogram | null;
}
export interface Tiles {
  attempts: number;
  errored: number;
  k: number | null;
  avg_at_k: number | null;
  pass_at_k: number | null;
  error_rate: number | null;
  truncation_rate: number | null;
  mean_turns: number | null;
  mean_wall_ms: number | null;
  mean_tokens: number | null;
  total_cost: number | null;
  error_kinds: Record<string, number>;
  distributions: { reward: Distribution; turns: Distribution; wall_ms: Distribution; tokens: Distribution; cost: Distribution };
}
export interface MetricPoint {
  attempt_id: string;
  value: number;
  errored: boolean;
}
export interface Metric {
  name: string;
  source: "reward" | "dimension";
  kind: "chip" | "counts" | "swarm";
  summary: Summary | null;
  counts: { value: number; count: number; share: number }[] | null;
  points: MetricPoint[];
  sampled: boolean;
  total: number;
}
export interface UsagePoint {
  attempt_id: string;
  input_tokens: number;
  output_tokens: number;
  errored: boolean;
}
export interface TimingStrip {
  attempt_id: string;
  wall_ms: number;
  phases: Record<Phase, number>;
  errored: boolean;
}
export interface OverviewGroup {
  benchmark_id: string;
  benchmark_name: string | null;
  target: "a" | "b";
  target_label: string;
  status: string;
  execution: "inline" | "agent" | "recorded";
  tiles: Tiles;
  metrics: Metric[];
  usage: { points: UsagePoint[]; sampled: boolean; total: number; input: Summary | null; output: Summary | null };
  timing: { phases: Phase[]; recorded: Phase[]; mean: Record<Phase, number> | null; strips: TimingStrip[]; sampled: boolean; total: number };
}
export interface RunOverview {
  id: string;
  status: string;
  include_errored: boolean;
  groups: OverviewGroup[];
}

type Get = (path: string, init: { params: { path: { id: string }; query: Record<string, string> }; signal?: AbortSignal }) => Promise<{ data?: RunOverview; error?: unknown; response: Response }>;

/** The overview; `allStrips`: every attempt's timing strip (up to the points cap), not only the first 40. */
export function runOverview(id: string, includeErrored: boolean, allStrips: boolean, signal?: AbortSignal): Promise<RunOverview> {
  // The typed client's GET, called with a path its generated types do not list yet (see the header).
  const get = (client.GET as unknown as Get).bind(client);
  const query: Record<string, string> = { include_errored: String(includeErrored), ...(allStrips ? { strips: "all" } : {}) };
  return unwrap(get("/api/eval-runs/{id}/overview", { params: { path: { id }, query }, ...(signal ? { signal } : {}) }));
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
