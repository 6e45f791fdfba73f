/**
 * What the lifecycle routes do to execution: start hands the run to the
 * planner; stop needs no attempt writes (an attempt without a row in a
 * cancelled run is cancelled, and nothing lands in a stopped run); resume
 * re-arms the run and lets the queue reopen its attempts without a reward.
 * Finished attempts keep their rewards.
 */
import { openDb } from "../../src/db/client";
import { setRunBenchmarkStatus } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import { recordedSpend } from "../../src/db/run-budget";
import type { QueueMessage } from "../../src/domain/queue-messages";
import type { Env } from "../env";
import { cancelLive, recordPublicOrigin } from "../queue/agent-attempt";
import { gateFor } from "../queue/gate";

/** `origin` is where the start request came in: agent runners call back there unless ASSAY_PUBLIC_URL says otherwise. */
export async function afterStart(env: Env, runId: string, origin: string): Promise<void> {
  await recordPublicOrigin(env, runId, origin);
  await appendLogs(env.DB, runId, [{ level: "info", event: "queued", message: "run started; planning its attempts" }]);
  await env.CONTROL.send({ kind: "plan", run_id: runId } satisfies QueueMessage);
}

export async function afterStop(env: Env, runId: string): Promise<void> {
  await setRunBenchmarkStatus(openDb(env.DB), runId, ["pending", "planning", "running"], "cancelled");
  // Running agent attempts end at once: their slots come back and the live set empties.
  await cancelLive(env, runId);
  const ended = await env.DB.prepare(`SELECT count(*) AS n FROM attempts WHERE run_id = ?1`).bind(runId).first<{ n: number }>();
  await appendLogs(env.DB, runId, [{ level: "warn", event: "stopped", message: `run stopped; ${ended?.n ?? 0} attempts had ended, the rest are cancelled` }]);
}

/** Re-arms a stopped or finished run; the queue reopens its unrewarded attempts page by page. */
export async function startResume(env: Env, runId: string, origin: string): Promise<void> {
  await recordPublicOrigin(env, runId, origin);
  const rewarded = await env.DB.prepare(`SELECT count(*) AS n FROM attempts WHERE run_id = ?1 AND reward IS NOT NULL`)
    .bind(runId)
    .first<{ n: number }>();
  await env.DB.batch([
    env.DB.prepare(
      // A benchmark that failed only because no attempt was scored (it has attempts) runs its attempts again too.
      `UPDATE run_benchmarks SET status = CASE WHEN planned_count < attempt_count THEN 'planning' ELSE 'running' END,
         error = CASE WHEN status = 'failed' THEN NULL ELSE error END, error_counts = NULL, target_outcomes = NULL
       WHERE run_id = ?1 AND attempt_count IS NOT NULL AND (status IN ('cancelled', 'completed') OR (status = 'failed' AND attempt_count > 0))`,
    ).bind(runId),
    env.DB.prepare(`UPDATE run_benchmarks SET status = 'pending' WHERE run_id = ?1 AND status = 'cancelled' AND attempt_count IS NULL`).bind(runId),
  ]);
  // Until planning re-sets the total, the run cannot be declared done.
  await gateFor(env, runId).setCounts({ total: null, terminal: rewarded?.n ?? 0 });
  // A budget starts over from what the kept (rewarded) attempts spent; the rest are deleted and run again.
  await gateFor(env, runId).resetBudget(await recordedSpend(env.DB, runId, true));
  await appendLogs(env.DB, runId, [{ level: "info", event: "resume", message: `resuming; ${rewarded?.n ?? 0} rewarded attempts kept` }]);
  await env.CONTROL.send({ kind: "resume", run_id: runId, after_seq: -1 } satisfies QueueMessage);
}
