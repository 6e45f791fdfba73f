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
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Env } from "../env";
import { Claim, More, Release, type GateState, type RunGateRpc } from "./run-gate-contract";

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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get(["max_seen", "terminal", "total", "work_instance", "recover_from"]);
      this.maxSeen = (saved.get("max_seen") as number | undefined) ?? 0;
      this.terminal = (saved.get("terminal") as number | undefined) ?? 0;
      this.total = (saved.get("total") as number | null | undefined) ?? null;
      this.workInstance = (saved.get("work_instance") as string | undefined) ?? null;
      this.recoverFrom = (saved.get("recover_from") as number | null | undefined) ?? null;
    });
  }

  private inUse(): number {
    let n = 0;
    for (const h of this.holders.values()) n += h.slots;
    return n;
  }

  private expire(now: number): void {
    for (const [id, h] of this.holders) if (h.until <= now) this.holders.delete(id);
    for (const [attempt, holder] of this.executing) if (!this.holders.has(holder)) this.executing.delete(attempt);
  }

  private grant(holder: string, want: number, limit: number, leaseMs: number, now: number): number {
    const h = this.holders.get(holder) ?? { slots: 0, until: 0 };
    const granted = Math.max(0, Math.min(want, limit - this.inUse()));
    h.slots += granted;
    h.until = now + leaseMs;
    this.holders.set(holder, h);
    const used = this.inUse();
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
    return { in_flight: this.inUse(), max_in_flight: this.maxSeen, terminal: this.terminal, total: this.total };
  }

  /**
   * Claims attempts for `holder` and grants it up to `want` slots. Attempts
   * already being executed under another live holder come back as `busy`.
   */
  async claim(input: z.input<typeof Claim>): Promise<{ granted: number; busy: string[] }> {
    const { holder, attempts, want, limit, lease_ms } = Claim.parse(input);
    const now = Date.now();
    this.expire(now);
    this.ownWork();
    const busy: string[] = [];
    for (const a of attempts) {
      const owner = this.executing.get(a);
      if (owner && owner !== holder) busy.push(a);
      else this.executing.set(a, holder);
    }
    return { granted: this.grant(holder, want, limit, lease_ms, now), busy };
  }

  /**
   * More slots for a holder that has work waiting; also renews its lease.
   * With none free it may wait up to `wait_ms` for a release, so a slot
   * passes to the next holder the moment it is given back, without polling.
   */
  async more(input: z.input<typeof More>): Promise<number> {
    const { holder, want, limit, lease_ms, wait_ms } = More.parse(input);
    const now = Date.now();
    this.expire(now);
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
    const h = this.holders.get(holder);
    if (h) {
      h.slots = Math.max(0, h.slots - slots);
      if (h.slots === 0 && attempts.length === 0) this.holders.delete(holder);
    }
    for (const a of attempts) if (this.executing.get(a) === holder) this.executing.delete(a);
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
    this.expire(Date.now());
    if (this.holders.size === 0 && this.workInstance !== null && this.workInstance !== this.instance) {
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
}
