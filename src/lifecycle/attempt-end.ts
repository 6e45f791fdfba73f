/**
 * The one way an attempt ends, whoever decided it (the consumer's outcome
 * sink, an agent's live object, the dead-letter handler, the sweeper, the
 * batch poller): its row written (the conditional insert: the first verdict
 * wins, so a second end of the same attempt writes and counts nothing),
 * what it spent landed on the run's budget, its log lines, then the newly
 * written rows counted at the run's gate and the run finished when that was
 * its last attempt. I/O: through LifecycleDeps only.
 */
import { recordOutcomes, type AttemptOutcome, type AttemptSlot } from "../db/attempts";
import { appendLogs, type LogEntry } from "../db/run-logs";
import { attemptId } from "../domain/attempt-id";
import type { RunBudget } from "../domain/run-budget";
import type { LandedUsage, LifecycleDeps } from "./deps";
import { exhaustRun, finalizeRun } from "./run-transitions";

export interface EndedAttempt {
  slot: AttemptSlot;
  outcome: AttemptOutcome;
}

export interface EndOptions {
  /** Log lines written with the rows; as a function, it is told how many rows were written (0: a repeat). */
  log?: LogEntry[] | ((written: number) => LogEntry[]);
  /** Values scrubbed from the log lines. */
  secrets?: readonly string[];
  /** The run's budget: what the rows actually written spent lands at the gate, which may end the run (exhaustRun). */
  budget?: RunBudget;
}

/** What an ended attempt spent, for the budget (a cached reply spends nothing). */
export function usageOf(slot: AttemptSlot, o: AttemptOutcome): LandedUsage {
  const free = o.cached === true;
  return { attempt: attemptId(slot.runId, slot.seq), input_tokens: free ? 0 : o.input_tokens, output_tokens: free ? 0 : o.output_tokens, cost_usd: free ? 0 : o.cost };
}

/**
 * Writes ended attempts of `runId` and their log lines; returns how many
 * rows were written. The count still has to reach the gate (settleEnded):
 * endAttempts does both; the outcome sink calls them apart so its messages
 * are acknowledged between the two, as soon as their rows are safe.
 */
export async function recordEnded(deps: LifecycleDeps, runId: string, items: readonly EndedAttempt[], opts: EndOptions = {}): Promise<number> {
  // With a budget, which rows were written (each counted once) decides what was spent.
  const written = opts.budget ? new Set<number>() : undefined;
  const changed = await recordOutcomes(deps.DB, [...items], written);
  if (opts.budget && written) {
    const v = await deps.gate(runId).landCalls(items.filter((d) => written.has(d.slot.seq)).map((d) => usageOf(d.slot, d.outcome)));
    await exhaustRun(deps, runId, opts.budget, v);
  }
  const log = typeof opts.log === "function" ? opts.log(changed) : (opts.log ?? []);
  if (log.length) await appendLogs(deps.DB, runId, log, opts.secrets);
  return changed;
}

/** Times a count with a group id is sent again when its answer is lost (the gate restarted under it). */
const SETTLE_TRIES = 4;

/**
 * Counts `changed` newly ended attempts at the run's gate and finishes the
 * run if they were its last. With a `group` id the count is safe to send
 * again, and is, when the gate's answer is lost.
 */
export async function settleEnded(deps: LifecycleDeps, runId: string, changed: number, group?: string): Promise<void> {
  if (!changed) return;
  let state;
  for (let i = 1; ; i++) {
    try {
      state = await deps.gate(runId).settle(changed, group);
      break;
    } catch (err) {
      if (group === undefined || i >= SETTLE_TRIES) throw err;
      await new Promise((r) => setTimeout(r, 100 * 2 ** (i - 1)));
    }
  }
  if (state.total !== null && state.terminal >= state.total) await finalizeRun(deps, runId);
}

/** Ends attempts: rows, spend, logs, the gate's count, and the run's end after its last. Returns how many rows were written. */
export async function endAttempts(deps: LifecycleDeps, runId: string, items: readonly EndedAttempt[], opts: EndOptions = {}): Promise<number> {
  const changed = await recordEnded(deps, runId, items, opts);
  await settleEnded(deps, runId, changed);
  return changed;
}
