/**
 * A run's overview (seed 004's overview tab), per benchmark and target: the
 * summary tiles (avg@k and pass@k from the score row, error and truncation
 * rates, mean turns, attempt time, tokens, total cost), one pane per reward
 * and per structured dimension, the token usage split into input and output,
 * and the timing split over phases, built from the group's aggregates
 * (GroupStats, which src/db/overview.ts computes in D1 so no run is read
 * attempt by attempt). Errored attempts (ended without a reward) stay out of
 * every distribution unless the query includes them, and then carry
 * `errored: true` (their reward reads as 0, as the "zero" missing policy
 * counts it). Huge runs keep at most `maxPoints` points per pane, evenly
 * spaced in seq order; summaries are always over every attempt. An
 * attempt's phases: run in Assay, the model call (latency_ms, capped at the
 * wall time) and the rest as other, since nothing times those apart; an
 * agent's or a recorded output's row holds no split: all other. Turns: the
 * target model's replies, as the attempt row stores them where Assay
 * counted them (a τ² conversation's agent replies, the bash harness's model
 * calls: migration 0046); else an answered attempt run in Assay made the
 * benchmark's model calls (MT-Bench 2, others 1), an unanswered one 0; an
 * agent attempt whose runner reported none is left out, so an agent
 * target's mean is null only when none reported a count. Pure, no I/O.
 */
import { attemptId } from "../domain/attempt-id";
import { errorKindOf } from "../domain/run-outcome";
import { kindOfDistinct, summaryOf, withShares, type Histogram, type OrderStats, type PaneKind, type Summary } from "./overview-stats";

/** The phases of an attempt the timing pane splits over (seed 004), in order. */
export const OVERVIEW_PHASES = ["boot", "setup", "model", "harness", "finalize", "scoring", "other"] as const;
export type OverviewPhase = (typeof OVERVIEW_PHASES)[number];

/** Where a target's attempts ran: a model called from Assay, an agent runner, or outputs recorded before the run. */
export type Execution = "inline" | "agent" | "recorded";

/** What the overview needs of a (benchmark, target)'s score row. */
export interface OverviewScore {
  benchmark_id: string;
  benchmark_name: string | null;
  target: "a" | "b";
  target_label: string;
  status: string;
  k: number | null;
  score: number | null;
  pass_at_k: number | null;
}

/** The series a group's panes and tiles are drawn from. */
export const OVERVIEW_PANES = ["reward", "turns", "wall", "tokens", "input", "output", "cost"] as const;
export type OverviewPane = (typeof OVERVIEW_PANES)[number];
/** What the overview asks for. */
export interface OverviewQuery {
  includeErrored: boolean;
  /** Most points per pane. */
  maxPoints: number;
  /** Most timing strips; with `firstStrips` the first in seq order, else thinned like the panes. */
  stripLimit: number;
  firstStrips: boolean;
  /** Slots whose attempts ran a model from Assay (their rows time the model call; their turns are derived where not stored). */
  inline: { a: boolean; b: boolean };
  /** Model turns of an answered attempt per benchmark, where not 1 (MT-Bench's conversation is 2). */
  turns: Record<string, number>;
}

/** A drawn point: the attempt's seq, its value, and whether it ended without a reward. */
export interface PanePoint {
  seq: number;
  value: number;
  errored: boolean;
}

/** A timing strip's figures: wall time and the model call's share of it. */
export interface StripPoint {
  seq: number;
  wall_ms: number;
  model_ms: number;
  errored: boolean;
}

export interface UsagePoint {
  seq: number;
  input_tokens: number;
  output_tokens: number;
  errored: boolean;
}

/** A pane's values: order statistics, histogram, distinct values (up to FEW_VALUES, with how many there are) and drawn points. */
export interface PaneStats {
  stats: OrderStats;
  histogram: Histogram | null;
  distinct: number;
  counts: { value: number; count: number }[];
  points: PanePoint[];
}

