/**
 * Executes a batch of attempt messages. Per run: skip what is already
 * terminal (a redelivery), take concurrency slots from the run's RunGate,
 * run the attempts, then write every outcome in one D1 batch (conditional,
 * so nothing counts twice), the transcripts in one R2 object, and re-send
 * the attempts that need another try with their delay.
 */
import { finishAttempts, loadAttempts, OPEN_STATUSES, type AttemptOutcome } from "../../src/db/attempts";
import { appendLogs, type LogEntry } from "../../src/db/run-logs";
import { readRunStatus } from "../../src/db/run-status";
import type { AttemptRow } from "../../src/db/schema";
import { attemptId } from "../../src/domain/attempt-id";
import type { AttemptMessage, QueueMessage } from "../../src/domain/queue-messages";
import { retryDecision } from "../../src/domain/retry";
import { scrub } from "../../src/domain/scrub";
import { writeTranscripts } from "../../src/storage/transcripts";
import type { Env } from "../env";
import { runAttempt, type AttemptResult, type TranscriptLine } from "./attempt";
import { gateFor } from "./gate";
import { finalize } from "./plan";
import { runContext } from "./run-context";

/** Stop starting new attempts after this long in one invocation; the rest are re-sent. */
export const INVOCATION_BUDGET_MS = 5 * 60_000;
/** A slot's lease outlives the call's timeout by this much, then expires on its own. */
const LEASE_MARGIN_MS = 30_000;

/** A delivered message with its parsed body (a delivered message's own body is read-only). */
export interface Delivered {
  raw: Message<unknown>;
  body: AttemptMessage;
}
type Msg = Delivered;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function executeAttempts(env: Env, messages: Msg[]): Promise<void> {
  const byRun = new Map<string, Msg[]>();
  for (const m of messages) byRun.set(m.body.run_id, [...(byRun.get(m.body.run_id) ?? []), m]);
  await Promise.all([...byRun].map(([runId, msgs]) => executeRun(env, runId, msgs)));
}

