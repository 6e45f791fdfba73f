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
 * place, on the slot. No I/O of its own: the gate, the attempt and the
 * results are ports.
 */
import type { ClaimInput } from "../domain/run-slots";
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
  /** Runs one try of `job`'s attempt on `slot`. */
  run(job: J, slot: number): Promise<AttemptResult>;
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
  const { gate, clock, sink } = p;
  const startBy = clock.deadline() - Math.min(p.callMs, START_MARGIN_MS);
  const first = await gate.claim(
    jobs.map((j) => ({ seq: j.seq, tries: j.tries, limited_since: j.limited_since ?? null, reply_key: j.reply_key ?? null })),
    Math.min(p.limit, jobs.length),
  );
  let stopped = first.stopped;
  const busy = new Set(first.busy);
  // Another invocation is executing these now: look again once it could have ended.
  for (const j of jobs) if (busy.has(j.seq)) sink.handBack(j, Math.min(p.callMs + 60_000, 15 * 60_000));
  const pending = jobs.filter((j) => !busy.has(j.seq));
  const watching = gate.watch(Math.max(0, clock.deadline() - clock.now())).then((s) => void (stopped ||= s));

  const running = new Set<Promise<void>>();
  let held = 0;
  const timeLeft = () => clock.now() < startBy;
  const work = async (slot: number) => {
    let keep = true;
    while (keep && pending.length && !stopped && timeLeft()) {
      keep = await runOn(slot, pending.shift()!);
      if (keep && pending.length) keep = await gate.keep(slot);
    }
    held--;
    // A slot the band took back is the gate's already.
    if (keep) gate.release(slot);
  };
  const start = (slots: number[]) => {
    for (const s of slots) {
      held++;
      const w: Promise<void> = work(s).finally(() => running.delete(w));
      running.add(w);
    }
  };

  /** One attempt on `slot`, rate-limit waits taken in place; false when the band took the slot back meanwhile. */
  const runOn = async (slot: number, job: J): Promise<boolean> => {
    for (;;) {
      const result = await p.run(job, slot);
      if (result.kind === "retry" && result.limited_since !== undefined && result.delay_ms <= WAIT_IN_PLACE_MAX_MS && !stopped && clock.now() + result.delay_ms < startBy) {
        // Its tries and wait so far carried to the next try.
        job = { ...job, tries: result.tries, limited_since: result.limited_since, ...(result.reply_key !== undefined && { reply_key: result.reply_key }) };
        if (!(await gate.keep(slot))) {
          // The band's limit fell: the slot is given up, and the retry waits here for another one.
          pending.unshift(job);
          return false;
        }
        sink.note(job.seq, result.log);
        await clock.sleep(result.delay_ms);
        if (!stopped) continue;
      }
      if (result.kind === "back") sink.handBack(job, 0);
      else sink.add(job, result);
      // The budget is exhausted: nothing more is sent (the rest stay missing).
      if (result.kind === "unsent") stopped = true;
      return true;
    }
  };

  start(first.slots);
  // Ask for more slots while work waits and fewer than the limit are held; each request waits at the gate
  // until a slot is given back. It stops mattering once the work left is taken: that ends the wait here.
  let outstanding: Promise<unknown> | null = null;
  while (pending.length && !stopped && timeLeft()) {
    const want = Math.min(p.limit, pending.length) - held;
    if (want <= 0) {
      await Promise.race(running);
      continue;
    }
    const waitMs = Math.max(0, Math.floor(Math.min(startBy, held > 0 ? startBy : clock.now() + FIRST_SLOT_WAIT_MS) - clock.now()));
    const asked = gate.more(want, waitMs);
    const grant = await Promise.race([asked, drained(pending, running, () => stopped)]);
    if (grant === null) {
      outstanding = asked;
      break;
    }
    stopped ||= grant.stopped;
    // Granted while no longer wanted (the work was taken meanwhile): given straight back.
    const usable = Math.max(0, Math.min(p.limit, pending.length) - held);
    for (const s of grant.slots.slice(usable)) gate.release(s);
    start(grant.slots.slice(0, usable));
    if (!grant.slots.length && held === 0) break;
  }
  await Promise.all(running);
  // Stopped: the rest are cancelled with the run (resume re-enqueues them). Out of time or of slots: back to the queue.
  for (const j of pending.splice(0)) {
    if (stopped) j.ack();
    else sink.handBack(j, clock.now() < startBy ? NO_SLOT_DELAY_MS : 0);
  }
  try {
    await sink.close();
  } finally {
    // Letting go answers any request still waiting at the gate (and takes back what it may have granted).
    await gate.letGo();
    await Promise.all([outstanding, watching]);
  }
}

/** Resolves null once no work waits (the invocation's own slots took it all) or the run stopped. */
async function drained(pending: readonly Job[], running: Set<Promise<void>>, stopped: () => boolean): Promise<null> {
  while (pending.length && !stopped() && running.size) await Promise.race(running);
  // With nothing running, only the gate's answer can change anything: wait for it.
  if (pending.length && !stopped()) await new Promise(() => {});
  return null;
}
