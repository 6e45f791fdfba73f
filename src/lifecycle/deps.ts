/**
 * What the run and attempt lifecycle needs from its host, passed in rather
 * than read from `env`: the D1 binding, the run's RunGate, the control
 * queue and a clock. The gate is declared here by the calls the lifecycle
 * makes (workers/gate/contract.ts has the object's whole
 * surface), so src/ never imports the Durable Object. workers/lifecycle.ts
 * builds these from the Worker's env.
 */
import type { QueueMessage } from "../domain/queue-messages";
import type { BudgetLimit, Spend } from "../domain/run-budget";

/** The run's attempt counts at its gate. */
export interface GateCounts {
  /** Attempts the run plans in all; null until every benchmark is planned. */
  total: number | null;
  /** Attempts counted as ended. */
  terminal: number;
}

/** What one attempt whose row was just written spent; a null figure counts its reservation's estimate. */
export interface LandedUsage {
  attempt: string;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
}

/** The gate's view of a run's budget after a landing or a refusal. */
export interface BudgetFinish {
  /** The limit that ran out, once one has. */
  exhausted_by: BudgetLimit | null;
  /** Exhausted with no admitted call still in flight: the run can end now. */
  finish: boolean;
  spent: Spend;
}

/** The RunGate calls the lifecycle makes. */
export interface LifecycleGate {
  /** Counts attempts that ended; sent again under the same `group`, it counts nothing twice. */
  settle(count: number, group?: string): Promise<GateCounts>;
  /** The run stopped or ended: the invocations working on it are told at once, and no slot is granted until `resume`. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateCounts>;
  landCalls(landed: LandedUsage[]): Promise<BudgetFinish>;
  resetBudget(spent: Spend): Promise<void>;
}

export interface LifecycleDeps {
  DB: D1Database;
  /** The run's RunGate. */
  gate(runId: string): LifecycleGate;
  /** The control queue: plan and resume steps. */
  control: { send(msg: QueueMessage): Promise<unknown> };
  now(): Date;
}
