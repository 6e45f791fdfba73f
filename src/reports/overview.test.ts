import { describe, expect, it } from "vitest";
import { referenceGroup, type OverviewAttempt } from "../../test/overview-reference";
import { overviewGroup, type Execution, type OverviewScore } from "./overview";
import { histogram, paneKind, quantile, summarize, thin, valueCounts } from "./overview-stats";

describe("overview statistics", () => {
  it("summarizes with interpolated percentiles, ignoring non-finite values", () => {
    expect(summarize([])).toBeNull();
    const s = summarize([5, 1, 4, 2, 3, NaN, Infinity])!;
    expect(s).toEqual({ n: 5, mean: 3, min: 1, p10: 1.4, p25: 2, median: 3, p75: 4, p90: 4.6, max: 5 });
    expect(quantile([10], 0.9)).toBe(10);
    expect(summarize([7])).toMatchObject({ min: 7, p10: 7, median: 7, p90: 7, max: 7 });
  });

  it("bins equal-width with the maximum in the last bin; one bin when every value is equal", () => {
    expect(histogram([])).toBeNull();
    expect(histogram([2, 2, 2])).toEqual({ lo: 2, hi: 2, counts: [3] });
    const h = histogram([0, 0.1, 0.5, 0.99, 1], 4)!;
    expect(h.counts).toEqual([2, 0, 1, 2]);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it("thins to at most max items, evenly and the same every time", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i);
    expect(thin(xs, 200)).toEqual({ items: xs, sampled: false, total: 100 });
    const t = thin(xs, 4);
    expect(t).toEqual({ items: [0, 25, 50, 75], sampled: true, total: 100 });
    expect(thin(xs, 4)).toEqual(t);
  });

  it("draws one shared value as a chip, few values as counts, many as a swarm", () => {
    expect(paneKind([1, 1, 1])).toBe("chip");
    expect(paneKind([0, 1, 1, 0])).toBe("counts");
    expect(paneKind([1, 2, 3, 4, 5, 6])).toBe("counts");
    expect(paneKind([1, 2, 3, 4, 5, 6, 7])).toBe("swarm");
    expect(valueCounts([1, 0, 1, 1])).toEqual([
      { value: 0, count: 1, share: 0.25 },
      { value: 1, count: 3, share: 0.75 },
    ]);
  });
});

const score: OverviewScore = { benchmark_id: "bm", benchmark_name: "B", target: "a", target_label: "m", status: "completed", k: 2, score: 0.5, pass_at_k: 0.75 };
interface Opts {
  includeErrored: boolean;
  maxPoints: number;
  maxStrips: number;
  execution: () => Execution;
  turns: number;
}
const opts = (o: Partial<Opts> = {}): Opts => ({ includeErrored: false, maxPoints: 100, maxStrips: Infinity, execution: () => "inline", turns: 1, ...o });
/** The group's view from its attempts, through the reference aggregates (src/db/overview.test.ts holds the SQL to them). */
function overviewOf(sc: OverviewScore, attempts: OverviewAttempt[], o: Opts) {
  const stripLimit = Math.min(o.maxStrips, o.maxPoints);
  const q = { includeErrored: o.includeErrored, maxPoints: o.maxPoints, stripLimit, firstStrips: stripLimit < o.maxPoints, inline: { a: true, b: true }, turns: { [sc.benchmark_id]: o.turns } };
  const stats = referenceGroup(sc.benchmark_id, sc.target, attempts, q, o.execution());
  return overviewGroup(sc, stats, { runId: "run_x1", maxPoints: o.maxPoints, stripLimit, firstStrips: q.firstStrips, execution: o.execution });
}
const att = (seq: number, o: Partial<OverviewAttempt> = {}): OverviewAttempt => ({
  seq,
  benchmark_id: "bm",
  target: "a",
  status: "succeeded",
  reward: 1,
  error: null,
  dimensions: null,
  input_tokens: 10,
  output_tokens: 5,
  cost: null,
  latency_ms: 40,
  wall_ms: 100,
  answered: true,
  truncated: null,
  ...o,
});