/** One (benchmark, target)'s aggregates. */
export interface GroupStats {
  benchmark_id: string;
  target: "a" | "b";
  /** Ended attempts, and those without a reward. */
  attempts: number;
  errored: number;
  /** Attempts recording why their reply ended, and those the token limit cut. */
  truncation: { recorded: number; cut: number };
  /** Every ended attempt's cost (an errored call may have been paid for). */
  cost: { n: number; sum: number };
  /** Errored attempts by (status, error text's start): errorKindOf classifies them. */
  errors: { status: string; error: string | null; count: number }[];
  panes: Record<OverviewPane, PaneStats>;
  /** Sum of the model call's ms over the strips (the timing pane's mean split). */
  model_ms_sum: number;
  strips: StripPoint[];
  usage: UsagePoint[];
  /** Numeric structured dimensions by key. */
  dimensions: Record<string, PaneStats>;
}

export const emptyPane = (): PaneStats => ({ stats: { n: 0, sum: 0, at: {} }, histogram: null, distinct: 0, counts: [], points: [] });

/** An empty group, filled by the statements' rows. */
export function emptyGroup(benchmark_id: string, target: "a" | "b"): GroupStats {
  return {
    benchmark_id,
    target,
    attempts: 0,
    errored: 0,
    truncation: { recorded: 0, cut: 0 },
    cost: { n: 0, sum: 0 },
    errors: [],
    panes: Object.fromEntries(OVERVIEW_PANES.map((p) => [p, emptyPane()])) as Record<OverviewPane, PaneStats>,
    model_ms_sum: 0,
    strips: [],
    usage: [],
    dimensions: {},
  };
}


export interface Distribution {
  summary: Summary | null;
  histogram: Histogram | null;
}

export interface OverviewTiles {
  /** Ended attempts (with or without a reward). */
  attempts: number;
  /** Ended attempts without a reward. */
  errored: number;
  k: number | null;
  avg_at_k: number | null;
  pass_at_k: number | null;
  error_rate: number | null;
  /** Share of replies cut by the token limit, over the attempts that record why their reply ended; null when none does (agents, recorded outputs). */
  truncation_rate: number | null;
  mean_turns: number | null;
  mean_wall_ms: number | null;
  mean_tokens: number | null;
  /** null when no attempt has a price. */
  total_cost: number | null;
  /** Errored attempts by kind (src/domain/run-outcome.ts), the error tile's distribution. */
  error_kinds: Record<string, number>;
  /** Each tile's distribution over the attempts the filter admits. */
  distributions: { reward: Distribution; turns: Distribution; wall_ms: Distribution; tokens: Distribution; cost: Distribution };
}

export interface MetricPoint {
  attempt_id: string;
  value: number;
  errored: boolean;
}

export interface MetricPane {
  /** "reward", or the dimension's key. */
  name: string;
  source: "reward" | "dimension";
  kind: PaneKind;
  summary: Summary | null;
  /** Each distinct value with its count and share (a counted dot plot's columns; the chip's one value). */
  counts: { value: number; count: number; share: number }[] | null;
  points: MetricPoint[];
  sampled: boolean;
  /** Points before thinning. */
  total: number;
}

export interface UsagePointView {
  attempt_id: string;
  input_tokens: number;
  output_tokens: number;
  errored: boolean;
}

export interface TimingStrip {
  attempt_id: string;
  wall_ms: number;
  phases: Record<OverviewPhase, number>;
  errored: boolean;
}

export interface OverviewGroup {
  benchmark_id: string;
  benchmark_name: string | null;
  target: "a" | "b";
  target_label: string;
  status: string;
  execution: Execution;
  tiles: OverviewTiles;
  metrics: MetricPane[];
  usage: { points: UsagePointView[]; sampled: boolean; total: number; input: Summary | null; output: Summary | null };
  timing: {
    phases: OverviewPhase[];
    /** The phases this target's attempts record; the others are 0. */
    recorded: OverviewPhase[];
    mean: Record<OverviewPhase, number> | null;
    strips: TimingStrip[];
    sampled: boolean;
    total: number;
  };
}

/** How the group is shown: the run (for attempt ids), the query's points and strips, and where each target ran. */
export interface OverviewOptions extends Pick<OverviewQuery, "maxPoints" | "stripLimit" | "firstStrips"> {
  runId: string;
  execution: (target: "a" | "b") => Execution;
}

const zeroPhases = (): Record<OverviewPhase, number> => ({ boot: 0, setup: 0, model: 0, harness: 0, finalize: 0, scoring: 0, other: 0 });

