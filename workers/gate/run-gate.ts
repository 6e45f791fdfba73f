/**
 * RunGate: one Durable Object per run. It is the run's counting semaphore
 * (at most `limit` model calls in flight across every consumer invocation)
 * and its registry of attempts being executed (a redelivered message for an
 * attempt that is running elsewhere is told so instead of running twice).
 * Slots and claims belong to a holder (one consumer invocation) under a
 * lease that expires on its own, so a consumer that dies cannot wedge the
 * run. It also keeps the tally of ended attempts, which tells the consumer
 * when the run is done without scanning D1.
 *
 * Slots and claims live in memory: they only matter while the object is
 * busy, and losing them (an eviction) frees capacity early rather than
 * stalling the run. The tally is persisted.
 *
 * It also tells a run whose work was lost (the local stack killed and
 * restarted: its queues lived in memory) from one whose work is alive.
 * Each instance of the object has its own id; the id of the instance that
 * last saw the run's work (a claim, the plan, a resume) is persisted. An
 * instance that finds another's id there, with no live holder of its own,
 * was started after the one that held the work ended: whatever that work
 * was (claims, queued or delayed messages of a local queue) may be gone.
 * A live stack keeps its instance, so its messages in flight are never
 * taken for lost. See takeLost and workers/cron/recovery.ts.
 *
 * A run whose concurrency is a band (`{min, max}`, min < max) has its limit
 * set here by the band's controller (src/execution/concurrency-band.ts),
 * fed by the calls its holders report. The limit may fall below the slots
 * held; the guarantee stays exact: a call starts only on a slot granted, or
 * kept (see `report`), while the slots held did not exceed the limit of that
 * moment, and slots above a lowered limit are taken back as their calls end,
 * so no call starts until the run is back under its limit. The reports also
 * fill the run's timeline (src/execution/run-timeline.ts): the open sample
 * lives in memory, each closed one is stored under `tl:<n>`.
 *
 * A sharded run (a fixed limit, no budget: gateShardCount in
 * src/domain/gate-shards.ts) grants its slots at RunGateShard objects
 * instead (workers/gate/run-gate-shard.ts), and this object is their pool
 * (QuotaPool): it leases each shard incarnation its quota, never more than
 * the limit in all. Reservations are persisted (`qp:<shard>`), so a
 * restarted pool never hands out quota a shard may still be granting from;
 * the tally, lost work, recovery, the timeline and budgets stay here.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Env } from "../env";
import { adapts, bandLimit, initialBand, observeCall, type Band, type BandState } from "../../src/execution/concurrency-band";
import { addCall, closeSample, openSample, sampleMs, type OpenSample, type TimelineSample } from "../../src/execution/run-timeline";
import { BudgetLedger } from "./budget";
import { Landed, LandedUsage, Reserve, SpendInput, type BudgetState, type BudgetVerdict } from "./budget-contract";
import { Claim, More, PoolAsk, Release, Report, type GateState, type PoolReply, type ReportAnswer, type RunGateRpc, GATE_SKEW_MS } from "./contract";
import { QuotaPool, type ReservationRecord } from "../../src/domain/gate-shards";

/** A shard that reported slots in use or wanted this recently still has live holders (it asks every 250 ms while it does). */
const SHARD_ALIVE_MS = 10_000;

interface HolderState {
  slots: number;
  until: number;
}

interface Waiter {
  holder: string;
  want: number;
  limit: number;
  leaseMs: number;
  answer: (granted: number) => void;
}

