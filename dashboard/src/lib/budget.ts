/**
 * A run's budget in the dashboard: the estimate of a draft (POST
 * /api/eval-runs/estimate) through the typed client, and a budget-exhausted
 * run's figures in words. The generated client (sdk/typescript) does not
 * know the estimate route, nor the run's stop_reason and budget_report, until
 * it is regenerated from the OpenAPI document: until then their shapes are
 * written here, from workers/http/routes/eval-run-estimate.ts and
 * eval-run-view.ts; replace them with the generated types then.
 */
import { client, unwrap } from "./api";
import type { CreateEvalRun } from "./types";

/** options.budget (src/domain/run-budget.ts RunBudget). */
export interface RunBudget {
  max_cost_usd?: number;
  max_input_tokens?: number;
  max_output_tokens?: number;
}

export interface Spend {
  cost_usd: number;
  input_tokens: number;
  output_tokens: number;
}

/** A budget_exhausted run's figures (EvalRun.budget_report). */
export interface BudgetReport {
  exhausted_by: keyof RunBudget;
  limits: RunBudget;
  spent: Spend;
}

/** The estimate of a draft (RunEstimate in the OpenAPI document). */
export interface RunEstimate {
  benchmarks: {
    benchmark_id: string;
    tasks: number;
    attempts: number;
    calls: number;
    rendered: number;
    input_tokens: number;
    output_tokens: number;
    max_output_tokens: number;
    cost_usd: number | null;
    error: string | null;
  }[];
  total: { calls: number; input_tokens: number; output_tokens: number; cost_usd: number | null };
  budget_exceeded_by: keyof RunBudget | null;
  budget: RunBudget | null;
}

type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/** The estimate of a draft body; nothing is created. */
export function estimateRun(body: CreateEvalRun, signal?: AbortSignal): Promise<RunEstimate> {
  // The typed client's POST, with this route's path and answer typed above (see the header).
  const post = client.POST as unknown as (path: "/api/eval-runs/estimate", init: { body: CreateEvalRun; signal?: AbortSignal }) => Answer<RunEstimate>;
  return unwrap(post("/api/eval-runs/estimate", { body, ...(signal ? { signal } : {}) }));
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
