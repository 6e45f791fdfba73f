/**
 * What a draft run is expected to spend before it starts (POST
 * /api/eval-runs/estimate, and through it `assay eval run --dry-run`):
 * per benchmark, its calls (tasks × attempts × targets), their input
 * tokens from the rendered prompts (token-estimate.ts, the same estimate a
 * budget reserves per call), their output tokens at the ceiling
 * `max_output_tokens` (an upper bound: replies are usually shorter), and
 * the cost at each target's price. Prompts of a large benchmark are
 * rendered for an even sample of its tasks and the mean scaled up. Pure.
 */
import { limitPassed, NO_SPEND, type BudgetLimit, type RunBudget } from "./run-budget";
import { estimateCost, type TokenPrice } from "../providers/cost";

/** Tasks whose prompts are rendered per benchmark; beyond it, an even sample this size stands for all. */
export const MAX_RENDERED_PROMPTS = 500;

export interface BenchmarkEstimate {
  benchmark_id: string;
  /** Tasks selected (after split, subsets, include/exclude, skip, limit). */
  tasks: number;
  /** Attempts per task (k). */
  attempts: number;
  /** Model calls: tasks × attempts × targets. */
  calls: number;
  /** Prompts rendered to measure (all tasks, or a sample of MAX_RENDERED_PROMPTS). */
  rendered: number;
  /** Estimated input tokens over every call. */
  input_tokens: number;
  /** Output tokens if every call used its max_output_tokens (an upper bound). */
  output_tokens: number;
  max_output_tokens: number;
  /** Cost at the targets' prices; null when a target has no price. */
  cost_usd: number | null;
  /** Why this benchmark could not be estimated (its dataset is missing, nothing matches the selection); its figures are then 0. */
  error: string | null;
}

export interface RunEstimate {
  benchmarks: BenchmarkEstimate[];
  total: { calls: number; input_tokens: number; output_tokens: number; cost_usd: number | null };
  /** With options.budget: the first limit the estimate passes (the run would stop early), or null when it fits. */
  budget_exceeded_by: BudgetLimit | null;
}

/** The even sample of `n` task positions rendered for the estimate: all of them up to MAX_RENDERED_PROMPTS. */
export function samplePositions(n: number, max = MAX_RENDERED_PROMPTS): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: max }, (_, i) => Math.floor((i * n) / max));
}

/**
 * One benchmark's figures from the input tokens of the prompts rendered
 * (`sampled`, one per task rendered) for `tasks` tasks, each asked
 * `attempts` times of each target.
 */
export function benchmarkEstimate(
  benchmarkId: string,
  tasks: number,
  sampled: readonly number[],
  attempts: number,
  maxOutputTokens: number,
  prices: readonly (TokenPrice | null | undefined)[],
): BenchmarkEstimate {
  const perTask = sampled.length ? sampled.reduce((a, b) => a + b, 0) / sampled.length : 0;
  const callsPerTarget = tasks * attempts;
  const inputPerTarget = Math.round(perTask * tasks) * attempts;
  const outputPerTarget = callsPerTarget * maxOutputTokens;
  let cost: number | null = 0;
  for (const p of prices) {
    const c = estimateCost(p, inputPerTarget, outputPerTarget);
    cost = c === null || cost === null ? null : cost + c;
  }
  return {
    benchmark_id: benchmarkId,
    tasks,
    attempts,
    calls: callsPerTarget * prices.length,
    rendered: sampled.length,
    input_tokens: inputPerTarget * prices.length,
    output_tokens: outputPerTarget * prices.length,
    max_output_tokens: maxOutputTokens,
    cost_usd: cost,
    error: null,
  };
}

/** The run's totals, and whether its budget would stop it before every call was made. */
export function runEstimate(benchmarks: BenchmarkEstimate[], budget: RunBudget | undefined): RunEstimate {
  const total = { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0 as number | null };
  for (const b of benchmarks) {
    total.calls += b.calls;
    total.input_tokens += b.input_tokens;
    total.output_tokens += b.output_tokens;
    if (b.error === null) total.cost_usd = b.cost_usd === null || total.cost_usd === null ? null : total.cost_usd + b.cost_usd;
  }
  const spend = { input_tokens: total.input_tokens, output_tokens: total.output_tokens, cost_usd: total.cost_usd ?? 0 };
  return { benchmarks, total, budget_exceeded_by: budget ? limitPassed(budget, NO_SPEND, NO_SPEND, spend) : null };
}