describe("overview of a benchmark and target", () => {
  it("splits an attempt's wall time into what its row records and nothing else; turns only where the row tells them", () => {
    const strip = (a: Partial<OverviewAttempt>, execution: Execution = "inline") => overviewOf(score, [att(0, a)], opts({ execution: () => execution })).timing.strips[0];
    expect(strip({ latency_ms: 40, wall_ms: 100 })!.phases).toEqual({ boot: 0, setup: 0, model: 40, harness: 0, finalize: 0, scoring: 0, other: 60 });
    // A model time longer than the wall clock (clock skew) is capped at it.
    expect(strip({ latency_ms: 140, wall_ms: 100 })!.phases).toMatchObject({ model: 100, other: 0 });
    expect(strip({ latency_ms: 90, wall_ms: 100 }, "agent")!.phases).toMatchObject({ model: 0, other: 100 });
    expect(strip({ latency_ms: 40, wall_ms: null })).toBeUndefined();
    expect(overviewOf(score, [att(0), att(1, { answered: false })], opts({ turns: 2 })).tiles.mean_turns).toBe(1);
    expect(overviewOf(score, [att(0)], opts({ execution: () => "agent" })).tiles.mean_turns).toBeNull();
  });

  it("tiles from the score row and the attempts; errored attempts counted but out of the distributions", () => {
    const attempts = [
      att(0, { reward: 1, cost: 0.01 }),
      att(1, { reward: 0, cost: 0.02, wall_ms: 300 }),
      att(2, { reward: 1, input_tokens: null, output_tokens: null }),
      att(3, { reward: null, status: "failed", error: "model call: 500 server error", answered: false, cost: 0.005, wall_ms: 50 }),
    ];
    const g = overviewOf(score, attempts, opts());
    expect(g.tiles).toMatchObject({ attempts: 4, errored: 1, k: 2, avg_at_k: 0.5, pass_at_k: 0.75, error_rate: 0.25, truncation_rate: null, mean_turns: 1, mean_tokens: 15, error_kinds: { http_500: 1 } });
    expect(g.tiles.total_cost).toBeCloseTo(0.035);
    expect(g.tiles.mean_wall_ms).toBeCloseTo(500 / 3);
    const reward = g.metrics[0]!;
    expect(reward).toMatchObject({ name: "reward", kind: "counts", total: 3, counts: [{ value: 0, count: 1 }, { value: 1, count: 2 }] });
    expect(reward.points.map((p) => p.attempt_id)).toEqual(["att_x1.0", "att_x1.1", "att_x1.2"]);
    expect(g.usage.total).toBe(2);
    expect(g.timing.mean).toMatchObject({ model: 40, other: (60 + 260 + 60) / 3 });

    const withErrored = overviewOf(score, attempts, opts({ includeErrored: true }));
    const r = withErrored.metrics[0]!;
    expect(r.total).toBe(4);
    expect(r.points.at(-1)).toEqual({ attempt_id: "att_x1.3", value: 0, errored: true });
    expect(withErrored.tiles.mean_turns).toBe(0.75);
    expect(withErrored.timing.strips.at(-1)).toMatchObject({ errored: true, wall_ms: 50 });
  });

  it("one pane per numeric dimension; a shared value is a chip; many values a thinned swarm with the whole summary", () => {
    const attempts = Array.from({ length: 50 }, (_, i) => att(i, { reward: i / 49, dimensions: { strict: i % 2, loose: 1, note: "x" } }));
    const g = overviewOf(score, attempts, opts({ maxPoints: 10 }));
    expect(g.metrics.map((m) => [m.name, m.kind])).toEqual([
      ["reward", "swarm"],
      ["loose", "chip"],
      ["strict", "counts"],
    ]);
    const reward = g.metrics[0]!;
    expect(reward).toMatchObject({ sampled: true, total: 50, counts: null });
    expect(reward.points).toHaveLength(10);
    expect(reward.summary).toMatchObject({ n: 50, min: 0, max: 1, median: 0.5 });
    expect(g.metrics[1]!.counts).toEqual([{ value: 1, count: 50, share: 1 }]);
    // Timing strips: the first few in seq order when asked for few, thinned like the panes when asked for all.
    expect(g.timing).toMatchObject({ sampled: true, total: 50 });
    expect(g.timing.strips).toHaveLength(10);
    const few = overviewOf(score, attempts, opts({ maxPoints: 10, maxStrips: 4 }));
    expect(few.timing).toMatchObject({ sampled: false, total: 50 });
    expect(few.timing.strips.map((s) => s.attempt_id)).toEqual(["att_x1.0", "att_x1.1", "att_x1.2", "att_x1.3"]);
  });

  it("the truncation rate is over the attempts that record why their reply ended, errored ones included; none recorded is null", () => {
    const attempts = [
      att(0, { truncated: true }),
      att(1, { truncated: false }),
      att(2, { reward: null, truncated: true }),
      att(3, { truncated: false }),
      att(4, { reward: null, status: "failed", answered: false, truncated: null }),
    ];
    expect(overviewOf(score, attempts, opts()).tiles.truncation_rate).toBe(0.5);
    expect(overviewOf(score, attempts, opts({ includeErrored: true })).tiles.truncation_rate).toBe(0.5);
    expect(overviewOf(score, [att(0), att(1)], opts({ execution: () => "recorded" })).tiles.truncation_rate).toBeNull();
  });

  it("no attempts: empty panes, null means", () => {
    const g = overviewOf(score, [], opts());
    expect(g.metrics).toEqual([]);
    expect(g.tiles).toMatchObject({ attempts: 0, error_rate: null, mean_turns: null, mean_wall_ms: null, total_cost: null });
    expect(g.timing.mean).toBeNull();
  });
});