export class RunGate extends DurableObject<Env> implements RunGateRpc {
  private holders = new Map<string, HolderState>();
  private executing = new Map<string, string>();
  /** Requests for more slots waiting for one to be released, oldest first. */
  private waiters: Waiter[] = [];
  private maxSeen = 0;
  private terminal = 0;
  private total: number | null = null;
  /** This instance's id: a restart (or an eviction) gives the object a new one. */
  private readonly instance = crypto.randomUUID();
  /** The id of the instance that last saw the run's work (persisted), and whether it is this one. */
  private workInstance: string | null = null;
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
  /** Sharded runs: the shards' reservations, what each last reported in use, and what is persisted of each. */
  private quota: QuotaPool | null = null;
  private readonly shardSeen = new Map<string, { in_use: number; demand: number; at: number }>();
  private readonly persisted = new Map<string, ReservationRecord>();
  /** The run's shard count once fixed (persisted). */
  private shards: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.budget = new BudgetLedger(ctx.storage);
    ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get(["max_seen", "terminal", "total", "work_instance", "recover_from", "band", "samples", "gate_shards"]);
      this.shards = (saved.get("gate_shards") as number | undefined) ?? null;
      for (const [k, r] of await ctx.storage.list<ReservationRecord>({ prefix: "qp:" })) this.persisted.set(k.slice(3), r);
      this.band = (saved.get("band") as BandState | undefined) ?? null;
      this.samples = (saved.get("samples") as number | undefined) ?? 0;
      this.maxSeen = (saved.get("max_seen") as number | undefined) ?? 0;
      this.terminal = (saved.get("terminal") as number | undefined) ?? 0;
      this.total = (saved.get("total") as number | null | undefined) ?? null;
      this.workInstance = (saved.get("work_instance") as string | undefined) ?? null;
      this.recoverFrom = (saved.get("recover_from") as number | null | undefined) ?? null;
      await this.budget.load();
    });
  }

  private inUse(): number {
    let n = 0;
    for (const h of this.holders.values()) n += h.slots;
    return n;
  }

  /** Slots held here and at the shards (as each last reported: never above their reservations, so within the limit). */
  private inFlight(now = Date.now()): number {
    let n = this.inUse();
    for (const [k, s] of this.shardSeen) {
      if (s.at + SHARD_ALIVE_MS <= now) this.shardSeen.delete(k);
      else n += s.in_use;
    }
    return n;
  }

  private expire(now: number): void {
    for (const [id, h] of this.holders) if (h.until <= now) this.holders.delete(id);
    for (const [attempt, holder] of this.executing) if (!this.holders.has(holder)) this.executing.delete(attempt);
    // A call's reservation lasts while its attempt is claimed: a dead holder's calls reserve nothing.
    this.budget.keep((a) => this.executing.has(a));
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
    if (!this.sample && open) this.sample = openSample(now, this.currentLimit() ?? 0, this.inFlight(now));
  }

  private grant(holder: string, want: number, asked: number, leaseMs: number, now: number): number {
    const h = this.holders.get(holder) ?? { slots: 0, until: 0 };
    const limit = this.limitOf(asked);
    const granted = Math.max(0, Math.min(want, limit - this.inUse()));
    h.slots += granted;
    h.until = now + leaseMs;
    this.holders.set(holder, h);
    const used = this.inUse();
    if (this.sample && used > this.sample.in_flight) this.sample.in_flight = used;
    if (used > this.maxSeen) {
      this.maxSeen = used;
      this.ctx.storage.put("max_seen", used, { allowUnconfirmed: true });
    }
    return granted;
  }

  /** Records that this instance now sees the run's work (once per instance: a claim, the plan, a resume). */
  private ownWork(): void {
    if (this.workInstance === this.instance) return;
    this.workInstance = this.instance;
    this.ctx.storage.put("work_instance", this.instance, { allowUnconfirmed: true });
  }

  private state(): GateState {
    return { in_flight: this.inFlight(), max_in_flight: this.maxSeen, terminal: this.terminal, total: this.total, limit: this.currentLimit() };
  }

  /**
   * Claims attempts for `holder` and grants it up to `want` slots. Attempts
   * already being executed under another live holder come back as `busy`.
   */
  async claim(input: z.input<typeof Claim>): Promise<{ granted: number; busy: string[]; epoch: number }> {
    const { holder, attempts, want, limit, lease_ms, band } = Claim.parse(input);
    const now = Date.now();
    this.expire(now);
    this.useConcurrency(limit, band);
    this.tick(now, true);
    this.ownWork();
    const busy: string[] = [];
    for (const a of attempts) {
      const owner = this.executing.get(a);
      if (owner && owner !== holder) busy.push(a);
      else this.executing.set(a, holder);
    }
    return { granted: this.grant(holder, want, limit, lease_ms, now), busy, epoch: this.band?.epoch ?? 0 };
  }

  /**
   * More slots for a holder that has work waiting; also renews its lease.
   * With none free it may wait up to `wait_ms` for a release, so a slot
   * passes to the next holder the moment it is given back, without polling.
   */
  async more(input: z.input<typeof More>): Promise<number> {
    const { holder, want, limit, lease_ms, wait_ms, band } = More.parse(input);
    const now = Date.now();
    this.expire(now);
    this.useConcurrency(limit, band);
    this.tick(now, want > 0);
    const granted = this.grant(holder, want, limit, lease_ms, now);
    if (granted > 0 || want === 0 || wait_ms === 0) return granted;
    return new Promise<number>((resolve) => {
      const w: Waiter = { holder, want, limit, leaseMs: lease_ms, answer: (n) => { clearTimeout(timer); resolve(n); } };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve(0);
      }, wait_ms);
      this.waiters.push(w);
    });
  }

  /** Hands freed slots to waiting requests, oldest first. */
  private wake(): void {
    const now = Date.now();
    while (this.waiters.length) {
      const w = this.waiters[0]!;
      const granted = this.grant(w.holder, w.want, w.limit, w.leaseMs, now);
      if (granted === 0) return;
      this.waiters.shift();
      w.answer(granted);
    }
  }

  /** Gives back slots and ends claims. */
  async release(input: z.input<typeof Release>): Promise<void> {
    const { holder, slots, attempts } = Release.parse(input);
    this.tick(Date.now(), false);
    const h = this.holders.get(holder);
    if (h) {
      h.slots = Math.max(0, h.slots - slots);
      if (h.slots === 0 && attempts.length === 0) this.holders.delete(holder);
    }
    for (const a of attempts) if (this.executing.get(a) === holder) this.executing.delete(a);
    this.budget.drop(attempts.filter((a) => !this.executing.has(a)));
    if (h && h.slots === 0 && ![...this.executing.values()].includes(holder)) this.holders.delete(holder);
    if (slots > 0) this.wake();
  }

  /** Counts attempts that just ended (each exactly once: D1's conditional insert decides). */
  async settle(count: number): Promise<GateState> {
    if (count > 0) {
      this.terminal += count;
      await this.ctx.storage.put("terminal", this.terminal);
    }
    return this.state();
  }

  /** Sets the planned total, or resets the tally from D1's truth (resume, sweeper). */
  async setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateState> {
    if (counts.total !== undefined) this.total = counts.total;
    if (counts.terminal !== undefined) this.terminal = counts.terminal;
    this.ownWork();
    await this.ctx.storage.put({ terminal: this.terminal, total: this.total });
    return this.state();
  }

  /** Records that the run's work is being sent from this instance's stack (a plan step). */
  async markWork(): Promise<void> {
    this.ownWork();
  }

  /**
   * Whether the run's work was lost, and where to look for it. Lost: the
   * work was last seen by another instance of this object (the stack was
   * restarted since) and no holder is alive here. The first caller to see
   * it takes it (this instance owns the work from then on, so the next pass
   * does not re-send the same attempts) and starts at seq 0; a recovery
   * left unfinished continues where `recoveryAt` said. Null: nothing to do.
   */
  async takeLost(): Promise<{ from: number } | null> {
    const now = Date.now();
    this.expire(now);
    // A shard's holders are live holders too (a shard that asked lately with slots in use or wanted).
    const shardsBusy = [...this.shardSeen.values()].some((s) => s.at + SHARD_ALIVE_MS > now && s.demand > 0);
    if (this.holders.size === 0 && !shardsBusy && this.workInstance !== null && this.workInstance !== this.instance) {
      this.ownWork();
      this.recoverFrom = 0;
      await this.ctx.storage.put("recover_from", 0);
    }
    return this.recoverFrom === null ? null : { from: this.recoverFrom };
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
   * timeline. With `keep`, one of the holder's slots is taken back when the
   * slots held exceed the limit now, and the answer says so.
   */
  async report(input: z.input<typeof Report>): Promise<ReportAnswer> {
    const { holder, calls, keep } = Report.parse(input);
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
    const h = this.holders.get(holder);
    if (keep && this.band && h && h.slots > 0 && this.inUse() > bandLimit(this.band)) {
      h.slots--;
      kept = false;
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

  /**
   * A shard's quota ask: the pool's reply reserves before it goes out (the
   * reservation is persisted first when it grows or outlives what is stored,
   * and the output gate holds the reply until it is), so however this object
   * restarts, what it reserved is never handed out twice.
   */
  async shardAsk(input: z.input<typeof PoolAsk>): Promise<PoolReply | null> {
    const { limit, ...ask } = PoolAsk.parse(input);
    const now = Date.now();
    if (!this.quota || this.quota.limit !== limit) {
      // First ask of this instance (put back what is stored), or the limit changed (carry the reservations over).
      const prior = this.quota ? this.quota.entries(now) : [...this.persisted].filter(([, r]) => r.until > now);
      this.quota = new QuotaPool(limit, GATE_SKEW_MS);
      for (const [k, r] of prior) this.quota.restore(k, r);
    }
    this.pinned = limit;
    const reply = this.quota.ask(ask, now);
    if (ask.demand > 0) this.ownWork();
    this.tick(now, ask.demand > 0);
    this.shardSeen.set(ask.shard, { in_use: ask.in_use, demand: ask.demand, at: now });
    const flying = this.inFlight(now);
    if (this.sample && flying > this.sample.in_flight) this.sample.in_flight = flying;
    if (flying > this.maxSeen) {
      this.maxSeen = flying;
      this.ctx.storage.put("max_seen", flying, { allowUnconfirmed: true });
    }
    if (!reply) return null;
    const reserved = this.quota.entries(now).find(([k]) => k === ask.shard)?.[1];
    const stored = this.persisted.get(ask.shard);
    if (reserved && (!stored || reserved.quota > stored.quota || reserved.until > stored.until)) {
      // Stored ahead by one more lease, so the next write is due a lease from now, not at every ask; a restored
      // reservation erring long only keeps quota reserved longer.
      const record = { ...reserved, until: reserved.until + (reply.until - now) };
      this.persisted.set(ask.shard, record);
      void this.ctx.storage.put(`qp:${ask.shard}`, record);
    }
    for (const [k, r] of this.persisted) {
      if (r.until <= now) {
        this.persisted.delete(k);
        void this.ctx.storage.delete(`qp:${k}`);
      }
    }
    return reply;
  }

  async shardCount(proposed: number): Promise<number> {
    if (this.shards === null) await this.setShardCount(proposed);
    return this.shards!;
  }

  async setShardCount(n: number): Promise<void> {
    this.shards = z.number().int().min(1).max(64).parse(n);
    await this.ctx.storage.put("gate_shards", this.shards);
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

  /** A call ended: its reservation holds what it spent until its row is written. */
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
