/**
 * The sweeper: finds active runs that stopped making progress and gets them
 * moving or to an end. Progress is a signature of the run's status,
 * attempts planned and the RunGate's terminal tally, compared across
 * passes (run_watch); nothing in D1 is scanned while a run progresses. A
 * run without progress for longer than its attempts could legitimately
 * take (timeout_s × MAX_TRIES + a margin) is stuck:
 * - every attempt terminal but the run still running (a lost finalize):
 *   finish it;
 * - planning unfinished (a lost plan message): send the plan step again;
 * - attempts still open (planned slots without a row: lost messages):
 *   re-send them, at most MAX_SWEEPS rounds (the consumer skips ended
 *   attempts and the gate's claims keep one from running twice); after
 *   that they end timed_out, without a reward, with the reason in their
 *   error.
 * Open attempts are found in bounded seq windows (primary-key ranges),
 * resuming across passes.
 */
import { endedSeqsIn, endedWithoutReward } from "../../src/db/attempts";
import { openDb } from "../../src/db/client";
import { hasOpenBatch } from "../../src/db/call-batches";
import { getRunById } from "../../src/db/eval-runs";
import { getRunBenchmark, listRunBenchmarks } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import { listActiveRuns, type ActiveRun } from "../../src/db/active-runs";
import { readCronState, readWatch, saveWatch, writeCronState, type RunWatch } from "../../src/db/run-watch";
import { MAX_TRIES } from "../../src/domain/retry";
import { endAttempts } from "../../src/lifecycle/attempt-end";
import { abortRun, finalizeRun } from "../../src/lifecycle/run-transitions";
import { slotAt } from "../../src/execution/plan-layout";
import { readPlan } from "../../src/storage/run-plans";
import type { QueueMessage } from "../../src/domain/queue-messages";
import type { Env } from "../env";
import { attemptQueues } from "../env";
import { sendAttempts } from "../queue/attempt-queues";
import { gateFor } from "../gate/client";
import { lifecycleOf } from "../lifecycle";
import type { Budget } from "./budget";

/** Slack on top of the longest time an attempt may legitimately take. */
export const STALE_MARGIN_MS = 5 * 60_000;
/** Rounds of re-sending a stuck run's open attempts before giving them up. */
export const MAX_SWEEPS = 2;
/** Attempt seqs scanned per query. */
export const SWEEP_WINDOW = 5_000;
const CURSOR = "sweep_cursor";

export interface SweepReport {
  watched: number;
  stale: number;
  finalized: number;
  replanned: number;
  resent: number;
  given_up: number;
}

/** How long a run may go without progress before it counts as stuck. */
export function staleAfterMs(options: { timeout_s?: number }): number {
  return (options.timeout_s ?? 120) * 1000 * MAX_TRIES + STALE_MARGIN_MS;
}

export async function sweep(env: Env, now: Date, budget: Budget): Promise<SweepReport> {
  const report: SweepReport = { watched: 0, stale: 0, finalized: 0, replanned: 0, resent: 0, given_up: 0 };
  const cursor = (await readCronState(env.DB, CURSOR)) ?? "";
  const runs = await listActiveRuns(env.DB, cursor, budget.limits.runs);
  let last = "";
  for (const run of runs) {
    if (!budget.ok()) break;
    await sweepRun(env, run, now, budget, report);
    last = run.id;
    report.watched += 1;
  }
  // A short page seen to its end means every active run was looked at: start over next pass.
  const whole = runs.length === 0 || last === runs.at(-1)?.id;
  const next = whole ? (runs.length < budget.limits.runs ? "" : last) : last || cursor;
  await writeCronState(env.DB, CURSOR, next);
  return report;
}

