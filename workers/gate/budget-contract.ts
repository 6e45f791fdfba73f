/**
 * What the RunGate's budget methods accept and answer over RPC (the ledger
 * is workers/gate/budget.ts, the rule src/domain/run-budget.ts).
 * A leaf module, like contract.ts.
 */
import { z } from "zod";
import { RunBudget, type BudgetLimit, type Spend } from "../../src/domain/run-budget";

const Figure = z.number().min(0).max(1e15);
export const SpendInput = z.object({ cost_usd: Figure, input_tokens: Figure, output_tokens: Figure });

/** Admit one model call of `attempt` (an attempt id) expected to spend `estimate`, under the run's `budget`. */
export const Reserve = z.object({ attempt: z.string().min(1).max(200), estimate: SpendInput, budget: RunBudget });

/** What one attempt whose row was just written reported spending; a null figure counts its reservation's estimate. */
export const LandedUsage = z.object({
  attempt: z.string().min(1).max(200),
  input_tokens: Figure.nullable(),
  output_tokens: Figure.nullable(),
  cost_usd: Figure.nullable(),
});
export type LandedUsage = z.infer<typeof LandedUsage>;
export const Landed = z.array(LandedUsage).max(10_000);

export interface BudgetVerdict {
  admitted: boolean;
  /** The limit a refused call would have passed (set from the first refusal on: the budget is exhausted). */
  exhausted_by: BudgetLimit | null;
  /** Exhausted with no admitted call still in flight: the run can end now. */
  finish: boolean;
  /** What the run's recorded attempts spent. */
  spent: Spend;
}

export interface BudgetState extends BudgetVerdict {
  /** Estimates held by the calls in flight. */
  reserved: Spend;
  /** Calls admitted and not yet landed. */
  in_flight: number;
}