async function executeRun(env: Env, runId: string, msgs: Msg[]): Promise<void> {
  const deadline = Date.now() + INVOCATION_BUDGET_MS;
  const status = await readRunStatus(env.DB, runId);
  if (status !== "running" && status !== "queued") {
    // Stopped, finished or deleted: stop() already closed its open attempts.
    for (const m of msgs) m.raw.ack();
    return;
  }
  const rows = await loadAttempts(env.DB, runId, [...new Set(msgs.map((m) => m.body.seq))]);
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  // One message per open attempt; duplicates and terminal attempts are acknowledged unrun.
  const work: { msg: Msg; att: AttemptRow }[] = [];
  const seen = new Set<number>();
  for (const m of msgs) {
    const att = bySeq.get(m.body.seq);
    if (!att || !(OPEN_STATUSES as readonly string[]).includes(att.status) || seen.has(m.body.seq)) m.raw.ack();
    else {
      seen.add(m.body.seq);
      work.push({ msg: m, att });
    }
  }
  if (!work.length) return;
  const ctx = await runContext(env, runId, [...new Set(work.map((w) => w.att.benchmarkId))]);
  if (!ctx) {
    for (const w of work) w.msg.raw.ack();
    return;
  }

  const gate = gateFor(env, runId);
  const limit = ctx.options.concurrency;
  const leaseMs = ctx.options.timeout_s * 1000 + LEASE_MARGIN_MS;
  const results = new Map<number, AttemptResult>();
  const resend: QueueMessage[] = [];
  const resendDelay = new Map<number, number>();
  const logs: LogEntry[] = [];

  const runOne = async ({ msg, att }: { msg: Msg; att: AttemptRow }, holder: string) => {
    let held = true;
    const release = async () => {
      if (held) {
        held = false;
        await gate.release([holder]);
      }
    };
    // The slot is already held when the attempt starts; the model call runs inside it.
    const slot = async <T>(call: () => Promise<T>) => {
      try {
        return await call();
      } finally {
        await release();
      }
    };
    try {
      results.set(att.seq, await runAttempt(env, ctx, att, msg.body.tries, slot));
    } catch (err) {
      // Infrastructure trouble (R2, a bug): retry within the budget, then record the error.
      const tries = msg.body.tries + 1;
      const d = retryDecision("transient", tries, null, Math.random());
      const message = scrub(`internal: ${err instanceof Error ? err.message : String(err)}`, ctx.secretValues);
      results.set(
        att.seq,
        d.retry
          ? { kind: "retry", tries, delay_ms: d.delay_ms, log: message }
          : {
              kind: "done",
              log: message,
              outcome: failedOutcome(att.seq, tries, message),
              transcript: { attempt_id: attemptId(runId, att.seq), seq: att.seq, messages: [], output: null, model: null, usage: null, reward: null, reason: null, error: message },
            },
      );
    } finally {
      await release();
    }
  };

  // Take slots as they free up; never more than `limit` calls of this run in flight anywhere.
  const pending = [...work];
  const inflight = new Set<Promise<void>>();
  let idle = 5;
  while (pending.length || inflight.size) {
    if (pending.length && Date.now() < deadline) {
      const want = pending.slice(0, Math.max(1, limit - inflight.size));
      const holders = want.map((w) => attemptId(runId, w.att.seq));
      const { granted, busy } = await gate.acquire({ holders, limit, lease_ms: leaseMs });
      const grantedSet = new Set(granted);
      const busySet = new Set(busy);
      for (let i = want.length - 1; i >= 0; i--) {
        const w = want[i]!;
        const h = holders[i]!;
        if (!grantedSet.has(h) && !busySet.has(h)) continue;
        pending.splice(pending.indexOf(w), 1);
        if (busySet.has(h)) {
          // Another invocation is executing this attempt right now: look again after its lease.
          resend.push({ kind: "attempt", run_id: runId, seq: w.att.seq, tries: w.msg.body.tries });
          resendDelay.set(w.att.seq, leaseMs);
        } else {
          const p = runOne(w, h).finally(() => inflight.delete(p));
          inflight.add(p);
        }
      }
      if (granted.length) idle = 5;
    } else if (pending.length) {
      // Out of time: hand the rest back to the queue untouched.
      for (const w of pending.splice(0)) resend.push({ kind: "attempt", run_id: runId, seq: w.att.seq, tries: w.msg.body.tries });
    }
    if (inflight.size) await Promise.race(inflight);
    else if (pending.length) {
      await sleep(idle);
      idle = Math.min(250, idle * 2);
    }
  }

  const outcomes: AttemptOutcome[] = [];
  const transcripts: TranscriptLine[] = [];
  for (const [seq, r] of results) {
    if (r.kind === "done") {
      outcomes.push(r.outcome);
      transcripts.push(r.transcript);
      if (r.log) logs.push({ level: "error", event: "attempt_failed", attempt_seq: seq, message: r.log });
    } else {
      resend.push({ kind: "attempt", run_id: runId, seq, tries: r.tries });
      resendDelay.set(seq, r.delay_ms);
      logs.push({ level: "warn", event: "retry", attempt_seq: seq, message: r.log });
    }
  }

  if (transcripts.length) {
    const key = await writeTranscripts(env.ARTIFACTS, runId, transcripts);
    for (const o of outcomes) o.transcript_key = key;
  }
  const changed = await finishAttempts(env.DB, runId, outcomes);
  await appendLogs(env.DB, runId, logs, ctx.secretValues);
  for (let i = 0; i < resend.length; i += 100) {
    await env.ATTEMPTS.sendBatch(
      resend.slice(i, i + 100).map((body) => ({
        body,
        delaySeconds: body.kind === "attempt" ? Math.ceil((resendDelay.get(body.seq) ?? 0) / 1000) : 0,
      })),
    );
  }
  for (const w of work) w.msg.raw.ack();

  if (changed.length) {
    const state = await gate.settle(changed.length);
    if (state.total !== null && state.terminal >= state.total) await finalize(env, runId);
  }
}

function failedOutcome(seq: number, tries: number, error: string): AttemptOutcome {
  const at = new Date().toISOString();
  return {
    seq,
    status: "failed",
    reward: null,
    structured: null,
    output: null,
    reason: null,
    error,
    exit_code: null,
    tries,
    input_tokens: null,
    output_tokens: null,
    cost: null,
    latency_ms: null,
    transcript_key: null,
    started_at: at,
    finished_at: at,
  };
}
