/**
 * A run's overview (seed 004's overview tab), per benchmark and target: the
 * summary tiles (avg@k and pass@k from the score row, error and truncation
 * rates, mean turns, attempt time, tokens, total cost), one pane per reward
 * and per structured dimension, the token usage split into input and output,
 * and the timing split over phases. Errored attempts (ended without a
 * reward) stay out of every distribution unless `includeErrored`, and then
 * carry `errored: true` (their reward reads as 0, as the "zero" missing
 * policy counts it). Huge runs keep at most `maxPoints` points per pane,
 * evenly spaced in seq order; summaries are always over every attempt.
 * Pure, no I/O.
 */
import { attemptId } from "../domain/attempt-id";
import { errorKindOf } from "../domain/run-outcome";
import { histogram, paneKind, summarize, thin, valueCounts, type Histogram, type PaneKind, type Summary } from "./overview-stats";

/** The phases of an attempt the timing pane splits over (seed 004), in order. */
export const OVERVIEW_PHASES = ["boot", "setup", "model", "harness", "finalize", "scoring", "other"] as const;
export type OverviewPhase = (typeof OVERVIEW_PHASES)[number];

/** One ended attempt as the overview reads it (src/db/overview.ts). */
export interface OverviewAttempt {
  seq: number;
  benchmark_id: string;
  target: "a" | "b";
  status: string;
  reward: number | null;
  error: string | null;
  /** The scorer's numeric dimensions (structured.dimensions), null when it reports none. */
  dimensions: Record<string, unknown> | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  /** The target's own time: the model call for an attempt run in Assay, the whole episode for an agent. */
  latency_ms: number | null;
  /** From dispatch to verdict; null without both timestamps. */
  wall_ms: number | null;
  /** Whether the target answered (an output is stored). */
  answered: boolean;
  /** Whether the token limit cut the reply; null when not recorded (an agent, a recorded output, no reply). */
  truncated: boolean | null;
}

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

