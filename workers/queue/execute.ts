/**
 * Executes a batch of attempt messages. Per run: skip attempts that already
 * ended (a redelivery), claim the rest and take concurrency slots from the
 * run's RunGate in one call, run the attempts on as many local workers as
 * slots were granted (each worker one model call at a time), then write
 * every outcome in one D1 batch (conditional, so nothing counts twice), the
 * transcripts in one R2 object, and re-send the attempts that need another
 * try with their delay.
 */
import { endedSeqs, recordOutcomes, type AttemptOutcome, type AttemptSlot } from "../../src/db/attempts";
import { appendLogs, type LogEntry } from "../../src/db/run-logs";
import { readRunStatus } from "../../src/db/run-status";
import { attemptId } from "../../src/domain/attempt-id";
import type { AttemptMessage, QueueMessage } from "../../src/domain/queue-messages";
import { retryDecision } from "../../src/domain/retry";
import { scrub } from "../../src/domain/scrub";
import { writeTranscripts } from "../../src/storage/transcripts";
import type { Env } from "../env";
import { runAttempt, type AttemptResult, type TranscriptLine } from "./attempt";
import { gateFor } from "./gate";
import { finalize } from "./plan";
import { runContext, slotFor } from "./run-context";

/** Stop starting new attempts after this long in one invocation; the rest are re-sent. */
export const INVOCATION_BUDGET_MS = 5 * 60_000;
/** How often a holder renews its lease while it works, and asks for more slots when it has fewer than it could use. */
const RENEW_MS = 20_000;
const MORE_EVERY_MS = 50;

/** A delivered message with its parsed body (a delivered message's own body is read-only). */
export interface Delivered {
  raw: Message<unknown>;
  body: AttemptMessage;
}

