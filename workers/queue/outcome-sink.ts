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
import type { AttemptMessage } from "../../src/domain/queue-messages";
import type { ClaimInput } from "../../src/domain/run-slots";
import type { RunBudget } from "../../src/domain/run-budget";
import type { AttemptResult, TranscriptLine } from "../../src/execution/result";
import type { Job, ResultSink } from "../../src/execution/scheduler";
import { recordEnded, settleEnded, type EndedAttempt } from "../../src/lifecycle/attempt-end";
import type { LifecycleDeps } from "../../src/lifecycle/deps";
import { outputTooLong } from "../../src/storage/attempt-outputs";
import { writeTranscripts } from "../../src/storage/transcripts";
import type { RunGateRpc } from "../gate/contract";
import type { AttemptSend } from "./attempt-queues";
import { again } from "./gate-port";

/**
 * Results per group: at high throughput this sets the R2 writes, D1 batches
 * and gate counts per attempt (1 / FLUSH_EVERY each). 50 rather than 25
 * halved those requests for a few percent less CPU per attempt. A crash
 * loses nothing either way: what was not written was not acknowledged, and
 * is delivered again.
 */
export const FLUSH_EVERY = 50;
export const FLUSH_MS = 1_000;

/** An attempt message as the sink handles it: its job and who the attempt is. */
export interface SinkJob extends Job {
  slot: AttemptSlot;
  /** Leaves the message to the queue, delivered again after `delaySeconds` (a passing failure to submit a provider batch). */
  retry(delaySeconds: number): void;
}

interface Pending {
  ack: () => void;
  slot?: AttemptSlot;
  result?: AttemptResult;
  resend?: { body: AttemptMessage; delayMs: number };
  log?: LogEntry;
}

/** What the sink writes through. */
export interface SinkPorts {
  ARTIFACTS: R2Bucket;
  lifecycle: LifecycleDeps;
  gate: Pick<RunGateRpc, "release">;
  sendAttempts(messages: readonly AttemptSend[]): Promise<void>;
}

const bodyOf = (runId: string, j: Job): AttemptMessage => ({
  kind: "attempt",
  run_id: runId,
  seq: j.seq,
  tries: j.tries,
  ...(j.limited_since !== undefined && { limited_since: j.limited_since }),
  ...(j.reply_key !== undefined && { reply_key: j.reply_key }),
});

export class OutcomeSink implements ResultSink<SinkJob> {
  private waiting: Pending[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ports: SinkPorts,
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

  /** A finished or retryable attempt (or one the budget left unsent, or handed to a batch or a runner: nothing to write). */
  add(job: SinkJob, result: AttemptResult): void {
    this.push({ ack: () => job.ack(), slot: job.slot, result });
  }

  /** A log line about an attempt still being worked on here (a rate-limit wait taken in place). */
  note(seq: number, message: string): void {
    this.push({ ack: () => {}, log: { level: "warn", event: "retry", attempt_seq: seq, message } });
  }

  /** A message to hand back to the queue as it came (busy elsewhere, out of time). */
  handBack(job: Job, delayMs: number): void {
    this.push({ ack: () => job.ack(), resend: { body: bodyOf(this.runId, job), delayMs } });
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
      if (!r || !p.slot) continue;
      if (r.kind === "done") {
        done.push({ slot: p.slot, outcome: r.outcome });
        transcripts.push(r.transcript);
        if (r.log) logs.push({ level: "error", event: "attempt_failed", attempt_seq: p.slot.seq, message: r.log });
      } else if (r.kind === "retry") {
        const body: AttemptMessage = { kind: "attempt", run_id: this.runId, seq: p.slot.seq, tries: r.tries };
        if (r.limited_since !== undefined) body.limited_since = r.limited_since;
        if (r.reply_key !== undefined) body.reply_key = r.reply_key;
        resend.push({ body, delayMs: r.delay_ms });
        logs.push({ level: "warn", event: "retry", attempt_seq: p.slot.seq, message: r.log });
      }
    }
    if (transcripts.length) {
      const key = await writeTranscripts(this.ports.ARTIFACTS, this.runId, transcripts);
      for (const d of done) {
        d.outcome.transcript_key = key;
        // A long output stays in the transcript object just written; its row keeps the key (src/storage/attempt-outputs.ts).
        if (outputTooLong(d.outcome.output)) d.outcome = { ...d.outcome, output: null, output_key: key };
      }
    }
    const deps = this.ports.lifecycle;
    // Rows, the spend they land on the budget, and the group's log lines; the gate's count once the messages are acked.
    const changed = await recordEnded(deps, this.runId, done, { log: logs, secrets: this.secrets, ...(this.budget && { budget: this.budget }) });
    if (resend.length) {
      // This batch is done with the attempts it re-sends: its claims on them end first (or a re-sent message delivered
      // while the batch still runs would find them busy), kept without a holder with the tries they go back with.
      const requeued: ClaimInput[] = resend.map(({ body: b }) => ({ seq: b.seq, tries: b.tries, limited_since: b.limited_since ?? null, reply_key: b.reply_key ?? null }));
      await again(() => this.ports.gate.release({ holder: this.holder, requeued }));
      await this.ports.sendAttempts(resend.map((r) => ({ body: r.body, delaySeconds: Math.ceil(r.delayMs / 1000) })));
    }
    for (const p of group) p.ack();
    if (changed) await this.beforeCount?.();
    // Counted once however often it is sent: the group's id makes a repeat (after a gate restart cut the answer off) count nothing.
    await settleEnded(deps, this.runId, changed, crypto.randomUUID());
  }
}