/** The phases a target's rows can record. */
export function recordedPhases(execution: Execution): OverviewPhase[] {
  return execution === "inline" ? ["model", "other"] : ["other"];
}

const dist = (p: PaneStats): Distribution => ({ summary: summaryOf(p.stats), histogram: p.histogram });
const meanOf = (s: OrderStats): number | null => (s.n ? s.sum / s.n : null);

/** Errored attempts by kind (src/domain/run-outcome.ts), from their (status, error) groups. */
function errorKinds(groups: GroupStats["errors"]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const g of groups) {
    const kind = errorKindOf(g.status, g.error);
    kinds[kind] = (kinds[kind] ?? 0) + g.count;
  }
  return kinds;
}

/** The overview of one (benchmark, target) from its aggregates and its score row. */
export function overviewGroup(score: OverviewScore, g: GroupStats, o: OverviewOptions): OverviewGroup {
  const execution = o.execution(score.target);
  const id = (seq: number) => attemptId(o.runId, seq);
  const { panes } = g;
  const pane = (name: string, source: MetricPane["source"], p: PaneStats): MetricPane => {
    const kind = kindOfDistinct(p.distinct);
    const points = p.points.map((pt) => ({ attempt_id: id(pt.seq), value: pt.value, errored: pt.errored }));
    return { name, source, kind, summary: summaryOf(p.stats), counts: kind === "swarm" ? null : withShares(p.counts, p.stats.n), points, sampled: p.stats.n > o.maxPoints, total: p.stats.n };
  };

  const tiles: OverviewTiles = {
    attempts: g.attempts,
    errored: g.errored,
    k: score.k,
    avg_at_k: score.score,
    pass_at_k: score.pass_at_k,
    error_rate: g.attempts ? g.errored / g.attempts : null,
    // Over every attempt that records it (an unscored reply may still have been cut), whatever the filter.
    truncation_rate: g.truncation.recorded ? g.truncation.cut / g.truncation.recorded : null,
    mean_turns: meanOf(panes.turns.stats),
    mean_wall_ms: meanOf(panes.wall.stats),
    mean_tokens: meanOf(panes.tokens.stats),
    // Every attempt's cost counts: an errored call may still have been paid for.
    total_cost: g.cost.n ? g.cost.sum : null,
    error_kinds: errorKinds(g.errors),
    distributions: { reward: dist(panes.reward), turns: dist(panes.turns), wall_ms: dist(panes.wall), tokens: dist(panes.tokens), cost: dist(panes.cost) },
  };

  const metrics: MetricPane[] = [];
  if (panes.reward.stats.n) metrics.push(pane("reward", "reward", panes.reward));
  for (const key of Object.keys(g.dimensions).sort()) metrics.push(pane(key, "dimension", g.dimensions[key]!));

  const walls = panes.wall.stats;
  let meanPhases: Record<OverviewPhase, number> | null = null;
  if (walls.n) {
    meanPhases = zeroPhases();
    meanPhases.model = g.model_ms_sum / walls.n;
    meanPhases.other = (walls.sum - g.model_ms_sum) / walls.n;
  }
  const strips = g.strips.map((s): TimingStrip => ({ attempt_id: id(s.seq), wall_ms: s.wall_ms, phases: { ...zeroPhases(), model: s.model_ms, other: s.wall_ms - s.model_ms }, errored: s.errored }));

  return {
    benchmark_id: score.benchmark_id,
    benchmark_name: score.benchmark_name,
    target: score.target,
    target_label: score.target_label,
    status: score.status,
    execution,
    tiles,
    metrics,
    usage: {
      points: g.usage.map((u) => ({ attempt_id: id(u.seq), input_tokens: u.input_tokens, output_tokens: u.output_tokens, errored: u.errored })),
      sampled: panes.tokens.stats.n > o.maxPoints,
      total: panes.tokens.stats.n,
      input: summaryOf(panes.input.stats),
      output: summaryOf(panes.output.stats),
    },
    // A few strips: the first in seq order (total says how many more there are); all of a huge run: evenly thinned.
    timing: { phases: [...OVERVIEW_PHASES], recorded: recordedPhases(execution), mean: meanPhases, strips, sampled: !o.firstStrips && walls.n > o.stripLimit, total: walls.n },
  };
}
