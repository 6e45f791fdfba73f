/**
 * RunGate: one Durable Object per run. It is the run's counting semaphore
 * (at most `limit` model calls in flight across every consumer invocation,
 * as numbered slots: slot s calls through the run's lane ⌊s/6⌋), its
 * registry of attempts being executed (a redelivered message for an
 * attempt running elsewhere is told so instead of running twice), the
 * tally of ended attempts that tells the consumer when the run is done,
 * and the one place a stop reaches the invocations working on the run.
 *
 * Holders, their slots and their claims are stored (src/domain/run-slots.ts
 * over src/storage/gate-store.ts, written through as they change), so an
 * evicted or restarted gate resumes them: a new instance is not evidence
 * that work was lost. A holder lives until its invocation's wall time ends
 * (or it lets go), so a consumer that dies cannot wedge the run. Requests
 * waiting for a slot or for the run's stop are memory only: an eviction
 * fails them, and their callers ask again.
 *
 * Lost work is a local stack's alone (its queues live in memory): each
 * claim carries the stack's boot (ASSAY_STACK_BOOT, set by the stack at
 * start; none on Cloudflare, whose queues survive anything), and a pass
 * from a new boot finds the run's work last seen by another (takeLost):
 * every holder of the old boot died with it, and their claims, with the
 * tries they had, are what a recovery re-sends (workers/cron/recovery.ts).
 *
 * A run whose concurrency is a band (`{min, max}`, min < max) has its limit
 * set here by the band's controller (src/execution/concurrency-band.ts),
 * fed by the calls its holders report. The limit may fall below the slots
 * held; the guarantee stays exact: a call starts only on a slot granted, or
 * kept (see `report`), while the slots held did not exceed the limit of that
 * moment, and slots above a lowered limit are taken back as their calls end.
 * The reports also fill the run's timeline (src/execution/run-timeline.ts):
 * the open sample lives in memory, each closed one is stored under `tl:<n>`.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Env } from "../env";
import { adapts, bandLimit, initialBand, observeCall, type Band, type BandState } from "../../src/execution/concurrency-band";
import { addCall, closeSample, openSample, sampleMs, type OpenSample, type TimelineSample } from "../../src/execution/run-timeline";
import { parseAttemptId } from "../../src/domain/attempt-id";
import { RunSlots } from "../../src/domain/run-slots";
import { GateStore } from "../../src/storage/gate-store";
import { BudgetLedger } from "./budget";
import { Landed, LandedUsage, Reserve, SpendInput, type BudgetState, type BudgetVerdict } from "./budget-contract";
import { Claim, More, Release, Report, Watch, type GateState, type Grant, type LostWork, type ReportAnswer, type RunGateRpc } from "./contract";

/** How long a counted group is remembered against a repeat of its count. */
const SETTLED_KEEP_MS = 60 * 60_000;

interface Waiter {
  holder: string;
  want: number;
  limit: number;
  answer: (g: Grant) => void;
}

interface Watcher {
  holder: string;
  answer: (stopped: boolean) => void;
}

