/**
 * Every change of a run's status made by the engine, each through the
 * state machine (src/domain/run-state.ts, whose ALLOWED_FROM the src/db
 * statements are conditional on) and each logged where it changed
 * something: planning queued, the first attempts out (queued → running),
 * the last one landed (→ completed | failed), planning given up (→ failed),
 * the budget run out (→ cancelled), a stop's aftermath, and resume
 * (ended → queued, then re-armed). I/O: through LifecycleDeps only.
 */
import { countByStatus, endedTotals } from "../db/attempts";
import { openDb } from "../db/client";
import { markCancelled, markQueued } from "../db/eval-runs";
import type { EvalRunRow } from "../db/schema";
import { markBudgetExhausted, recordedSpend } from "../db/run-budget";
import { reopenRunBenchmarks, setRunBenchmarkStatus } from "../db/run-benchmarks";
import { appendLogs } from "../db/run-logs";
import { failRun, finishRun, markResumed, markRunning } from "../db/run-status";
import type { RunBudget } from "../domain/run-budget";
import type { BudgetFinish, LifecycleDeps } from "./deps";

const at = (deps: LifecycleDeps) => deps.now().toISOString();

/**
 * draft → queued, then its planning queued (`beforePlanning` runs between,
 * e.g. recording where agent runners call back). The queued row, or
 * undefined when the run was no longer a draft (nothing else happens then).
 * `at` defaults to the clock.
 */
export async function startRun(deps: LifecycleDeps, run: EvalRunRow, beforePlanning: () => Promise<unknown>, at = deps.now().toISOString()): Promise<EvalRunRow | undefined> {
  const queued = await markQueued(openDb(deps.DB), run, at);
  if (!queued) return undefined;
  await beforePlanning();
  await queuePlanning(deps, run.id);
  return queued;
}

/** queued | running → cancelled, then the stop's aftermath (settleStop). Undefined when the run was in neither. */
export async function stopRun(deps: LifecycleDeps, run: EvalRunRow, endLive: () => Promise<unknown>): Promise<EvalRunRow | undefined> {
  const stopped = await markCancelled(openDb(deps.DB), run, deps.now().toISOString());
  if (stopped) await settleStop(deps, run.id, endLive);
  return stopped;
}

/** A started run's planning is queued (after draft → queued). */
export async function queuePlanning(deps: LifecycleDeps, runId: string): Promise<void> {
  await appendLogs(deps.DB, runId, [{ level: "info", event: "queued", message: "run started; planning its attempts" }]);
  await deps.control.send({ kind: "plan", run_id: runId });
}

/** queued → running as the first attempts go out; logged once. */
export async function beginRun(deps: LifecycleDeps, runId: string): Promise<void> {
  if (await markRunning(deps.DB, runId, at(deps))) {
    await appendLogs(deps.DB, runId, [{ level: "info", event: "started", message: "attempts are being dispatched" }]);
  }
}

/** Ends the run once every attempt is terminal (its verdict from runOutcome), and says so in its log; a repeat changes nothing. */
export async function finalizeRun(deps: LifecycleDeps, runId: string): Promise<void> {
  const status = await finishRun(deps.DB, runId, at(deps));
  if (status) {
    await appendLogs(deps.DB, runId, [{ level: status === "failed" ? "error" : "info", event: "finished", message: `run ${status}` }]);
    await halted(deps, runId);
  }
}

/**
 * The run is no longer active: its gate says so to every invocation working
 * on it (they start nothing more) and grants nothing until a resume. Best
 * effort: the run's status in D1 is the record, and a consumer reads it
 * before each batch.
 */
async function halted(deps: LifecycleDeps, runId: string): Promise<void> {
  await deps
    .gate(runId)
    .halt()
    .catch((err: unknown) => console.error(`telling ${runId}'s gate it stopped failed:`, err instanceof Error ? err.message : err));
}

