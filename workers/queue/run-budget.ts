/**
 * A run's budget at the edge (the rule: src/domain/run-budget.ts; the ledger:
 * the RunGate's, workers/durable/run-gate-budget.ts). Before each model call
 * the attempt asks the gate to admit it with its estimate; what landed is
 * counted from the rows actually written; once the budget is exhausted and
 * the last admitted call has landed, the run ends cancelled as
 * budget_exhausted. A run without a budget makes none of these calls.
 */
import { samplingFor } from "../../src/execution/benchmark-plan";
import type { AttemptOutcome, AttemptSlot } from "../../src/db/attempts";
import { markBudgetExhausted } from "../../src/db/run-budget";
import { appendLogs } from "../../src/db/run-logs";
import { attemptId } from "../../src/domain/attempt-id";
import { callEstimate, type RunBudget } from "../../src/domain/run-budget";
import { estimateInputTokens, type SizedMessage } from "../../src/domain/token-estimate";
import type { BudgetVerdict } from "../durable/run-gate-budget-contract";
import type { Env } from "../env";
import { gateFor } from "./gate";
import type { RunContext } from "./run-context";

/** The log line (and the result's) of an attempt a budget did not let call. */
export const BUDGET_REFUSED = "not sent: the run's budget is exhausted";

/**
 * Whether the attempt's model call may go out: true without a budget; else
 * the gate admits it (reserving its estimate) or refuses it, and a refusal
 * that leaves nothing in flight ends the run here.
 */
export async function admitCall(env: Env, ctx: RunContext, att: AttemptSlot, messages: readonly SizedMessage[], tools?: unknown): Promise<boolean> {
  const budget = ctx.options.budget;
  if (!budget) return true;
  const target = att.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  const estimate = callEstimate(target.config.price, estimateInputTokens(messages, tools), samplingFor(ctx.options, att.benchmarkId).max_output_tokens);
  const v = await gateFor(env, att.runId).reserveCall({ attempt: attemptId(att.runId, att.seq), estimate, budget });
  if (v.admitted) return true;
  await endIfExhausted(env, att.runId, budget, v);
  return false;
}

/** What an ended attempt's call spent (a cached reply: nothing), for its reservation until its row is written and it lands. */
function usageOf(runId: string, slot: AttemptSlot, o: AttemptOutcome) {
  const free = (o as { cached?: boolean }).cached === true;
  return { attempt: attemptId(runId, slot.seq), input_tokens: free ? 0 : o.input_tokens, output_tokens: free ? 0 : o.output_tokens, cost_usd: free ? 0 : o.cost };
}

/**
 * An attempt's call ended: its reservation now holds what it spent rather
 * than its estimate. Its row is written a little later, in a group; meanwhile
 * the next calls are admitted against the true figure, not the ceiling.
 * Best effort: the landing counts it either way.
 */
export async function callEnded(env: Env, ctx: RunContext, slot: AttemptSlot, outcome: AttemptOutcome): Promise<void> {
  if (!ctx.options.budget) return;
  await gateFor(env, slot.runId).callEnded(usageOf(slot.runId, slot, outcome)).catch(() => {});
}

/** Counts what the attempts whose rows were just written spent (a cached reply spends nothing), then ends the run if it is out of budget with nothing in flight. */
export async function landCalls(env: Env, runId: string, budget: RunBudget, written: readonly { slot: AttemptSlot; outcome: AttemptOutcome }[]): Promise<void> {
  const v = await gateFor(env, runId).landCalls(written.map(({ slot, outcome }) => usageOf(runId, slot, outcome)));
  await endIfExhausted(env, runId, budget, v);
}

/** After a batch let go of its claims: the last reservation may have gone with them. */
export async function endIfExhaustedNow(env: Env, runId: string, budget: RunBudget | undefined): Promise<void> {
  if (!budget) return;
  await endIfExhausted(env, runId, budget, await gateFor(env, runId).budgetState());
}

async function endIfExhausted(env: Env, runId: string, budget: RunBudget, v: BudgetVerdict): Promise<void> {
  if (!v.finish || !v.exhausted_by) return;
  const report = { exhausted_by: v.exhausted_by, limits: budget, spent: v.spent };
  if (await markBudgetExhausted(env.DB, runId, report, new Date().toISOString())) {
    const figures = Object.entries(budget)
      .map(([k, max]) => `${k} ${max} (spent ${k === "max_cost_usd" ? v.spent.cost_usd.toFixed(6) : k === "max_input_tokens" ? v.spent.input_tokens : v.spent.output_tokens})`)
      .join(", ");
    await appendLogs(env.DB, runId, [{ level: "warn", event: "budget_exhausted", message: `run cancelled: the next call would pass ${v.exhausted_by}; ${figures}; attempts not sent count as missing` }]);
  }
}
