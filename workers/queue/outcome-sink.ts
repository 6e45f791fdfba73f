/**
 * Where a consumer invocation's attempt results go, in small groups as they
 * arrive rather than all at the end of the batch: progress shows up while a
 * batch runs, a stop keeps what had finished, and a crash loses at most one
 * group. A group is written when FLUSH_EVERY results wait or FLUSH_MS has
 * passed: one R2 object for its transcripts, one D1 batch for its rows (the
 * conditional insert: first verdict wins), its retries re-sent with their
 * delays (the batch's claims on them ended first, so each runs as soon as
 * its delay allows), then its messages acknowledged. Writes are serialised.
 */
import type { AttemptSlot } from "../../src/db/attempts";
import type { LogEntry } from "../../src/db/run-logs";
import { attemptId } from "../../src/domain/attempt-id";
import type { AttemptMessage } from "../../src/domain/queue-messages";
import { recordEnded, settleEnded, type EndedAttempt } from "../../src/lifecycle/attempt-end";
import { writeTranscripts } from "../../src/storage/transcripts";
import type { Env } from "../env";
import type { AttemptResult, TranscriptLine } from "./attempt";
import { sendAttempts } from "./attempt-queues";
import { gateFor } from "../gate/client";
import { lifecycleOf } from "../lifecycle";
import type { RunBudget } from "../../src/domain/run-budget";

/**
 * Results per group: at high throughput this sets the R2 writes, D1 batches
 * and gate counts per attempt (1 / FLUSH_EVERY each). 50 rather than 25
 * halved those requests for a few percent less CPU per attempt. A crash
 * loses nothing either way: what was not written was not acknowledged, and
 * is delivered again.
 */
export const FLUSH_EVERY = 50;
export const FLUSH_MS = 1_000;

interface Pending {
  ack: () => void;
  slot?: AttemptSlot;
  result?: AttemptResult;
  resend?: { body: AttemptMessage; delayMs: number };
  log?: LogEntry;
}

export class OutcomeSink {
  private waiting: Pending[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly env: Env,
    private readonly runId: string,
    private readonly secrets: readonly string[],
    /** The RunGate holder whose claims cover this batch's attempts. */
    private readonly holder: string,
    /** The run's budget: what the written rows spent is counted at the gate (src/lifecycle/attempt-end.ts). */
    private readonly budget?: RunBudget,
    /**
     * What must be out before the gate counts a group, whose count may end
     * the run: the live deltas of its attempts, so a finished run's trace is
     * whole when a follower first sees it finished (they wait up to
     * COALESCE_MS to be sent).
     */
    private readonly beforeCount?: () => Promise<void>,
  ) {}

  /** A finished or retryable attempt. */
  add(ack: () => void, slot: AttemptSlot, result: AttemptResult): void {
    this.push({ ack, slot, result });
  }

  /** A log line about an attempt still being worked on here (a rate-limit wait taken in place). */
  note(log: LogEntry): void {
    this.push({ ack: () => {}, log });
  }

  /** A message to hand back to the queue untouched (busy elsewhere, out of time). */
  handBack(ack: () => void, body: AttemptMessage, delayMs: number): void {
    this.push({ ack, resend: { body, delayMs } });
  }

  private push(p: Pending): void {
    this.waiting.push(p);
    if (this.waiting.length >= FLUSH_EVERY) this.flushNow();
    else if (!this.timer) this.timer = setTimeout(() => this.flushNow(), FLUSH_MS);
  }

  private flushNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const group = this.waiting.splice(0);
    if (group.length) this.chain = this.chain.then(() => this.write(group));
  }

  /** Writes what is waiting and everything before it; rejects if any group's write failed. */
  async close(): Promise<void> {
    this.flushNow();
    await this.chain;
  }

  private async write(group: Pending[]): Promise<void> {
    const done: EndedAttempt[] = [];
    const transcripts: TranscriptLine[] = [];
    const resend: { body: AttemptMessage; delayMs: number }[] = [];
    const logs: LogEntry[] = [];
    for (const p of group) {
      if (p.resend) resend.push(p.resend);
      if (p.log) logs.push(p.log);
      const r = p.result;
      if (!r || !p.slot || r.kind === "unsent") continue;
      if (r.kind === "done") {
        done.push({ slot: p.slot, outcome: r.outcome });
        transcripts.push(r.transcript);
        if (r.log) logs.push({ level: "error", event: "attempt_failed", attempt_seq: p.slot.seq, message: r.log });
      } else {
        const body: AttemptMessage = { kind: "attempt", run_id: this.runId, seq: p.slot.seq, tries: r.tries };
        if (r.limited_since !== undefined) body.limited_since = r.limited_since;
        if (r.reply_key !== undefined) body.reply_key = r.reply_key;
        resend.push({ body, delayMs: r.delay_ms });
        logs.push({ level: "warn", event: "retry", attempt_seq: p.slot.seq, message: r.log });
      }
    }
    if (transcripts.length) {
      const key = await writeTranscripts(this.env.ARTIFACTS, this.runId, transcripts);
      for (const d of done) d.outcome.transcript_key = key;
    }
    const deps = lifecycleOf(this.env);
    // Rows, the spend they land on the budget, and the group's log lines; the gate's count once the messages are acked.
    const changed = await recordEnded(deps, this.runId, done, { log: logs, secrets: this.secrets, ...(this.budget && { budget: this.budget }) });
    if (resend.length) {
      // This batch is done with the attempts it re-sends: end its claims on them first, or a re-sent message
      // delivered while the batch still runs would find them busy and be handed back until the claim's lease ran out.
      const gate = gateFor(this.env, this.runId);
      await gate.release({ holder: this.holder, slots: 0, attempts: resend.map((r) => attemptId(this.runId, r.body.seq)) });
      await sendAttempts(this.env, resend.map((r) => ({ body: r.body, delaySeconds: Math.ceil(r.delayMs / 1000) })));
    }
    for (const p of group) p.ack();
    if (changed) await this.beforeCount?.();
    await settleEnded(deps, this.runId, changed);
  }
}
