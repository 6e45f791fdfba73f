/**
 * Executes a batch of attempt messages. Per run: skip attempts that already
 * ended (a redelivery), claim the rest and take concurrency slots from the
 * run's RunGate in one call (or at its gate shards: workers/gate/slot-gate.ts),
 * and run the attempts on as many local workers
 * as slots were granted (each worker one model call at a time). Results go
 * to an OutcomeSink, which writes them in small groups as they arrive.
 */
import { endedSeqs, endedWithoutReward, type AttemptOutcome, type AttemptSlot } from "../../src/db/attempts";
import { readRunStatus } from "../../src/db/run-status";
import { attemptId } from "../../src/domain/attempt-id";
import type { Delivered } from "../../src/domain/queue-messages";
import { retryDecision } from "../../src/domain/retry";
import { scrub } from "../../src/domain/scrub";
import type { Env } from "../env";
import { invocationEmitter } from "../live/client";
import { isAgentRun } from "../agent/context";
import { dispatchAgentAttempts } from "../agent/dispatch";
import { runAttempt, warmAttemptRows, type AttemptResult, type TranscriptLine } from "./attempt";
import { OutcomeSink } from "./outcome-sink";
import { routeBatchWork } from "./batch-calls";
import { callEnded, endIfExhaustedNow } from "./run-budget";
import { gateFor } from "../gate/client";
import { shardsOf, slotGateFor } from "../gate/slot-gate";
import { GateFeedback } from "./gate-feedback";
import { adapts, bandOf } from "../../src/execution/concurrency-band";
import { slotOf } from "../../src/lifecycle/run-context";
import { runContext } from "./run-context";

/** Stop starting new attempts after this long in one invocation; the rest are re-sent. */
export const INVOCATION_BUDGET_MS = 5 * 60_000;
/** How often a holder renews its lease while it works. */
const RENEW_MS = 20_000;
/** A request for more slots waits this long at the gate for one to be released (a stop is noticed between requests). */
const MORE_WAIT_MS = 250;
/** How often a running batch checks whether its run was stopped. */
const STATUS_EVERY_MS = 250;
/**
 * A rate-limit wait up to this long is taken in place: the worker keeps its
 * slot and the attempt's claim, sleeps as the endpoint asked and calls again,
 * so the endpoint sets the pace; a longer one goes back to the queue with its
 * delay and frees the slot.
 */
export const WAIT_IN_PLACE_MAX_MS = 10_000;

