/**
 * The RunGate's budget ledger (src/domain/run-budget.ts states the rule):
 * what the run's recorded attempts spent (persisted), what each attempt
 * not yet landed holds (in memory, by attempt id: what its ended calls
 * spent plus the estimate of the call it has in flight; an agent attempt
 * makes many), and whether the budget is exhausted (persisted). The gate
 * is one object per run, so "check, then reserve" is atomic across every
 * consumer; a call is admitted or refused as one step.
 *
 * Reservations are memory only: an eviction loses them, so the calls then
 * in flight (at most `concurrency`) may pass the limit by their estimates;
 * what they spend still counts when they land.
 */
import { addSpend, limitPassed, NO_SPEND, totalSpend, type BudgetLimit, type RunBudget, type Spend } from "../../src/domain/run-budget";
import type { BudgetState, BudgetVerdict, LandedUsage } from "./budget-contract";

/** What a call spent: its reported figures, its estimate's for any not reported. */
function spendOf(u: LandedUsage, estimate: Spend): Spend {
  return { input_tokens: u.input_tokens ?? estimate.input_tokens, output_tokens: u.output_tokens ?? estimate.output_tokens, cost_usd: u.cost_usd ?? estimate.cost_usd };
}

interface Reservation {
  /** What the attempt holds: its ended calls' spend, plus the estimate of the call in flight. */
  estimate: Spend;
  /** What its ended calls spent (the estimate less the call in flight). */
  ended: Spend;
}

export class BudgetLedger {
  private spent: Spend = NO_SPEND;
  private exhaustedBy: BudgetLimit | null = null;
  private readonly reservations = new Map<string, Reservation>();

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Reads the persisted figures (inside the gate's blockConcurrencyWhile). */
  async load(): Promise<void> {
    const saved = await this.storage.get(["budget_spent", "budget_exhausted_by"]);
    this.spent = (saved.get("budget_spent") as Spend | undefined) ?? NO_SPEND;
    this.exhaustedBy = (saved.get("budget_exhausted_by") as BudgetLimit | undefined) ?? null;
  }

  private reserved(except?: string): Spend {
    return totalSpend([...this.reservations].filter(([id]) => id !== except).map(([, r]) => r.estimate));
  }

  private verdict(admitted: boolean): BudgetVerdict {
    return { admitted, exhausted_by: this.exhaustedBy, finish: this.exhaustedBy !== null && this.reservations.size === 0, spent: this.spent };
  }

  /**
   * Admits a call of `attempt` on top of what its ended calls spent (a call
   * still held by it, one that never reported its end, is replaced) or
   * refuses it, exhausting the budget.
   */
  reserve(attempt: string, estimate: Spend, budget: RunBudget): BudgetVerdict {
    if (this.exhaustedBy === null) {
      const ended = this.reservations.get(attempt)?.ended ?? NO_SPEND;
      const passed = limitPassed(budget, this.spent, addSpend(this.reserved(attempt), ended), estimate);
      if (passed === null) {
        this.reservations.set(attempt, { estimate: addSpend(ended, estimate), ended });
        return this.verdict(true);
      }
      this.exhaustedBy = passed;
      this.storage.put("budget_exhausted_by", passed, { allowUnconfirmed: true });
    }
    this.reservations.delete(attempt);
    return this.verdict(false);
  }

  /** A call ended: the attempt now holds what it spent (a figure not reported keeps the call's estimate) until it lands. */
  ended(usage: LandedUsage): void {
    const r = this.reservations.get(usage.attempt);
    if (!r) return;
    const call = { input_tokens: r.estimate.input_tokens - r.ended.input_tokens, output_tokens: r.estimate.output_tokens - r.ended.output_tokens, cost_usd: r.estimate.cost_usd - r.ended.cost_usd };
    r.ended = addSpend(r.ended, spendOf(usage, call));
    r.estimate = r.ended;
  }

  /** Counts what landed attempts spent (only those whose row was written: each once) and ends their reservations. */
  async land(landed: readonly LandedUsage[]): Promise<BudgetVerdict> {
    let add = NO_SPEND;
    for (const l of landed) {
      add = addSpend(add, spendOf(l, this.reservations.get(l.attempt)?.estimate ?? NO_SPEND));
      this.reservations.delete(l.attempt);
    }
    if (landed.length) {
      this.spent = addSpend(this.spent, add);
      await this.storage.put("budget_spent", this.spent);
    }
    return this.verdict(false);
  }

  /** Ends reservations without spending: a retry re-sent, claims released (what landed was counted before). */
  drop(attempts: Iterable<string>): void {
    for (const a of attempts) this.reservations.delete(a);
  }

  /** Keeps only the reservations `alive` says are still held (an expired holder's calls are gone). */
  keep(alive: (attempt: string) => boolean): void {
    for (const a of this.reservations.keys()) if (!alive(a)) this.reservations.delete(a);
  }

  /** Starts over from what D1 says the kept attempts spent (a resume): not exhausted, nothing reserved. */
  async reset(spent: Spend): Promise<void> {
    this.spent = spent;
    this.exhaustedBy = null;
    this.reservations.clear();
    await this.storage.put({ budget_spent: spent });
    await this.storage.delete("budget_exhausted_by");
  }

  state(): BudgetState {
    return { ...this.verdict(false), reserved: this.reserved(), in_flight: this.reservations.size };
  }
}
