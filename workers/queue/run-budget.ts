/**
 * A run's budget at the edge (the rule: src/domain/run-budget.ts; the ledger:
 * the RunGate's, workers/gate/budget.ts). Each target call is admitted at
 * the gate first and then says what it spent (src/execution/model-port.ts,
 * wired in workers/queue/attempt-ports.ts); what landed is counted from the
 * rows actually written (src/lifecycle/attempt-end.ts); once the budget is
 * exhausted and the last admitted call has landed, the run ends cancelled as
 * budget_exhausted (src/lifecycle/run-transitions.ts). A run without a
 * budget makes none of these calls.
 */
import type { RunBudget } from "../../src/domain/run-budget";
import type { LifecycleDeps } from "../../src/lifecycle/deps";
import { exhaustRun } from "../../src/lifecycle/run-transitions";
import type { RunGateRpc } from "../gate/contract";

/** After a batch let go of its claims: the last reservation may have gone with them. */
export async function endIfExhaustedNow(lifecycle: LifecycleDeps, gate: Pick<RunGateRpc, "budgetState">, runId: string, budget: RunBudget | undefined): Promise<void> {
  if (!budget) return;
  await exhaustRun(lifecycle, runId, budget, await gate.budgetState());
}