async function sweepRun(env: Env, run: ActiveRun, now: Date, budget: Budget, report: SweepReport): Promise<void> {
  const rbs = await listRunBenchmarks(openDb(env.DB), run.id);
  const gate = gateFor(env, run.id);
  const state = await gate.stats();
  const planned = rbs.reduce((n, rb) => n + rb.plannedCount, 0);
  const signature = `${run.status}:${planned}:${state.terminal}:${state.total ?? "-"}`;
  const watch: RunWatch | null = await readWatch(env.DB, run.id);
  if (!watch || watch.signature !== signature) {
    await saveWatch(env.DB, { run_id: run.id, signature, progress_at: now.toISOString(), sweeps: 0, sweep_seq: 0, open_found: 0 });
    return;
  }
  const quietMs = now.getTime() - Date.parse(watch.progress_at);
  if (quietMs < staleAfterMs(JSON.parse(run.options) as { timeout_s?: number })) return;
  // Calls waiting on a provider batch (up to its 24 h window) are the batch poller's to land or end, not stuck.
  if (await hasOpenBatch(env.DB, run.id)) return;
  report.stale += 1;
  const quiet = `${Math.round(quietMs / 60_000)} min`;

  if (state.total !== null && state.terminal >= state.total) {
    await appendLogs(env.DB, run.id, [{ level: "warn", event: "sweeper", message: `every attempt had ended but the run was still open after ${quiet}; finishing it` }]);
    await finalizeRun(lifecycleOf(env), run.id);
    report.finalized += 1;
    return;
  }

  const planning =
    run.status === "queued" ||
    rbs.length === 0 ||
    rbs.some((rb) => rb.status === "pending" || (rb.status === "planning" && rb.plannedCount < (rb.attemptCount ?? 0)));
  if (planning) {
    if (watch.sweeps >= MAX_SWEEPS) {
      const error = `planning made no progress for ${quiet}, through ${MAX_SWEEPS} retries`;
      // Failed as of this pass's clock (the `now` the cron was given), like the rest of its verdicts.
      await abortRun({ ...lifecycleOf(env), now: () => now }, run.id, error, "sweeper");
      report.given_up += 1;
      return;
    }
    await env.CONTROL.send({ kind: "plan", run_id: run.id } satisfies QueueMessage);
    await appendLogs(env.DB, run.id, [{ level: "warn", event: "sweeper", message: `planning made no progress for ${quiet}; sending the plan step again` }]);
    await saveWatch(env.DB, { ...watch, sweeps: watch.sweeps + 1, progress_at: now.toISOString() });
    report.replanned += 1;
    return;
  }

  // Every benchmark is planned: find open attempts (planned slots without a row), window by window.
  const ranges = rbs
    .filter((rb) => rb.baseSeq !== null && rb.plannedCount > 0)
    .map((rb) => ({ benchmark: rb.benchmarkId, lo: rb.baseSeq!, hi: rb.baseSeq! + rb.plannedCount }))
    .sort((a, b) => a.lo - b.lo);
  const end = ranges.at(-1)?.hi ?? 0;
  const giveUp = watch.sweeps >= MAX_SWEEPS;
  let seq = watch.sweep_seq;
  let found = 0;
  for (const range of ranges) {
    while (seq < range.hi && budget.ok() && (giveUp || budget.resendsLeft > 0)) {
      const lo = Math.max(seq, range.lo);
      const hi = Math.min(range.hi, lo + SWEEP_WINDOW);
      const done = await endedSeqsIn(env.DB, run.id, lo, hi);
      budget.spend(done.size + 1);
      const open: number[] = [];
      for (let s = lo; s < hi; s++) if (!done.has(s)) open.push(s);
      found += open.length;
      if (open.length && giveUp) report.given_up += await giveUpAttempts(env, run.id, range.benchmark, open, now, quiet);
      else if (open.length) {
        await sendAttempts(attemptQueues(env), open.map((s) => ({ body: { kind: "attempt", run_id: run.id, seq: s, tries: 0 } })));
        budget.resendsLeft -= open.length;
        report.resent += open.length;
      }
      seq = hi;
    }
    if (seq < range.hi) break;
  }
  if (found && !giveUp) {
    await appendLogs(env.DB, run.id, [{ level: "warn", event: "sweeper", message: `no progress for ${quiet}; re-sent ${found} open attempts` }]);
  }
  const openFound = watch.open_found + found;
  if (seq < end) {
    await saveWatch(env.DB, { ...watch, sweep_seq: seq, open_found: openFound });
    return;
  }
  // The round is complete.
  if (openFound === 0) {
    // Every planned attempt has its row, yet the tally never reached the total: settles were lost. D1 is the truth.
    await appendLogs(env.DB, run.id, [{ level: "warn", event: "sweeper", message: `every attempt had ended but the run was still open after ${quiet}; finishing it` }]);
    await finalizeRun(lifecycleOf(env), run.id);
    report.finalized += 1;
    return;
  }
  await saveWatch(env.DB, { ...watch, sweeps: watch.sweeps + 1, sweep_seq: 0, open_found: 0, progress_at: now.toISOString() });
}

/**
 * Ends open attempts timed_out without a reward (their rows written from
 * the run's plan), counts them on the gate, and finishes the run if they
 * were the last.
 */
async function giveUpAttempts(env: Env, runId: string, benchmarkId: string, seqs: number[], now: Date, quiet: string): Promise<number> {
  const db = openDb(env.DB);
  const rb = await getRunBenchmark(db, runId, benchmarkId);
  const run = await getRunById(db, runId);
  if (!rb || rb.baseSeq === null || !rb.k || !run) return 0;
  const members = await readPlan(env.ARTIFACTS, runId, benchmarkId);
  const layout = { runId, benchmarkId, base: rb.baseSeq, k: rb.k, targets: (run.compareTarget ? 2 : 1) as 1 | 2 };
  const error = `no progress for ${quiet} after ${MAX_SWEEPS} re-sends: its queue message was lost or kept failing`;
  const at = now.toISOString();
  const items = seqs.flatMap((seq) => {
    const slot = slotAt(members, layout, seq);
    if (!slot) return [];
    const outcome = endedWithoutReward(seq, "timed_out", error, 0, null, at);
    return [{ slot, outcome }];
  });
  return endAttempts(lifecycleOf(env), runId, items, {
    log: (written) => (written ? [{ level: "error", event: "sweeper", message: `gave up on ${written} attempts: ${error}` }] : []),
  });
}
