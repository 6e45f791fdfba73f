/**
 * The cron handler (wrangler.toml fires it every minute; the local stack
 * also fires it once as soon as it answers, so a restart recovers at once).
 * One pass:
 * 0. recover runs whose work was lost with a restarted stack (recovery.ts),
 * 1. sweep active runs that stopped making progress,
 * 2. handle runs that finished (scores, boards, drift, webhook events),
 * 3. send due webhook deliveries.
 * Between 1 and 2, the provider batches of runs with options.batch are polled
 * and landed (batch-poll.ts), so a run they finish is handled in the same pass.
 * Each phase is bounded by the pass budget (time, attempt rows, items) and
 * leaves the rest for the next pass; a phase that fails does not stop the
 * others. The pass's clock is the controller's scheduled time.
 */
import type { Env } from "../env";
import { pollBatches, type BatchPollReport } from "./batch-poll";
import { Budget, DEFAULT_LIMITS, type PassLimits } from "./budget";
import { deliverDue, type DeliveryReport } from "./deliveries";
import { recoverLost, type RecoveryReport } from "./recovery";
import { processFinishes, type FinishReport } from "./finishes";
import { sweep, type SweepReport } from "./sweeper";

export interface PassReport {
  recovery: RecoveryReport | { error: string };
  sweep: SweepReport | { error: string };
  finishes: FinishReport | { error: string };
  deliveries: DeliveryReport | { error: string };
  batches: BatchPollReport | { error: string };
  ms: number;
}

async function phase<T>(name: string, fn: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await fn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`cron: the ${name} phase failed`, message);
    return { error: message };
  }
}

export async function runCronPass(env: Env, now: Date, limits: PassLimits = DEFAULT_LIMITS): Promise<PassReport> {
  const started = Date.now();
  const budget = new Budget(limits, started);
  const recovery = await phase("recovery", () => recoverLost(env, budget));
  const sweepReport = await phase("sweep", () => sweep(env, now, budget));
  const batches = await phase("batches", () => pollBatches(env, now, budget));
  const finishes = await phase("finishes", () => processFinishes(env, now, budget));
  const deliveries = await phase("deliveries", () => deliverDue(env, now, budget));
  return { recovery, sweep: sweepReport, finishes, deliveries, batches, ms: Date.now() - started };
}

export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  await runCronPass(env, new Date(controller.scheduledTime));
}