interface Work {
  msg: Delivered;
  slot: AttemptSlot;
  /** A rate-limit retry whose slot a band took back waits here for another, calling no earlier than this (epoch ms). */
  notBefore?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function executeAttempts(env: Env, messages: Delivered[]): Promise<void> {
  const byRun = new Map<string, Delivered[]>();
  for (const m of messages) byRun.set(m.body.run_id, [...(byRun.get(m.body.run_id) ?? []), m]);
  await Promise.all([...byRun].map(([runId, msgs]) => executeRun(env, runId, msgs)));
}

async function executeRun(env: Env, runId: string, msgs: Delivered[]): Promise<void> {
  const deadline = Date.now() + INVOCATION_BUDGET_MS;
  // Independent reads, at once: one after another they held back a batch's first model call by their summed round trips.
  const [status, ended, agent] = await Promise.all([readRunStatus(env.DB, runId), endedSeqs(env.DB, runId, msgs.map((m) => m.body.seq)), isAgentRun(env, runId)]);
  if (status !== "running" && status !== "queued") {
    // Stopped, finished or deleted: nothing more runs.
    for (const m of msgs) m.raw.ack();
    return;
  }
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
  // Agent attempts are dispatched to their runner and end by its callback (or their timeout), not here.
  if (agent) return dispatchAgentAttempts(env, runId, open);
  const ctx = await runContext(env, runId, open.map((m) => m.body.seq));
  // The SDK loads while the rows are read and the slots claimed (the first batch of an isolate waited 30-50 ms on it).
  if (ctx && !ctx.options.batch) for (const t of [ctx.targets.a, ctx.targets.b]) if (t && !t.recorded) t.provider.warm?.();
  const work: Work[] = [];
  for (const m of open) {
    const slot = ctx && (await slotOf(env.ARTIFACTS, ctx, m.body.seq));
    if (slot) work.push({ msg: m, slot });
    else m.raw.ack(); // no such attempt in this run's plan
  }
  if (!ctx || !work.length) return;
  // A band asks for up to its max; the gate grants within the band's current limit.
  const band = bandOf(ctx.options.concurrency);
  const limit = band.max;
  // A wide run with a fixed limit and no budget takes its slots from gate shards (N > 1); else from its RunGate as ever.
  const shardCount = () => shardsOf(env, runId, limit, { adaptive: adapts(band), budget: ctx.options.budget !== undefined });
  // The count is asked for while the rows are read, unless the batch may go to a provider batch and need no slots.
  const [, early] = await Promise.all([warmAttemptRows(env, ctx, work.map((w) => w.slot)), ctx.options.batch ? undefined : shardCount()]);
  // options.batch: model calls join a provider batch instead (batch-calls.ts); what comes back here runs as usual.
  if (ctx.options.batch) work.splice(0, work.length, ...(await routeBatchWork(env, ctx, work)));
  if (!work.length) return;

  const gate = gateFor(env, runId);
  const holder = crypto.randomUUID();
  const leaseMs = 2 * ctx.options.timeout_s * 1000 + 30_000;
  const shards = early ?? (await shardCount());
  const slotGate = slotGateFor(env, runId, shards, { holder, limit, leaseMs, band });
  const { granted, busy, epoch } = await slotGate.claim(
    work.map((w) => ({ id: attemptId(runId, w.slot.seq), seq: w.slot.seq })),
    Math.min(limit, work.length),
  );
  // A shard's slots lapse by its quota lease (the gate says when): no attempt starts that could outlast it.
  const callMs = ctx.options.timeout_s * 1000;
  const leaseCovers = (ms: number) => Date.now() + ms + callMs < slotGate.leaseEnd();
  const feedback = new GateFeedback(gate, holder, adapts(band), epoch);
  feedback.start();

  const live = invocationEmitter(env, runId, limit);
  const sink = new OutcomeSink(env, runId, ctx.secretValues, holder, ctx.options.budget, () => live.flush());
  const busySet = new Set(busy);
  const pending: Work[] = [];
  for (const w of work) {
    // Another invocation is executing this attempt now: look again once its lease could have run out.
    if (busySet.has(attemptId(runId, w.slot.seq))) sink.handBack(() => w.msg.raw.ack(), w.msg.body, leaseMs);
    else pending.push(w);
  }

  /** Runs one attempt; false when the band took the worker's slot back meanwhile (the attempt's retry goes back to the queue). */
  const runOne = async ({ msg, slot, notBefore }: Work): Promise<boolean> => {
    let kept = true;
    let result: AttemptResult;
    if (notBefore !== undefined && notBefore > Date.now()) await sleep(notBefore - Date.now());
    // Stopped meanwhile: the rest are cancelled with the run (resume re-enqueues them).
    if (notBefore !== undefined && stopped) return (msg.raw.ack(), true);
    try {
      let tries = msg.body.tries;
      let since = msg.body.limited_since;
      let replyKey = msg.body.reply_key;
      for (;;) {
        const epoch = feedback.epoch;
        result = await runAttempt(env, ctx, slot, tries, since, live, replyKey);
        feedback.note(result, epoch);
        const inPlace =
          result.kind === "retry" &&
          result.limited_since !== undefined &&
          result.delay_ms <= WAIT_IN_PLACE_MAX_MS &&
          !stopped &&
          Date.now() + result.delay_ms < deadline &&
          leaseCovers(result.delay_ms);
        if (!inPlace || result.kind !== "retry") break;
        if (!(kept = await feedback.keep())) {
          // The band's limit fell: the slot is given up, and the retry waits in this invocation for another one
          // (its tries and wait so far carried), not through the queue's slower redelivery.
          const body = { ...msg.body, tries: result.tries, limited_since: result.limited_since, ...(result.reply_key !== undefined && { reply_key: result.reply_key }) };
          pending.unshift({ msg: { ...msg, body }, slot, notBefore: Date.now() + result.delay_ms });
          return false;
        }
        sink.note({ level: "warn", event: "retry", attempt_seq: slot.seq, message: result.log });
        await sleep(result.delay_ms);
        if (stopped) break; // the stopped run's retry goes back to the queue, which drops it
        ({ tries, limited_since: since, reply_key: replyKey } = result);
      }
    } catch (err) {
      // Infrastructure trouble (R2, a bug): retry within the budget, then record the error.
      const tries = msg.body.tries + 1;
      const d = retryDecision("transient", tries, null, Math.random());
      const message = scrub(`internal: ${err instanceof Error ? err.message : String(err)}`, ctx.secretValues);
      result = d.retry
        ? {
            kind: "retry",
            tries,
            delay_ms: d.delay_ms,
            log: message,
            ...(msg.body.limited_since !== undefined && { limited_since: msg.body.limited_since }),
            ...(msg.body.reply_key !== undefined && { reply_key: msg.body.reply_key }),
          }
        : { kind: "done", log: message, outcome: failedOutcome(slot.seq, tries, message), transcript: emptyTranscript(slot, message) };
    }
    // The budget is exhausted: this batch sends nothing more (its remaining messages are dropped, their attempts missing).
    if (result.kind === "unsent") stopped = true;
    // A call that ended holds what it spent, not its estimate, until its row is written.
    if (result.kind === "done") await callEnded(env, ctx, slot, result.outcome);
    sink.add(() => msg.raw.ack(), slot, result);
    return kept;
  };

  // A stop takes effect between attempts: no worker starts another once the run is no longer active.
  let stopped = false;
  const watch = setInterval(() => {
    void readRunStatus(env.DB, runId).then((s) => {
      if (s !== "running" && s !== "queued") stopped = true;
    });
  }, STATUS_EVERY_MS);

  // Each local worker holds one slot and runs attempts one after another until none are left.
  let slots = 0;
  const workers: Promise<void>[] = [];
  /** The workers still running (a band's lowered limit ends some while work waits: waiting on those would spin). */
  const running = new Set<Promise<void>>();
  const startWorkers = (n: number) => {
    for (let i = 0; i < n; i++) {
      slots++;
      const worker: Promise<void> = (async () => {
        // In a band, a slot above a lowered limit is taken back by the gate (no release) before it calls again.
        let kept = true;
        while (kept && pending.length && !stopped && Date.now() < deadline && leaseCovers(0)) {
          kept = await runOne(pending.shift()!);
          if (kept && pending.length) kept = await feedback.keep();
        }
        slots--;
        if (kept) await slotGate.releaseSlot();
      })().finally(() => running.delete(worker));
      running.add(worker);
      workers.push(worker);
    }
  };
  startWorkers(granted);
  let lastRenew = Date.now();
  // Ask for more slots while work waits and fewer than `limit` are ours; renew the lease meanwhile.
  // Running workers may put a retry back (a band's lowered limit), so the loop lasts while any runs.
  while ((pending.length || running.size) && !stopped && Date.now() < deadline) {
    const want = Math.min(limit, pending.length) - slots;
    if (want > 0 || Date.now() - lastRenew > RENEW_MS) {
      startWorkers(await slotGate.more(Math.max(0, want), want > 0 ? MORE_WAIT_MS : 0));
      lastRenew = Date.now();
      // A lease too short to start an attempt on (a shard cut off from its pool): its workers end at once; wait, do not spin.
      if (!leaseCovers(0)) await sleep(MORE_WAIT_MS);
    }
    const stillWant = Math.min(limit, pending.length) - slots > 0;
    // Wanting more, the next request waits at the gate itself; else sleep until a worker is done or the lease needs renewing.
    if (!stillWant) await (running.size ? Promise.race([sleep(RENEW_MS), ...running]) : sleep(MORE_WAIT_MS));
  }
  const renew = setInterval(() => void slotGate.more(0, 0).catch(() => {}), RENEW_MS);
  try {
    await Promise.all(workers);
    // Stopped: the rest are cancelled with the run (resume re-enqueues them). Out of time: hand them back untouched.
    for (const w of pending.splice(0)) {
      if (stopped) w.msg.raw.ack();
      else sink.handBack(() => w.msg.raw.ack(), w.msg.body, 0);
    }
    await sink.close();
  } finally {
    clearInterval(renew);
    clearInterval(watch);
    await feedback.stop();
    await slotGate.releaseAll();
    // Out of budget: the reservation that was holding the run open may have ended with these claims.
    await endIfExhaustedNow(env, runId, ctx.options.budget);
    // The live deltas this invocation's attempts emitted go out before it ends (its own sends only).
    await live.flush();
  }
}

function emptyTranscript(slot: AttemptSlot, error: string): TranscriptLine {
  return { attempt_id: attemptId(slot.runId, slot.seq), seq: slot.seq, messages: [], output: null, model: null, usage: null, reward: null, reason: null, error };
}

export function failedOutcome(seq: number, tries: number, error: string): AttemptOutcome {
  const at = new Date().toISOString();
  return endedWithoutReward(seq, "failed", error, tries, at, at);
}