interface Work {
  msg: Delivered;
  slot: AttemptSlot;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function executeAttempts(env: Env, messages: Delivered[]): Promise<void> {
  const byRun = new Map<string, Delivered[]>();
  for (const m of messages) byRun.set(m.body.run_id, [...(byRun.get(m.body.run_id) ?? []), m]);
  await Promise.all([...byRun].map(([runId, msgs]) => executeRun(env, runId, msgs)));
}

async function executeRun(env: Env, runId: string, msgs: Delivered[]): Promise<void> {
  const deadline = Date.now() + INVOCATION_BUDGET_MS;
  const status = await readRunStatus(env.DB, runId);
  if (status !== "running" && status !== "queued") {
    // Stopped, finished or deleted: nothing more runs.
    for (const m of msgs) m.raw.ack();
    return;
  }
  const ended = await endedSeqs(env.DB, runId, msgs.map((m) => m.body.seq));
  const open: Delivered[] = [];
  const seen = new Set<number>();
  for (const m of msgs) {
    if (ended.has(m.body.seq) || seen.has(m.body.seq)) m.raw.ack();
    else {
      seen.add(m.body.seq);
      open.push(m);
    }
  }
  if (!open.length) return;
  const ctx = await runContext(env, runId, open.map((m) => m.body.seq));
  const work: Work[] = [];
  for (const m of open) {
    const slot = ctx && (await slotFor(env, ctx, m.body.seq));
    if (slot) work.push({ msg: m, slot });
    else m.raw.ack(); // no such attempt in this run's plan
  }
  if (!ctx || !work.length) return;

  const gate = gateFor(env, runId);
  const holder = crypto.randomUUID();
  const limit = ctx.options.concurrency;
  const leaseMs = 2 * ctx.options.timeout_s * 1000 + 30_000;
  const ids = work.map((w) => attemptId(runId, w.slot.seq));
  const { granted, busy } = await gate.claim({ holder, attempts: ids, want: Math.min(limit, work.length), limit, lease_ms: leaseMs });

  const resend: { body: QueueMessage; delayMs: number }[] = [];
  const busySet = new Set(busy);
  const pending: Work[] = [];
  for (const w of work) {
    // Another invocation is executing this attempt now: look again once its lease could have run out.
    if (busySet.has(attemptId(runId, w.slot.seq))) resend.push({ body: w.msg.body, delayMs: leaseMs });
    else pending.push(w);
  }

  const results = new Map<number, AttemptResult>();
  const runOne = async ({ msg, slot }: Work) => {
    try {
      results.set(slot.seq, await runAttempt(env, ctx, slot, msg.body.tries));
    } catch (err) {
      // Infrastructure trouble (R2, a bug): retry within the budget, then record the error.
      const tries = msg.body.tries + 1;
      const d = retryDecision("transient", tries, null, Math.random());
      const message = scrub(`internal: ${err instanceof Error ? err.message : String(err)}`, ctx.secretValues);
      results.set(
        slot.seq,
        d.retry
          ? { kind: "retry", tries, delay_ms: d.delay_ms, log: message }
          : { kind: "done", log: message, outcome: failedOutcome(slot.seq, tries, message), transcript: emptyTranscript(slot, message) },
      );
    }
  };

  // Each local worker holds one slot and runs attempts one after another until none are left.
  let slots = 0;
  const workers: Promise<void>[] = [];
  const startWorkers = (n: number) => {
    for (let i = 0; i < n; i++) {
      slots++;
      workers.push(
        (async () => {
          for (let w = pending.shift(); w && Date.now() < deadline; w = pending.shift()) await runOne(w);
          slots--;
          await gate.release({ holder, slots: 1, attempts: [] });
        })(),
      );
    }
  };
  startWorkers(granted);
  let lastRenew = Date.now();
  // Ask for more slots while work waits and fewer than `limit` are ours; renew the lease meanwhile.
  while (pending.length && Date.now() < deadline) {
    const want = Math.min(limit, pending.length) - slots;
    if (want > 0 || Date.now() - lastRenew > RENEW_MS) {
      startWorkers(await gate.more({ holder, want: Math.max(0, want), limit, lease_ms: leaseMs }));
      lastRenew = Date.now();
    }
    const stillWant = Math.min(limit, pending.length) - slots > 0;
    await (stillWant || !workers.length ? sleep(MORE_EVERY_MS) : Promise.race([sleep(RENEW_MS), Promise.race(workers)]));
  }
  const renew = setInterval(() => void gate.more({ holder, want: 0, limit, lease_ms: leaseMs }), RENEW_MS);
  try {
    await Promise.all(workers);
  } finally {
    clearInterval(renew);
  }
  // Out of time: hand the rest back to the queue untouched.
  for (const w of pending.splice(0)) resend.push({ body: w.msg.body, delayMs: 0 });

  const done: { slot: AttemptSlot; outcome: AttemptOutcome }[] = [];
  const transcripts: TranscriptLine[] = [];
  const logs: LogEntry[] = [];
  for (const w of work) {
    const r = results.get(w.slot.seq);
    if (!r) continue;
    if (r.kind === "done") {
      done.push({ slot: w.slot, outcome: r.outcome });
      transcripts.push(r.transcript);
      if (r.log) logs.push({ level: "error", event: "attempt_failed", attempt_seq: w.slot.seq, message: r.log });
    } else {
      resend.push({ body: { kind: "attempt", run_id: runId, seq: w.slot.seq, tries: r.tries }, delayMs: r.delay_ms });
      logs.push({ level: "warn", event: "retry", attempt_seq: w.slot.seq, message: r.log });
    }
  }

  if (transcripts.length) {
    const key = await writeTranscripts(env.ARTIFACTS, runId, transcripts);
    for (const d of done) d.outcome.transcript_key = key;
  }
  const changed = await recordOutcomes(env.DB, done);
  await appendLogs(env.DB, runId, logs, ctx.secretValues);
  for (let i = 0; i < resend.length; i += 100) {
    await env.ATTEMPTS.sendBatch(resend.slice(i, i + 100).map((r) => ({ body: r.body, delaySeconds: Math.ceil(r.delayMs / 1000) })));
  }
  await gate.release({ holder, slots: 0, attempts: ids });
  for (const w of work) w.msg.raw.ack();

  if (changed.length) {
    const state = await gate.settle(changed.length);
    if (state.total !== null && state.terminal >= state.total) await finalize(env, runId);
  }
}

function emptyTranscript(slot: AttemptSlot, error: string): TranscriptLine {
  return { attempt_id: attemptId(slot.runId, slot.seq), seq: slot.seq, messages: [], output: null, model: null, usage: null, reward: null, reason: null, error };
}

export function failedOutcome(seq: number, tries: number, error: string): AttemptOutcome {
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