/** Planning is done and planned `total` attempts: the gate knows when the run is complete, and it ends now if they all already have. */
export async function armCompletion(deps: LifecycleDeps, runId: string, total: number): Promise<void> {
  const state = await deps.gate(runId).setCounts({ total });
  if (state.terminal >= total) await finalizeRun(deps, runId);
}

/** An active run that cannot go on: failed with `error`, and the log line under `event` (written whether or not the run was still active). */
export async function abortRun(deps: LifecycleDeps, runId: string, error: string, event: string): Promise<boolean> {
  const changed = await failRun(deps.DB, runId, error, at(deps));
  await appendLogs(deps.DB, runId, [{ level: "error", event, message: error }]);
  if (changed) await halted(deps, runId);
  return changed;
}

/** After the gate said the budget is exhausted with nothing in flight: the run ends cancelled as budget_exhausted, with its figures. */
export async function exhaustRun(deps: LifecycleDeps, runId: string, budget: RunBudget, v: BudgetFinish): Promise<void> {
  if (!v.finish || !v.exhausted_by) return;
  const report = { exhausted_by: v.exhausted_by, limits: budget, spent: v.spent };
  if (await markBudgetExhausted(deps.DB, runId, report, at(deps))) {
    const figures = Object.entries(budget)
      .map(([k, max]) => `${k} ${max} (spent ${k === "max_cost_usd" ? v.spent.cost_usd.toFixed(6) : k === "max_input_tokens" ? v.spent.input_tokens : v.spent.output_tokens})`)
      .join(", ");
    await appendLogs(deps.DB, runId, [{ level: "warn", event: "budget_exhausted", message: `run cancelled: the next call would pass ${v.exhausted_by}; ${figures}; attempts not sent count as missing` }]);
    await halted(deps, runId);
  }
}

/**
 * After active → cancelled (the stop route): unfinished benchmarks are
 * cancelled, `endLive` ends what runs elsewhere (agent attempts on their
 * runner), and the log says how many attempts had ended. No attempt row is
 * written: an attempt without one in a cancelled run is cancelled.
 */
export async function settleStop(deps: LifecycleDeps, runId: string, endLive: () => Promise<unknown>): Promise<void> {
  await halted(deps, runId);
  await setRunBenchmarkStatus(openDb(deps.DB), runId, ["pending", "planning", "running"], "cancelled");
  await endLive();
  const { ended } = endedTotals(await countByStatus(deps.DB, runId));
  await appendLogs(deps.DB, runId, [{ level: "warn", event: "stopped", message: `run stopped; ${ended} attempts had ended, the rest are cancelled` }]);
}

/** ended → queued (the resume route, after its checks); false when the run was not ended (it changed meanwhile). */
export async function resumeRun(deps: LifecycleDeps, runId: string): Promise<boolean> {
  return markResumed(deps.DB, runId, at(deps));
}

/**
 * Re-arms a resumed run: its ended benchmarks run again, the gate forgets
 * the total (so it cannot be declared done before planning re-sets it) and
 * keeps the rewarded attempts as terminal, the budget starts over from what
 * they spent, and the queue reopens the unrewarded attempts page by page
 * (workers/queue/resume.ts). Rewards already earned stay as they were.
 */
export async function queueResume(deps: LifecycleDeps, runId: string): Promise<void> {
  const { rewarded } = endedTotals(await countByStatus(deps.DB, runId));
  await reopenRunBenchmarks(deps.DB, runId);
  const gate = deps.gate(runId);
  await gate.resume();
  await gate.setCounts({ total: null, terminal: rewarded });
  await gate.resetBudget(await recordedSpend(deps.DB, runId, true));
  await appendLogs(deps.DB, runId, [{ level: "info", event: "resume", message: `resuming; ${rewarded} rewarded attempts kept` }]);
  await deps.control.send({ kind: "resume", run_id: runId, after_seq: -1 });
}
