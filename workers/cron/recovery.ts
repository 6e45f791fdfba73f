/**
 * Recovery of runs whose work was lost: the local stack was killed mid-run
 * and started again on the same state, and the messages of its in-memory
 * queues (attempts waiting or delayed for a retry, plan steps) died with
 * it, as did every invocation holding attempts. Each cron pass (the first
 * one right after start-up: scripts/lib/stack.mjs fires it once the stack
 * answers) asks every active run's RunGate whether its work was lost (last
 * seen by another boot of the stack: see RunGate.takeLost). For such a run
 * it re-sends the plan step when planning was unfinished, re-counts the
 * ended attempts from D1 (settles that died with the stack), re-sends every
 * planned attempt without a row, each with the tries its claim kept (a
 * retry waiting out its backoff is not reset to its first try), at most
 * SEND_RATE messages a second, and finishes the run if nothing was open.
 * Nothing runs twice: an attempt with a row is never re-sent, and the
 * consumer skips ended attempts and claims the rest in the gate. A live
 * stack is left alone, messages in flight included; on Cloudflare, whose
 * queues outlive any restart, there is no boot and nothing is ever lost.
 * Agent runs are not re-dispatched: their runner outlives the stack and
 * calls back; their attempts end by their timeout.
 */
import type { QueueMessage } from "../../src/domain/queue-messages";
import { listActiveRuns } from "../../src/db/active-runs";
import { endedSeqsIn } from "../../src/db/attempts";
import { openDb } from "../../src/db/client";
import { listRunBenchmarks } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import { attemptQueues, type Env } from "../env";
import { isAgentRun } from "../agent/context";
import { sendAttempts, SEND_BATCH } from "../queue/attempt-queues";
import type { AttemptMessage } from "../../src/domain/queue-messages";
import type { LostWork } from "../gate/contract";
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
/** Messages re-sent per second at most, over both attempt queues: below Queues' 5,000 per queue, leaving room for the run's own. */
export const SEND_RATE = 4_000;

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
    const lost = await gate.takeLost(env.ASSAY_STACK_BOOT ?? "");
    if (!lost) continue;
    report.recovered += 1;
    if (await isAgentRun(env, run.id)) {
      await gate.recoveryAt(null);
      continue;
    }
    await recoverRun(env, run, lost, budget, report);
  }
  return report;
}

/**
 * Recovers one run now if its work was lost (resume of a run stuck after a
 * restart, before the next cron pass). True when it did.
 */
export async function recoverIfLost(env: Env, run: { id: string; status: string }): Promise<boolean> {
  const gate = gateFor(env, run.id);
  const lost = await gate.takeLost(env.ASSAY_STACK_BOOT ?? "");
  if (!lost) return false;
  if (await isAgentRun(env, run.id)) {
    await gate.recoveryAt(null);
    return false;
  }
  await recoverRun(env, run, lost, new Budget(DEFAULT_LIMITS), { recovered: 1, resent: 0, replanned: 0, finalized: 0 });
  return true;
}

/** Sends messages at most SEND_RATE a second: each SEND_RATE-sized part waits until a second has passed since the last began. */
async function sendPaced(queues: Queue[], messages: AttemptMessage[], pace: { began: number; sent: number }): Promise<void> {
  for (let i = 0; i < messages.length; i += SEND_BATCH) {
    if (pace.sent >= SEND_RATE) {
      const wait = pace.began + 1000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pace.began = Date.now();
      pace.sent = 0;
    }
    const part = messages.slice(i, i + SEND_BATCH);
    await sendAttempts(queues, part.map((body) => ({ body })));
    pace.sent += part.length;
  }
}

async function recoverRun(env: Env, run: { id: string; status: string }, lost: LostWork, budget: Budget, report: RecoveryReport): Promise<void> {
  const from = lost.from;
  const kept = new Map(lost.tries.map((c) => [c.seq, c]));
  const pace = { began: Date.now(), sent: 0 };
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
      // Each with what its claim kept: the tries it had (and its wait, its kept reply), or none for one never delivered.
      const messages = open.map((s): AttemptMessage => {
        const c = kept.get(s);
        return { kind: "attempt", run_id: run.id, seq: s, tries: c?.tries ?? 0, ...(c?.limited_since != null && { limited_since: c.limited_since }), ...(c?.reply_key && { reply_key: c.reply_key }) };
      });
      await sendPaced(attemptQueues(env), messages, pace);
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
