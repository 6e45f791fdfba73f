// A run's budget in words for the CLI: the limits set (options.budget), and
// why a run stopped when its budget ran out (stop_reason budget_exhausted and
// its budget_report). Pure.

const LIMITS = /** @type {const} */ ([
  ["max_cost_usd", "cost_usd", (/** @type {number} */ n) => `$${n.toFixed(4)}`],
  ["max_input_tokens", "input_tokens", (/** @type {number} */ n) => `${n.toLocaleString("en-US")} input tokens`],
  ["max_output_tokens", "output_tokens", (/** @type {number} */ n) => `${n.toLocaleString("en-US")} output tokens`],
]);

/**
 * "at most $1.0000, 50,000 output tokens"
 * @param {Record<string, number>} budget
 */
export function budgetText(budget) {
  const parts = LIMITS.filter(([k]) => budget[k] !== undefined).map(([k, , f]) => f(budget[k]));
  return `at most ${parts.join(", ")}`;
}

/**
 * "budget exhausted (max_output_tokens): spent 98 output tokens of 100; attempts not sent count as missing"
 * @param {{exhausted_by: string, limits: Record<string, number>, spent: Record<string, number>} | null | undefined} report
 */
export function budgetStopText(report) {
  if (!report) return "budget exhausted";
  const spent = LIMITS.filter(([k]) => report.limits[k] !== undefined).map(([k, s, f]) => `${f(report.spent[s] ?? 0)} of ${f(report.limits[k]).replace(/ (input|output) tokens$/, "")}`);
  return `budget exhausted (${report.exhausted_by}): spent ${spent.join(", ")}; attempts not sent count as missing`;
}
