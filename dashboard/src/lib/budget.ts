/**
 * A run's budget in the dashboard: the estimate of a draft (POST
 * /api/eval-runs/estimate) through the typed client, and a budget-exhausted
 * run's figures in words. Shapes are the generated client's.
 */
import { client, unwrap } from "./api";
import type { BudgetReport, CreateEvalRun, RunBudget, RunEstimate, Spend } from "./types";

export type { BudgetReport, RunBudget, RunEstimate };

/** The estimate of a draft body; nothing is created. */
export function estimateRun(body: CreateEvalRun, signal?: AbortSignal): Promise<RunEstimate> {
  return unwrap(client.POST("/api/eval-runs/estimate", { body, ...(signal ? { signal } : {}) }));
}

const FIGURE: Record<keyof RunBudget, keyof Spend> = { max_cost_usd: "cost_usd", max_input_tokens: "input_tokens", max_output_tokens: "output_tokens" };

export function usd(n: number): string {
  return `$${n < 1 ? n.toFixed(4) : n.toFixed(2)}`;
}

/** One limit against what was spent: "$0.2431 of $0.25" or "98 of 100 output tokens". */
export function spentOf(report: BudgetReport, limit: keyof RunBudget): string {
  const max = report.limits[limit]!;
  const spent = report.spent[FIGURE[limit]];
  if (limit === "max_cost_usd") return `${usd(spent)} of ${usd(max)}`;
  return `${spent.toLocaleString("en-US")} of ${max.toLocaleString("en-US")} ${limit === "max_input_tokens" ? "input" : "output"} tokens`;
}

/** The limits set, in words: "at most $1.00, 50,000 output tokens". */
export function budgetText(b: RunBudget): string {
  const parts: string[] = [];
  if (b.max_cost_usd !== undefined) parts.push(usd(b.max_cost_usd));
  if (b.max_input_tokens !== undefined) parts.push(`${b.max_input_tokens.toLocaleString("en-US")} input tokens`);
  if (b.max_output_tokens !== undefined) parts.push(`${b.max_output_tokens.toLocaleString("en-US")} output tokens`);
  return `at most ${parts.join(", ")}`;
}
