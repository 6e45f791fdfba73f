/**
 * One consumer invocation's attempts of one run, over the slots the run's
 * gate grants it. Each slot runs one attempt at a time (its calls go out
 * on the slot's connection, so no invocation holds more than six: slot s
 * calls through lane ⌊s/6⌋); a slot that finds no more work is given back,
 * and more slots are asked for while work waits, by a request the gate
 * answers when a slot is freed (a callback, not a poll). A stop reaches the
 * invocation the same way (the gate's watch). Nothing starts that could not
 * finish before the invocation's deadline: what is left goes back to the
 * queue untouched. A rate limit that asks for a short wait is waited out in
 * place, on the slot. Each try is the pipeline's (src/execution/pipeline.ts).
 * No I/O of its own: the gate, the attempt's ports and the results are ports.
 */
import type { ClaimInput } from "../domain/run-slots";
import { runAttempt, type AttemptInput, type PipelinePorts } from "./pipeline";
import type { ClockPort } from "./ports";
import type { AttemptResult } from "./result";

/** A delivered attempt message. */
export interface Job {
  seq: number;
  tries: number;
  limited_since?: number;
  reply_key?: string;
  /** Acknowledges the message (its outcome is safe, or it is dropped on purpose). */
  ack(): void;
}

/** The run's gate as one invocation (its holder) sees it. */
export interface SchedulerGate {
  claim(attempts: ClaimInput[], want: number): Promise<{ slots: number[]; busy: number[]; stopped: boolean }>;
  /** Waits up to `waitMs` for up to `want` slots (none: the wait ended, or the run stopped). */
  more(want: number, waitMs: number): Promise<{ slots: number[]; stopped: boolean }>;
  /** A slot this invocation no longer needs (released in groups). */
  release(slot: number): void;
  /** Resolves true when the run stops, false after `waitMs` or once the invocation lets go. */
  watch(waitMs: number): Promise<boolean>;
  /** Whether the slot may start another call (a band's limit may have fallen; pinned runs always may). */
  keep(slot: number): Promise<boolean>;
  /** The invocation is done: every slot and claim it holds is let go. */
  letGo(): Promise<void>;
}

/** Where results go (workers/queue/outcome-sink.ts). */
export interface ResultSink<J extends Job = Job> {
  add(job: J, result: AttemptResult): void;
  /** The message goes back to the queue as `job` says (its tries, its wait), after `delayMs`. */
  handBack(job: J, delayMs: number): void;
  /** A log line about an attempt still being worked on (a rate-limit wait taken in place). */
  note(seq: number, message: string): void;
  /** Writes what waits; the invocation lets go of its claims only after (a redelivered message must find them ended or claimed). */
  close(): Promise<void>;
}

export interface SchedulerPorts<J extends Job = Job> {
  gate: SchedulerGate;
  clock: ClockPort;
  sink: ResultSink<J>;
  /** What the pipeline is told of `job`'s attempt, and the ports its try on `slot` runs through (its calls on the slot's lane). */
  attempt(job: J, slot: number): { input: AttemptInput; ports: PipelinePorts };
  /** Slots the run may hold at most (its concurrency, or its band's max). */
  limit: number;
  /** The run's timeout_s, in ms: an attempt is started only with this much time left (at most START_MARGIN_MS). */
  callMs: number;
}

/** A rate-limit wait up to this long is taken in place, on the slot; a longer one goes back to the queue with its delay. */
export const WAIT_IN_PLACE_MAX_MS = 10_000;
/** An attempt is started only with its timeout left before the deadline, but never more than this is required. */
export const START_MARGIN_MS = 5 * 60_000;
/** With no slot held, the invocation waits at most this long for one, then hands its work back (another will take it). */
export const FIRST_SLOT_WAIT_MS = 60_000;
/** Work handed back for want of a slot comes back this much later. */
export const NO_SLOT_DELAY_MS = 5_000;

export async function runScheduled<J extends Job>(jobs: J[], p: SchedulerPorts<J>): Promise<void> {
  await new Invocation(p).run(jobs);
}

/** One invocation's work on one run: its pending jobs, the slots it holds, whether the run stopped. */
class Invocation<J extends Job> {
  private pending: J[] = [];
  private readonly running = new Set<Promise<void>>();
  private held = 0;
  private stopped = false;
  /** New attempts start only before this (each then has its call's time before the deadline). */
  private readonly startBy: number;

  constructor(private readonly p: SchedulerPorts<J>) {
    this.startBy = p.clock.deadline() - Math.min(p.callMs, START_MARGIN_MS);
  }

  private timeLeft(): boolean {
    return this.p.clock.now() < this.startBy;
  }

