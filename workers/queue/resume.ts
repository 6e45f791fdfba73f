/**
 * Resuming a run, in bounded steps over its seq range: in each page, delete
 * the rows of attempts that ended without a reward (once, however often the
 * step is delivered: src/db/attempts.ts reopenPage) and enqueue every
 * planned attempt of the page that has no row (those, and the ones the stop
 * left unrun). Rewards already earned stay exactly as they were. At the end
 * planning takes over: it finishes any benchmark whose planning the stop
 * interrupted and re-arms the run's completion count.
 */
import { endedSeqs } from "../../src/db/attempts";
import { reopenUnrewarded } from "../../src/lifecycle/attempt-reopen";
import { openDb } from "../../src/db/client";
import { listRunBenchmarks } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import { readRunStatus } from "../../src/db/run-status";
import type { QueueMessage } from "../../src/domain/queue-messages";
import type { QueuePorts } from "./ports";

export const RESUME_PAGE = 2_000;

export async function resumeStep(env: QueuePorts, runId: string, afterSeq: number): Promise<void> {
  const status = await readRunStatus(env.DB, runId);
  if (status !== "queued" && status !== "running") return;
  const rbs = await listRunBenchmarks(openDb(env.DB), runId);
  const ranges = rbs.filter((rb) => rb.baseSeq !== null && rb.plannedCount > 0).map((rb) => [rb.baseSeq!, rb.baseSeq! + rb.plannedCount] as const);
  const end = Math.max(0, ...ranges.map((r) => r[1]));
  const from = afterSeq + 1;
  const to = Math.min(end, from + RESUME_PAGE);
  if (from < to) {
    // Each page is reopened once per resume: a redelivered step of a page already passed does nothing more.
    const page = await reopenUnrewarded(env.lifecycle, runId, from, to);
    if (page.state === "stale") return;
    const cleared = page.seqs;
    const planned: number[] = [];
    for (let seq = from; seq < to; seq++) if (ranges.some(([a, b]) => seq >= a && seq < b)) planned.push(seq);
    const ended = await endedSeqs(env.DB, runId, planned);
    const rerun = planned.filter((s) => !ended.has(s));
    await env.sendAttempts(rerun.map((seq) => ({ body: { kind: "attempt", run_id: runId, seq, tries: 0 } })));
    if (rerun.length) {
      await appendLogs(env.DB, runId, [
        { level: "info", event: "resumed", message: `seqs ${from}–${to - 1}: re-enqueued ${rerun.length} attempts without a reward (${cleared.length} had ended invalid)` },
      ]);
    }
  }
  const next: QueueMessage = to < end ? { kind: "resume", run_id: runId, after_seq: to - 1 } : { kind: "plan", run_id: runId };
  await env.control.send(next);
}