export class RunGate extends DurableObject<Env> implements RunGateRpc {
  private slots!: RunSlots;
  private store!: GateStore;
  /** Requests for slots waiting for one to be given back, oldest first. */
  private waiters: Waiter[] = [];
  private watchers: Watcher[] = [];
  private maxSeen = 0;
  private terminal = 0;
  private total: number | null = null;
  private halted = false;
  /** The boot of the stack that last saw the run's work (persisted); null before any. */
  private workBoot: string | null = null;
  /** Where an unfinished recovery continues (the next seq to look at), persisted; null when none is under way. */
  private recoverFrom: number | null = null;
  /** The run's budget ledger (options.budget): spent, reserved per call in flight, exhausted. */
  private readonly budget: BudgetLedger;
  /** The adaptive limit of a run whose concurrency is a band (persisted); null when pinned. */
  private band: BandState | null = null;
  /** The pinned limit callers last asked under (for the timeline and stats). */
  private pinned: number | null = null;
  /** The timeline sample being filled, and how many are stored. */
  private sample: OpenSample | null = null;
  private samples = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.budget = new BudgetLedger(ctx.storage);
    ctx.blockConcurrencyWhile(async () => {
      this.store = new GateStore(ctx.storage.sql);
      this.slots = new RunSlots(this.store);
      const saved = await ctx.storage.get(["max_seen", "terminal", "total", "work_boot", "recover_from", "band", "samples", "halted"]);
      this.band = (saved.get("band") as BandState | undefined) ?? null;
      this.samples = (saved.get("samples") as number | undefined) ?? 0;
      this.maxSeen = (saved.get("max_seen") as number | undefined) ?? 0;
      this.terminal = (saved.get("terminal") as number | undefined) ?? 0;
      this.total = (saved.get("total") as number | null | undefined) ?? null;
      this.workBoot = (saved.get("work_boot") as string | undefined) ?? null;
      this.recoverFrom = (saved.get("recover_from") as number | null | undefined) ?? null;
      this.halted = (saved.get("halted") as boolean | undefined) ?? false;
      await this.budget.load();
    });
  }

  private expire(now: number): void {
    const gone = this.slots.expire(now);
    if (gone.length) this.answerGone(new Set(gone));
    this.keepReservations();
  }

  /** A call's reservation lasts while its attempt is claimed by a live holder. */
  private keepReservations(): void {
    this.budget.keep((a) => {
      const seq = parseAttemptId(a)?.seq;
      return seq !== undefined && !!this.slots.claimOf(seq)?.holder;
    });
  }

  /** Requests of holders that are gone (let go, expired) get their answer now. */
  private answerGone(gone: Set<string>): void {
    for (const w of this.waiters.filter((w) => gone.has(w.holder))) w.answer({ slots: [], stopped: this.halted });
    this.waiters = this.waiters.filter((w) => !gone.has(w.holder));
    for (const w of this.watchers.filter((w) => gone.has(w.holder))) w.answer(this.halted);
    this.watchers = this.watchers.filter((w) => !gone.has(w.holder));
  }

  /** The limit in force: the band's, else the pinned one the caller asks under. */
  private limitOf(asked: number): number {
    return this.band ? bandLimit(this.band) : asked;
  }

  private currentLimit(): number | null {
    return this.band ? bandLimit(this.band) : this.pinned;
  }

  /** Takes the run's concurrency as a caller states it: a band adapts here, a pinned limit is used as asked. */
  private useConcurrency(limit: number, band: Band | undefined): void {
    if (band && adapts(band)) {
      if (!this.band || this.band.min !== band.min || this.band.max !== band.max) {
        this.band = initialBand(band);
        this.ctx.storage.put("band", this.band, { allowUnconfirmed: true });
      }
      return;
    }
    if (this.band) {
      this.band = null;
      this.ctx.storage.delete("band", { allowUnconfirmed: true });
    }
    this.pinned = limit;
  }

  /** Stores the open sample once its span has passed; opens one when `open` (activity). */
  private tick(now: number, open: boolean): void {
    if (this.sample) {
      const span = sampleMs(this.samples);
      if (now - this.sample.t >= span) {
        // An idle gap after the sample ends it at its span, not at the next activity.
        const closed = closeSample(this.sample, now - this.sample.t <= 2 * span ? now : this.sample.t + span);
        this.ctx.storage.put({ [`tl:${String(this.samples).padStart(8, "0")}`]: closed, samples: this.samples + 1 }, { allowUnconfirmed: true });
        this.samples++;
        this.sample = null;
      }
    }
    if (!this.sample && open) this.sample = openSample(now, this.currentLimit() ?? 0, this.slots.inUse());
  }

  private grant(holder: string, want: number, asked: number): number[] {
    if (this.halted || want <= 0) return [];
    const got = this.slots.grant(holder, want, this.limitOf(asked));
    const used = this.slots.inUse();
    if (this.sample && used > this.sample.in_flight) this.sample.in_flight = used;
    if (used > this.maxSeen) {
      this.maxSeen = used;
      this.ctx.storage.put("max_seen", used, { allowUnconfirmed: true });
    }
    return got;
  }

  /** Records that the stack of `boot` now sees the run's work. */
  private ownWork(boot: string): void {
    if (this.workBoot === boot) return;
    this.workBoot = boot;
    this.ctx.storage.put("work_boot", boot, { allowUnconfirmed: true });
  }

  private state(): GateState {
    return { in_flight: this.slots.inUse(), max_in_flight: this.maxSeen, terminal: this.terminal, total: this.total, limit: this.currentLimit(), holders: this.slots.holderCount(), halted: this.halted };
  }

  /**
   * Claims attempts for `holder` and grants it up to `want` slots. Attempts
   * already being executed under another live holder come back as `busy`.
   */
  async claim(input: z.input<typeof Claim>): Promise<Grant & { busy: number[]; epoch: number }> {
    const { holder, until, boot, attempts, want, limit, band } = Claim.parse(input);
    const now = Date.now();
    this.expire(now);
    this.useConcurrency(limit, band);
    this.tick(now, true);
    this.ownWork(boot);
    this.slots.hold(holder, until, boot);
    const busy = this.slots.claim(holder, attempts);
    return { slots: this.grant(holder, want, limit), busy, epoch: this.band?.epoch ?? 0, stopped: this.halted };
  }

  /**
   * More slots for a holder that has work waiting. With none free it waits
   * up to `wait_ms` for one to be given back (or the run to stop), so a slot
   * passes to the next holder the moment it is released: a callback, not a
   * poll.
   */
  async more(input: z.input<typeof More>): Promise<Grant> {
    const { holder, until, boot, want, limit, wait_ms, band } = More.parse(input);
    const now = Date.now();
    this.expire(now);
    this.useConcurrency(limit, band);
    this.tick(now, want > 0);
    this.slots.hold(holder, until, boot);
    const slots = this.grant(holder, want, limit);
    if (slots.length > 0 || want === 0 || wait_ms === 0 || this.halted) return { slots, stopped: this.halted };
    return new Promise<Grant>((resolve) => {
      const w: Waiter = { holder, want, limit, answer: (g) => (clearTimeout(timer), resolve(g)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve({ slots: [], stopped: this.halted });
      }, Math.min(wait_ms, Math.max(0, until - now)));
      this.waiters.push(w);
    });
  }

  /** Hands freed slots to waiting requests, oldest first. */
  private wake(): void {
    while (this.waiters.length) {
      const w = this.waiters[0]!;
      const slots = this.grant(w.holder, w.want, w.limit);
      if (slots.length === 0) return;
      this.waiters.shift();
      w.answer({ slots, stopped: false });
    }
  }

  /** Gives back slots, ends or requeues claims; with `done`, the holder lets go of everything. */
  async release(input: z.input<typeof Release>): Promise<void> {
    const { holder, slots, ended, requeued, done } = Release.parse(input);
    this.tick(Date.now(), false);
    const freed = this.slots.release(holder, done ? "all" : slots);
    this.slots.end(ended);
    this.slots.requeue(holder, requeued);
    if (done) this.slots.letGo(holder);
    this.keepReservations();
    if (done) {
      this.slots.forget([holder]);
      this.answerGone(new Set([holder]));
    }
    if (freed.length > 0) this.wake();
  }

  async watch(input: z.input<typeof Watch>): Promise<{ stopped: boolean }> {
    const { holder, wait_ms } = Watch.parse(input);
    if (this.halted || wait_ms === 0) return { stopped: this.halted };
    return new Promise((resolve) => {
      const w: Watcher = { holder, answer: (stopped) => (clearTimeout(timer), resolve({ stopped })) };
      const timer = setTimeout(() => {
        this.watchers = this.watchers.filter((x) => x !== w);
        resolve({ stopped: this.halted });
      }, wait_ms);
      this.watchers.push(w);
    });
  }

  async halt(): Promise<void> {
    if (!this.halted) {
      this.halted = true;
      await this.ctx.storage.put("halted", true);
    }
    // Retries waiting in the queue are dropped with the stopped run (a resume re-sends what it needs).
    this.slots.dropOrphans();
    for (const w of this.waiters.splice(0)) w.answer({ slots: [], stopped: true });
    for (const w of this.watchers.splice(0)) w.answer(true);
  }

  async resume(): Promise<void> {
    if (!this.halted) return;
    this.halted = false;
    await this.ctx.storage.put("halted", false);
  }

  /**
   * Counts attempts that just ended (each exactly once: D1's conditional
   * insert decides). A count sent again under the same `group` (its answer
   * was cut off by a restart) is not counted twice.
   */
  async settle(count: number, group?: string): Promise<GateState> {
    if (count > 0 && (group === undefined || this.store.settleOnce(group, Date.now(), SETTLED_KEEP_MS))) {
      this.terminal += count;
      await this.ctx.storage.put("terminal", this.terminal);
    }
    return this.state();
  }

  /** Sets the planned total, or resets the tally from D1's truth (resume, sweeper). */
  async setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateState> {
    if (counts.total !== undefined) this.total = counts.total;
    if (counts.terminal !== undefined) this.terminal = counts.terminal;
    await this.ctx.storage.put({ terminal: this.terminal, total: this.total });
    return this.state();
  }

  async markWork(boot = ""): Promise<void> {
    this.ownWork(boot);
  }

  /**
   * Whether the run's work was lost, and where to look for it. Lost: the
   * work was last seen by another boot of the local stack (this one is a
   * restart): every holder of the old boot died with it. The first caller
   * to see it takes it (the work is this boot's from then on, so the next
   * pass does not re-send the same attempts), the dead holders' claims stay
   * as orphans with their tries, and the recovery starts at seq 0; one left
   * unfinished continues where `recoveryAt` said. Null: nothing to do.
   */
  async takeLost(boot = ""): Promise<LostWork | null> {
    this.expire(Date.now());
    if (this.workBoot !== null && this.workBoot !== boot) {
      this.slots.forget(this.slots.holdersNotOf(boot));
      this.ownWork(boot);
      this.recoverFrom = 0;
      await this.ctx.storage.put("recover_from", 0);
    }
    if (this.recoverFrom === null) return null;
    const tries = [...this.slots.orphans()].map(([seq, c]) => ({ seq, tries: c.tries, limited_since: c.limited_since, reply_key: c.reply_key }));
    return { from: this.recoverFrom, tries };
  }

  /** Where an unfinished recovery goes on next pass (null: it is done). */
  async recoveryAt(next: number | null): Promise<void> {
    this.recoverFrom = next;
    await this.ctx.storage.put("recover_from", next);
  }

  async stats(): Promise<GateState> {
    this.expire(Date.now());
    return this.state();
  }

  /**
   * Calls that ended: they feed the band (its limit may rise or fall) and the
   * timeline. With `keep`, the caller's slot is taken back when the slots
   * held exceed the limit now, and the answer says so.
   */
  async report(input: z.input<typeof Report>): Promise<ReportAnswer> {
    const { holder, calls, keep, slot } = Report.parse(input);
    const now = Date.now();
    this.expire(now);
    this.tick(now, calls.length > 0);
    const before = this.currentLimit() ?? 0;
    if (this.band && calls.length) {
      for (const c of calls) this.band = observeCall(this.band, c, now);
      this.ctx.storage.put("band", this.band, { allowUnconfirmed: true });
    }
    if (this.sample) {
      for (const c of calls) addCall(this.sample, c);
      this.sample.limit = this.currentLimit() ?? this.sample.limit;
    }
    let kept = true;
    if (keep && this.band && this.slots.inUse() > bandLimit(this.band)) {
      const held = this.slots.held(holder);
      const back = slot !== undefined && held.includes(slot) ? slot : held.at(-1);
      if (back !== undefined) {
        this.slots.release(holder, [back]);
        kept = false;
      }
    }
    const limit = this.currentLimit() ?? 0;
    if (limit > before) this.wake();
    return { keep: kept, epoch: this.band?.epoch ?? 0, limit };
  }

  /** The run's timeline: every stored sample, then the open one as it stands. */
  async timeline(): Promise<TimelineSample[]> {
    const now = Date.now();
    this.tick(now, false);
    const stored = await this.ctx.storage.list<TimelineSample>({ prefix: "tl:" });
    const out = [...stored.values()];
    if (this.sample) out.push(closeSample(this.sample, Math.min(now, this.sample.t + sampleMs(this.samples))));
    return out;
  }

  /** Admits one model call under the run's budget or refuses it (the first refusal exhausts it): one atomic step for every consumer. */
  async reserveCall(input: z.input<typeof Reserve>): Promise<BudgetVerdict> {
    const { attempt, estimate, budget } = Reserve.parse(input);
    this.expire(Date.now());
    return this.budget.reserve(attempt, estimate, budget);
  }

  /** Counts what attempts whose rows were just written spent, and ends their reservations. */
  async landCalls(landed: z.input<typeof Landed>): Promise<BudgetVerdict> {
    return this.budget.land(Landed.parse(landed));
  }

  /** A call ended: its attempt holds what it spent until its row is written. */
  async callEnded(usage: z.input<typeof LandedUsage>): Promise<void> {
    this.budget.ended(LandedUsage.parse(usage));
  }

  async budgetState(): Promise<BudgetState> {
    this.expire(Date.now());
    return this.budget.state();
  }

  /** Starts the budget over from what D1 says the kept attempts spent (a resume). */
  async resetBudget(spent: z.input<typeof SpendInput>): Promise<void> {
    await this.budget.reset(SpendInput.parse(spent));
  }
}