  async run(jobs: J[]): Promise<void> {
    const { gate, clock } = this.p;
    const first = await gate.claim(
      jobs.map((j) => ({ seq: j.seq, tries: j.tries, limited_since: j.limited_since ?? null, reply_key: j.reply_key ?? null })),
      Math.min(this.p.limit, jobs.length),
    );
    this.stopped = first.stopped;
    const busy = new Set(first.busy);
    // Another invocation is executing these now: look again once it could have ended.
    for (const j of jobs) if (busy.has(j.seq)) this.p.sink.handBack(j, Math.min(this.p.callMs + 60_000, 15 * 60_000));
    this.pending = jobs.filter((j) => !busy.has(j.seq));
    const watching = gate.watch(Math.max(0, clock.deadline() - clock.now())).then((s) => void (this.stopped ||= s));
    this.start(first.slots);
    const outstanding = await this.askForMore();
    await Promise.all(this.running);
    await this.finish().finally(() => Promise.all([outstanding, watching]));
  }

  /** One worker per slot, running attempts one after another until none is left (or the band takes the slot back). */
  private start(slots: number[]): void {
    for (const slot of slots) {
      this.held++;
      const w: Promise<void> = this.work(slot).finally(() => this.running.delete(w));
      this.running.add(w);
    }
  }

  private async work(slot: number): Promise<void> {
    let keep = true;
    while (keep && this.pending.length && !this.stopped && this.timeLeft()) {
      keep = await this.runOn(slot, this.pending.shift()!);
      if (keep && this.pending.length) keep = await this.p.gate.keep(slot);
    }
    this.held--;
    // A slot the band took back is the gate's already.
    if (keep) this.p.gate.release(slot);
  }

  /** One attempt on `slot`, rate-limit waits taken in place; false when the band took the slot back meanwhile. */
  private async runOn(slot: number, job: J): Promise<boolean> {
    const { clock, gate, sink } = this.p;
    for (;;) {
      const { input, ports } = this.p.attempt(job, slot);
      const result: AttemptResult = await runAttempt(input, ports);
      if (result.kind === "retry" && result.limited_since !== undefined && result.delay_ms <= WAIT_IN_PLACE_MAX_MS && !this.stopped && clock.now() + result.delay_ms < this.startBy) {
        // Its tries and wait so far carried to the next try.
        job = { ...job, tries: result.tries, limited_since: result.limited_since, ...(result.reply_key !== undefined && { reply_key: result.reply_key }) };
        if (!(await gate.keep(slot))) {
          // The band's limit fell: the slot is given up, and the retry waits here for another one.
          this.pending.unshift(job);
          return false;
        }
        sink.note(job.seq, result.log);
        await clock.sleep(result.delay_ms);
        if (!this.stopped) continue;
      }
      if (result.kind === "back") sink.handBack(job, 0);
      else sink.add(job, result);
      // The budget is exhausted: nothing more is sent (the rest stay missing).
      if (result.kind === "unsent") this.stopped = true;
      return true;
    }
  }

  /**
   * Asks for more slots while work waits and fewer than the limit are held;
   * each request waits at the gate until a slot is given back. It stops
   * mattering once the invocation's own slots took the work left: the
   * request still out is returned, to be answered when it lets go.
   */
  private async askForMore(): Promise<Promise<unknown> | null> {
    const { gate, clock, limit } = this.p;
    while (this.pending.length && !this.stopped && this.timeLeft()) {
      const want = Math.min(limit, this.pending.length) - this.held;
      if (want <= 0) {
        await Promise.race(this.running);
        continue;
      }
      const until = this.held > 0 ? this.startBy : Math.min(this.startBy, clock.now() + FIRST_SLOT_WAIT_MS);
      const asked = gate.more(want, Math.max(0, Math.floor(until - clock.now())));
      const grant = await Promise.race([asked, this.drained()]);
      if (grant === null) return asked;
      this.stopped ||= grant.stopped;
      // Granted while no longer wanted (the work was taken meanwhile): given straight back.
      const usable = Math.max(0, Math.min(limit, this.pending.length) - this.held);
      for (const s of grant.slots.slice(usable)) gate.release(s);
      this.start(grant.slots.slice(0, usable));
      if (!grant.slots.length && this.held === 0) break;
    }
    return null;
  }

  /** Resolves null once no work waits (the invocation's own slots took it all) or the run stopped. */
  private async drained(): Promise<null> {
    while (this.pending.length && !this.stopped && this.running.size) await Promise.race(this.running);
    // With nothing running, only the gate's answer can change anything: wait for it.
    if (this.pending.length && !this.stopped) await new Promise(() => {});
    return null;
  }

  /** What is left goes back (or, the run stopped, is dropped), what waits is written, then the invocation lets go. */
  private async finish(): Promise<void> {
    const { sink, gate, clock } = this.p;
    // Stopped: the rest are cancelled with the run (resume re-enqueues them). Out of time or of slots: back to the queue.
    for (const j of this.pending.splice(0)) {
      if (this.stopped) j.ack();
      else sink.handBack(j, clock.now() < this.startBy ? NO_SLOT_DELAY_MS : 0);
    }
    try {
      await sink.close();
    } finally {
      // Letting go answers any request still waiting at the gate (and takes back what it may have granted).
      await gate.letGo();
    }
  }
}
