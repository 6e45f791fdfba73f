/**
 * Resuming a run, in bounded steps: reopen a page of attempts that have no
 * reward (rewards already earned stay exactly as they were), enqueue them,
 * continue with the next page, and finally hand over to planning, which
 * finishes any benchmark whose planning the stop interrupted and re-arms the
 * run's completion count.
 */
import { reopenUnrewarded } from "../../src/db/attempts";
import { appendLogs } from "../../src/db/run-logs";
import { readRunStatus } from "../../src/db/run-status";
import type { QueueMessage } from "../../src/domain/queue-messages";
import type { Env } from "../env";

export const RESUME_PAGE = 2_000;

export async function resumeStep(env: Env, runId: string, afterSeq: number): Promise<void> {
  const status = await readRunStatus(env.DB, runId);
  if (status !== "queued" && status !== "running") return;
  const seqs = await reopenUnrewarded(env.DB, runId, afterSeq, RESUME_PAGE);
  for (let i = 0; i < seqs.length; i += 100) {
    await env.ATTEMPTS.sendBatch(seqs.slice(i, i + 100).map((seq) => ({ body: { kind: "attempt", run_id: runId, seq, tries: 0 } satisfies QueueMessage })));
  }
  if (seqs.length) await appendLogs(env.DB, runId, [{ level: "info", event: "resumed", message: `re-enqueued ${seqs.length} attempts without a reward` }]);
  const next: QueueMessage =
    seqs.length === RESUME_PAGE ? { kind: "resume", run_id: runId, after_seq: seqs[seqs.length - 1]! } : { kind: "plan", run_id: runId };
  await env.ATTEMPTS.send(next);
}
