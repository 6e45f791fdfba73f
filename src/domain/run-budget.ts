/**
 * A run's budget: limits on what its model calls may spend (cost in USD,
 * input tokens, output tokens), and the rule that admits a call.
 *
 * The rule (checked by the run's RunGate, which every consumer asks before
 * each model call, so the check and the reservation are one atomic step):
 * a call is admitted only if, for every limit set,
 *
 *     spent + reserved + estimate ≤ limit
 *
 * where `spent` is what attempts recorded in D1 used (each counted once:
 * the conditional insert that writes its row decides), `reserved` is the
 * estimate held by every call admitted and not yet landed, and `estimate`
 * is this call's: its input tokens from the rendered prompt
 * (token-estimate.ts), its output tokens the call's `max_output_tokens`
 * (the ceiling the endpoint is sent), its cost both at the target's price.
 * The first call refused exhausts the budget for good: nothing more is
 * dispatched even if calls in flight come in under their reservation (so
 * a run does not trickle on), the calls in flight land, and the run ends
 * `cancelled` with `stop_reason: "budget_exhausted"`.
 *
 * Overshoot bound: a limit is passed only by the calls' estimate errors,
 * at most Σ over calls in flight (≤ concurrency) of (actual − estimate).
 * Output tokens cannot pass (an endpoint honours max_output_tokens); input
 * tokens and cost pass by at most the input estimate's error of the calls
 * in flight. An attempt whose endpoint reported no usage counts its
 * estimate. No I/O.
 */
import { z } from "zod";
import type { FieldError } from "./errors";
import { estimateCost, type TokenPrice } from "../providers/cost";

export const RunBudget = z
  .strictObject({
    /** Most the run's model calls may cost, in USD at the target's price (needs `target.price`). */
    max_cost_usd: z.number().gt(0).max(1_000_000).optional(),
    /** Most input (prompt) tokens over the run's model calls. */
    max_input_tokens: z.number().int().min(1).max(1e12).optional(),
    /** Most output (generated) tokens over the run's model calls. */
    max_output_tokens: z.number().int().min(1).max(1e12).optional(),
  })
  .refine((b) => b.max_cost_usd !== undefined || b.max_input_tokens !== undefined || b.max_output_tokens !== undefined, "set at least one of max_cost_usd, max_input_tokens, max_output_tokens");
export type RunBudget = z.infer<typeof RunBudget>;
export type BudgetLimit = keyof RunBudget;

/** What calls spent or are expected to spend. */
export interface Spend {
  cost_usd: number;
  input_tokens: number;
  output_tokens: number;
}

export const NO_SPEND: Spend = { cost_usd: 0, input_tokens: 0, output_tokens: 0 };

/** Each limit and the figure of Spend it bounds, in the order a refusal names them. */
const LIMITS: readonly [BudgetLimit, keyof Spend][] = [
  ["max_cost_usd", "cost_usd"],
  ["max_input_tokens", "input_tokens"],
  ["max_output_tokens", "output_tokens"],
];

export function addSpend(a: Spend, b: Spend): Spend {
  return { cost_usd: a.cost_usd + b.cost_usd, input_tokens: a.input_tokens + b.input_tokens, output_tokens: a.output_tokens + b.output_tokens };
}

/** Sum of many spends. */
export function totalSpend(spends: Iterable<Spend>): Spend {
  let t = NO_SPEND;
  for (const s of spends) t = addSpend(t, s);
  return t;
}

/**
 * The first limit that admitting `estimate` would pass, or null when the call is admitted.
 * Cost is compared with a relative slack of 1e-9 so sums of float prices do not refuse a call that exactly fits.
 */
export function limitPassed(budget: RunBudget, spent: Spend, reserved: Spend, estimate: Spend): BudgetLimit | null {
  for (const [limit, figure] of LIMITS) {
    const max = budget[limit];
    if (max === undefined) continue;
    const after = spent[figure] + reserved[figure] + estimate[figure];
    if (after > max * (figure === "cost_usd" ? 1 + 1e-9 : 1)) return limit;
  }
  return null;
}

/** What one call is expected to spend: its estimated input, its output ceiling, both at the price (0 cost without one). */
export function callEstimate(price: TokenPrice | null | undefined, inputTokens: number, maxOutputTokens: number): Spend {
  return { input_tokens: inputTokens, output_tokens: maxOutputTokens, cost_usd: estimateCost(price, inputTokens, maxOutputTokens) ?? 0 };
}

/** What a landed call spent: its reported usage, or its estimate for a figure the endpoint did not report. */
export function landedSpend(price: TokenPrice | null | undefined, usage: { input_tokens: number | null; output_tokens: number | null }, estimate: Spend): Spend {
  const input = usage.input_tokens ?? estimate.input_tokens;
  const output = usage.output_tokens ?? estimate.output_tokens;
  return { input_tokens: input, output_tokens: output, cost_usd: estimateCost(price, input, output) ?? 0 };
}

/** What a budget-exhausted run reports: the limit that stopped it, the limits, and what its recorded attempts spent. */
export interface BudgetReport {
  exhausted_by: BudgetLimit;
  limits: RunBudget;
  /** What the run's recorded attempts used. */
  spent: Spend;
}

/** A target as far as a budget cares: its kind and price. */
export interface BudgetedTarget {
  kind: string;
  price?: TokenPrice | undefined;
}

/**
 * Why a budget cannot be kept for these targets: a cost limit needs every
 * model target's price (without it a cost would silently count as 0), and
 * a budget counts model calls, which agent runners and recorded outputs do
 * not make here; and it is checked before each call, which a provider batch
 * (options.batch) does not have.
 */
export function budgetErrors(budget: RunBudget | undefined, targets: readonly (BudgetedTarget | null | undefined)[], batch = false): FieldError[] {
  if (!budget) return [];
  const errors: FieldError[] = [];
  // A provider batch is submitted whole, so there is no "before each call" to check at.
  if (batch) errors.push({ field: "options.budget", message: "a budget is checked before each call, and options.batch submits the calls at once: use one or the other" });
  targets.forEach((t, i) => {
    if (!t) return;
    const slot = i === 0 ? "target" : "compare_target";
    if (t.kind !== "model") {
      errors.push({ field: "options.budget", message: `a budget limits model calls; ${slot} is of kind '${t.kind}', whose calls are not made by Assay` });
    } else if (budget.max_cost_usd !== undefined && !t.price) {
      errors.push({ field: "options.budget.max_cost_usd", message: `no price known for ${slot}'s model: set ${slot}.price (input_per_mtok, output_per_mtok) or use a token limit` });
    }
  });
  return errors;
}