export interface UsagePoint {
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
  usage: { points: UsagePoint[]; sampled: boolean; total: number; input: Summary | null; output: Summary | null };
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

export interface OverviewOptions {
  runId: string;
  includeErrored: boolean;
  maxPoints: number;
  /** Most timing strips (the pane shows 40 until asked for all; Infinity: as many as maxPoints). */
  maxStrips: number;
  execution: (target: "a" | "b") => Execution;
  /** Model turns of an answered attempt run in Assay (MT-Bench's conversation is 2). */
  answeredTurns: (benchmarkId: string) => number;
}

const zeroPhases = (): Record<OverviewPhase, number> => ({ boot: 0, setup: 0, model: 0, harness: 0, finalize: 0, scoring: 0, other: 0 });

/**
 * An attempt's wall time over phases, from what its row records. Run in
 * Assay: the model call (latency_ms) and the rest (scoring, a judge call,
 * storage, waiting for a slot) as other, since nothing times those apart.
 * An agent's or a recorded output's row holds no split: all other.
 */
export function attemptPhases(a: Pick<OverviewAttempt, "latency_ms" | "wall_ms">, execution: Execution): Record<OverviewPhase, number> | null {
  if (a.wall_ms === null || !Number.isFinite(a.wall_ms)) return null;
  const wall = Math.max(0, a.wall_ms);
  const p = zeroPhases();
  const model = execution === "inline" && a.latency_ms !== null ? Math.min(wall, Math.max(0, a.latency_ms)) : 0;
  p.model = model;
  p.other = wall - model;
  return p;
}

/** The phases a target's rows can record (see attemptPhases). */
export function recordedPhases(execution: Execution): OverviewPhase[] {
  return execution === "inline" ? ["model", "other"] : ["other"];
}

/** Turns of an ended attempt when its row tells them (run in Assay); null for an agent (its trace has them) or a recorded output. */
export function turnsOf(a: Pick<OverviewAttempt, "answered">, execution: Execution, answered: number): number | null {
  if (execution !== "inline") return null;
  return a.answered ? answered : 0;
}

const firstOf = <T>(items: T[], n: number) => ({ items: items.slice(0, n), sampled: false, total: items.length });
const dist = (values: number[]): Distribution => ({ summary: summarize(values), histogram: histogram(values) });
const mean = (values: number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

function metricPane(name: string, source: MetricPane["source"], all: MetricPoint[], maxPoints: number): MetricPane {
  const values = all.map((p) => p.value);
  const kind = paneKind(values);
  const t = thin(all, maxPoints);
  return { name, source, kind, summary: summarize(values), counts: kind === "swarm" ? null : valueCounts(values), points: t.items, sampled: t.sampled, total: t.total };
}

/** The overview of one (benchmark, target) from its ended attempts (in seq order) and its score row. */
export function overviewGroup(score: OverviewScore, attempts: readonly OverviewAttempt[], o: OverviewOptions): OverviewGroup {
  const execution = o.execution(score.target);
  const errored = (a: OverviewAttempt) => a.reward === null;
  const admitted = attempts.filter((a) => o.includeErrored || !errored(a));
  const id = (a: OverviewAttempt) => attemptId(o.runId, a.seq);

  const errorKinds: Record<string, number> = {};
  for (const a of attempts) {
    if (!errored(a)) continue;
    const kind = errorKindOf(a.status, a.error);
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  }
  const nErrored = attempts.filter(errored).length;
  // Over every attempt that records it (an unscored reply may still have been cut), whatever the filter.
  const endings = attempts.flatMap((a) => (a.truncated === null ? [] : [a.truncated]));

  const rewards = admitted.map((a) => a.reward ?? 0);
  const turns = admitted.flatMap((a) => {
    const t = turnsOf(a, execution, o.answeredTurns(score.benchmark_id));
    return t === null ? [] : [t];
  });
  const walls = admitted.flatMap((a) => (a.wall_ms !== null && Number.isFinite(a.wall_ms) ? [Math.max(0, a.wall_ms)] : []));
  const withTokens = admitted.filter((a) => a.input_tokens !== null || a.output_tokens !== null);
  const tokens = withTokens.map((a) => (a.input_tokens ?? 0) + (a.output_tokens ?? 0));
  const costs = attempts.flatMap((a) => (a.cost !== null ? [a.cost] : []));
  const admittedCosts = admitted.flatMap((a) => (a.cost !== null ? [a.cost] : []));

  const tiles: OverviewTiles = {
    attempts: attempts.length,
    errored: nErrored,
    k: score.k,
    avg_at_k: score.score,
    pass_at_k: score.pass_at_k,
    error_rate: attempts.length ? nErrored / attempts.length : null,
    truncation_rate: endings.length ? endings.filter(Boolean).length / endings.length : null,
    mean_turns: mean(turns),
    mean_wall_ms: mean(walls),
    mean_tokens: mean(tokens),
    // Every attempt's cost counts: an errored call may still have been paid for.
    total_cost: costs.length ? costs.reduce((a, b) => a + b, 0) : null,
    error_kinds: errorKinds,
    distributions: { reward: dist(rewards), turns: dist(turns), wall_ms: dist(walls), tokens: dist(tokens), cost: dist(admittedCosts) },
  };

  const metrics: MetricPane[] = [];
  if (admitted.length) metrics.push(metricPane("reward", "reward", admitted.map((a) => ({ attempt_id: id(a), value: a.reward ?? 0, errored: errored(a) })), o.maxPoints));
  const dimensionKeys = new Set<string>();
  for (const a of admitted) for (const [k, v] of Object.entries(a.dimensions ?? {})) if (typeof v === "number" && Number.isFinite(v)) dimensionKeys.add(k);
  for (const key of [...dimensionKeys].sort()) {
    const pts = admitted.flatMap((a) => {
      const v = a.dimensions?.[key];
      return typeof v === "number" && Number.isFinite(v) ? [{ attempt_id: id(a), value: v, errored: errored(a) }] : [];
    });
    metrics.push(metricPane(key, "dimension", pts, o.maxPoints));
  }

  const usage = thin(withTokens.map((a): UsagePoint => ({ attempt_id: id(a), input_tokens: a.input_tokens ?? 0, output_tokens: a.output_tokens ?? 0, errored: errored(a) })), o.maxPoints);

  const strips = admitted.flatMap((a): TimingStrip[] => {
    const phases = attemptPhases(a, execution);
    return phases ? [{ attempt_id: id(a), wall_ms: Math.max(0, a.wall_ms!), phases, errored: errored(a) }] : [];
  });
  let meanPhases: Record<OverviewPhase, number> | null = null;
  if (strips.length) {
    meanPhases = zeroPhases();
    for (const s of strips) for (const p of OVERVIEW_PHASES) meanPhases[p] += s.phases[p] / strips.length;
  }
  // A few strips: the first in seq order (total says how many more there are); all of a huge run: evenly thinned.
  const limit = Math.min(o.maxStrips, o.maxPoints);
  const shown = strips.length > limit && limit < o.maxPoints ? firstOf(strips, limit) : thin(strips, limit);

  return {
    benchmark_id: score.benchmark_id,
    benchmark_name: score.benchmark_name,
    target: score.target,
    target_label: score.target_label,
    status: score.status,
    execution,
    tiles,
    metrics,
    usage: { points: usage.items, sampled: usage.sampled, total: usage.total, input: summarize(withTokens.map((a) => a.input_tokens ?? 0)), output: summarize(withTokens.map((a) => a.output_tokens ?? 0)) },
    timing: { phases: [...OVERVIEW_PHASES], recorded: recordedPhases(execution), mean: meanPhases, strips: shown.items, sampled: shown.sampled, total: shown.total },
  };
}
