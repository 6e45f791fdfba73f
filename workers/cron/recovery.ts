/**
 * Recovery of runs whose work was lost: the local stack was killed mid-run
 * and started again on the same state, and the messages of its in-memory
 * queues (attempts waiting or delayed for a retry, plan steps) died with
 * it, as did the RunGate's claims. Each cron pass (the first one right
 * after start-up: scripts/lib/stack.mjs fires it once the stack answers)
 * asks every active run's RunGate whether its work was lost (a new gate
 * instance, no live holder: see RunGate.takeLost). For such a run it
 * re-sends the plan step when planning was unfinished, re-counts the
 * ended attempts from D1 (settles that died with the stack), re-sends
 * every planned attempt without a row, and finishes the run if nothing
 * was open. Nothing runs twice: an attempt with a row is never re-sent,
 * and the consumer skips ended attempts and claims the rest in the gate.
 * A live stack is left alone, messages in flight included (its gate keeps
 * its instance). Agent runs are not re-dispatched: their runner outlives
 * the stack and calls back; their attempts end by their timeout.
 */
import type { QueueMessage } from "../../src/domain/queue-messages";
import { listActiveRuns } from "../../src/db/active-runs";
import { endedSeqsIn } from "../../src/db/attempts";
import { openDb } from "../../src/db/client";
import { listRunBenchmarks } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import type { Env } from "../env";
import { isAgentRun } from "../agent/context";
import { sendAttempts } from "../queue/attempt-queues";
import { gateFor } from "../gate/client";
import { lifecycleOf } from "../lifecycle";
import { finalizeRun } from "../../src/lifecycle/run-transitions";
import { recountEnded } from "../../src/lifecycle/attempt-reopen";
import { Budget, DEFAULT_LIMITS } from "./budget";
import { SWEEP_WINDOW } from "./sweeper";

/** Active runs asked per pass. */
export const RECOVERY_RUNS = 100;
/** Attempts re-sent per run and pass; a larger recovery continues on the next pass. */
export const RECOVERY_SENDS = 20_000;

export interface RecoveryReport {
  /** Runs found with their work lost (or a recovery under way). */
  recovered: number;
  /** Attempt messages re-sent. */
  resent: number;
  /** Plan steps re-sent. */
  replanned: number;
  /** Runs finished because every attempt had ended. */
  finalized: number;
}

export async function recoverLost(env: Env, budget: Budget): Promise<RecoveryReport> {
  const report: RecoveryReport = { recovered: 0, resent: 0, replanned: 0, finalized: 0 };
  for (const run of await listActiveRuns(env.DB, "", RECOVERY_RUNS)) {
    if (!budget.ok()) break;
    const gate = gateFor(env, run.id);
    const lost = await gate.takeLost();
    if (!lost) continue;
    report.recovered += 1;
    if (await isAgentRun(env, run.id)) {
      await gate.recoveryAt(null);
      continue;
    }
    await recoverRun(env, run, lost.from, budget, report);
  }
  return report;
}

/**
 * Recovers one run now if its work was lost (resume of a run stuck after a
 * restart, before the next cron pass). True when it did.
 */
export async function recoverIfLost(env: Env, run: { id: string; status: string }): Promise<boolean> {
  const gate = gateFor(env, run.id);
  const lost = await gate.takeLost();
  if (!lost) return false;
  if (await isAgentRun(env, run.id)) {
    await gate.recoveryAt(null);
    return false;
  }
  await recoverRun(env, run, lost.from, new Budget(DEFAULT_LIMITS), { recovered: 1, resent: 0, replanned: 0, finalized: 0 });
  return true;
}

async function recoverRun(env: Env, run: { id: string; status: string }, from: number, budget: Budget, report: RecoveryReport): Promise<void> {
  const gate = gateFor(env, run.id);
  const rbs = await listRunBenchmarks(openDb(env.DB), run.id);
  const planning =
    run.status === "queued" ||
    rbs.length === 0 ||
    rbs.some((rb) => rb.status === "pending" || (rb.status === "planning" && rb.plannedCount < (rb.attemptCount ?? 0)));
  if (from === 0) {
    // The tally lost the settles that died with the stack: D1's rows are the truth.
    await recountEnded(lifecycleOf(env), run.id);
    if (planning) {
      // Planning is idempotent per step (plannedCount is its cursor); it sets the total when it ends.
      await env.CONTROL.send({ kind: "plan", run_id: run.id } satisfies QueueMessage);
      report.replanned += 1;
    }
  }

  const ranges = rbs
    .filter((rb) => rb.status !== "failed" && rb.baseSeq !== null && rb.plannedCount > 0)
    .map((rb) => ({ lo: rb.baseSeq!, hi: rb.baseSeq! + rb.plannedCount }))
    .sort((a, b) => a.lo - b.lo);
  let seq = from;
  let sent = 0;
  for (const range of ranges) {
    seq = Math.max(seq, range.lo);
    while (seq < range.hi && sent < RECOVERY_SENDS && budget.ok()) {
      const hi = Math.min(range.hi, seq + SWEEP_WINDOW);
      const done = await endedSeqsIn(env.DB, run.id, seq, hi);
      budget.spend(done.size + 1);
      const open: number[] = [];
      for (let s = seq; s < hi; s++) if (!done.has(s)) open.push(s);
      await sendAttempts(env, open.map((s) => ({ body: { kind: "attempt", run_id: run.id, seq: s, tries: 0 } })));
      sent += open.length;
      seq = hi;
    }
  }
  const end = ranges.at(-1)?.hi ?? 0;
  const unfinished = seq < end;
  await gate.recoveryAt(unfinished ? seq : null);
  report.resent += sent;
  await appendLogs(env.DB, run.id, [
    {
      level: "warn",
      event: "recovered",
      message: `the run's work was lost (the stack restarted): re-sent ${sent} attempts without a result${planning && from === 0 ? " and the plan step" : ""}${unfinished ? `; continuing from seq ${seq} next pass` : ""}`,
    },
  ]);
  if (!unfinished && !planning && from === 0 && sent === 0) {
    // Every attempt had ended: only the finish was lost.
    const state = await gate.stats();
    if (state.total !== null && state.terminal >= state.total) {
      await finalizeRun(lifecycleOf(env), run.id);
      report.finalized += 1;
    }
  }
}
