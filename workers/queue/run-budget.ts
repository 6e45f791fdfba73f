/**
 * A run's budget at the edge (the rule: src/domain/run-budget.ts; the ledger:
 * the RunGate's, workers/gate/budget.ts). Before each model call
 * the attempt asks the gate to admit it with its estimate; what landed is
 * counted from the rows actually written (src/lifecycle/attempt-end.ts);
 * once the budget is exhausted and the last admitted call has landed, the
 * run ends cancelled as budget_exhausted (src/lifecycle/run-transitions.ts).
 * A run without a budget makes none of these calls.
 */
import { samplingFor } from "../../src/execution/benchmark-plan";
import type { AttemptOutcome, AttemptSlot } from "../../src/db/attempts";
import { attemptId } from "../../src/domain/attempt-id";
import { callEstimate, type RunBudget } from "../../src/domain/run-budget";
import { estimateInputTokens, type SizedMessage } from "../../src/domain/token-estimate";
import { usageOf } from "../../src/lifecycle/attempt-end";
import { exhaustRun } from "../../src/lifecycle/run-transitions";
import type { Env } from "../env";
import { gateFor } from "../gate/client";
import { lifecycleOf } from "../lifecycle";
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
  await exhaustRun(lifecycleOf(env), att.runId, budget, v);
  return false;
}

/**
 * An attempt's call ended: its reservation now holds what it spent rather
 * than its estimate. Its row is written a little later, in a group; meanwhile
 * the next calls are admitted against the true figure, not the ceiling.
 * Best effort: the landing counts it either way.
 */
export async function callEnded(env: Env, ctx: RunContext, slot: AttemptSlot, outcome: AttemptOutcome): Promise<void> {
  if (!ctx.options.budget) return;
  await gateFor(env, slot.runId).callEnded(usageOf(slot, outcome)).catch(() => {});
}

/** After a batch let go of its claims: the last reservation may have gone with them. */
export async function endIfExhaustedNow(env: Env, runId: string, budget: RunBudget | undefined): Promise<void> {
  if (!budget) return;
  await exhaustRun(lifecycleOf(env), runId, budget, await gateFor(env, runId).budgetState());
}
