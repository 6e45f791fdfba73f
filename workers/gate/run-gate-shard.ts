/**
 * RunGateShard: one of a sharded run's N gate objects (named `<run>#gate<i>`,
 * docs/scaling.md). To the consumer invocations routed to it, it is what
 * RunGate is to an unsharded run: a counting semaphore whose holders claim,
 * ask for more (waiting up to `wait_ms` for a release) and release, and the
 * registry of the attempts being executed (an attempt's messages always come
 * to the same shard, gateShardOf, so a redelivery is told it is running).
 *
 * It grants only from the quota it leases from the run's pool (the run's
 * RunGate, QuotaPool), through GateShard (src/domain/gate-shards.ts, where
 * the protocol and why the limit holds are stated). It asks the pool at most
 * once at a time: every ASK_EVERY_MS while it has holders, quota or waiting
 * holders, and not at all when idle. A holder's slots lapse by the quota
 * lease, which the ask sizes to outlast the longest holder lease by
 * QUOTA_SLACK_MS; the pool's clock skew margin is taken off it here.
 *
 * Everything lives in memory. An eviction or restart is a new incarnation
 * with a reservation of its own: the old one's quota stays reserved at the
 * pool until every slot it granted has lapsed, so its holders (still calling)
 * and the new incarnation's never exceed the limit together.
 */
import { DurableObject } from "cloudflare:workers";
import type { z } from "zod";
import type { Env } from "../env";
import { GateShard } from "../../src/domain/gate-shards";
import { GATE_SKEW_MS, ShardClaim, ShardMore, ShardRelease, type RunGateShardRpc, type ShardGrant, type ShardStats } from "./contract";
import { gateFor } from "./client";

/** How often a busy shard asks its pool (for quota while holders wait, to give back what it no longer needs, to renew). */
export const ASK_EVERY_MS = 250;
/** The quota lease outlasts the longest holder lease by this much, so renewing every ASK_EVERY_MS never cuts a holder's lease short. */
export const QUOTA_SLACK_MS = 2_000;
/** A holder's unmet want counts as demand this long unless it asks again (a consumer asks every 250 ms while it wants). */
const WANT_MS = 2_000;
/** An ask unanswered this long is taken for lost (its reply, should it come, no longer applies). */
const ASK_TIMEOUT_MS = 5_000;

interface Waiter {
  holder: string;
  want: number;
  leaseMs: number;
  answer: (g: ShardGrant) => void;
}

export class RunGateShard extends DurableObject<Env> implements RunGateShardRpc {
  private readonly incarnation = crypto.randomUUID();
  private shard: GateShard | null = null;
  private run = "";
  private limit = 1;
  /** The longest holder lease asked for here: the quota lease covers it. */
  private leaseMs = 0;
  private readonly executing = new Map<string, { holder: string; until: number }>();
  private waiters: Waiter[] = [];
  private asking = false;
  private lastAsk = 0;
  /** The demand the latest ask reported (one more ask tells the pool it fell to 0). */
  private reported = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private maxSeen = 0;
  private asks = 0;

  private ready(run: string, index: number, limit: number, leaseMs: number): GateShard {
    if (!this.shard) {
      this.run = run;
      this.shard = new GateShard(`${index}@${this.incarnation}`);
    }
    this.limit = limit;
    this.leaseMs = Math.max(this.leaseMs, leaseMs);
    return this.shard;
  }

  private expire(now: number): void {
    for (const [a, e] of this.executing) if (e.until <= now) this.executing.delete(a);
  }

  private untilOf(holder: string, now: number): number | null {
    return this.shard?.held(now).get(holder)?.until ?? null;
  }

  private grant(holder: string, want: number, leaseMs: number, now: number): number {
    const shard = this.shard!;
    const granted = shard.claim(holder, want, leaseMs, now, WANT_MS);
    this.maxSeen = Math.max(this.maxSeen, shard.inUse(now));
    return granted;
  }

  /** Hands quota to waiting requests, oldest first. */
  private wake(): void {
    const now = Date.now();
    while (this.waiters.length) {
      const w = this.waiters[0]!;
      const granted = this.grant(w.holder, w.want, w.leaseMs, now);
      if (granted === 0) return;
      this.waiters.shift();
      w.answer({ granted, until: this.untilOf(w.holder, now) });
    }
  }

  /** Asks the pool now if an ask is due, else sets a timer for when it is; nothing while idle. */
  private schedule(): void {
    if (this.asking || !this.shard) return;
    const now = Date.now();
    const s = this.shard.status(now);
    const busy = s.waiting > 0 || s.in_use > 0 || s.quota > 0 || this.reported > 0 || this.waiters.length > 0;
    if (!busy) return;
    const due = this.lastAsk + ASK_EVERY_MS;
    if (due <= now) void this.ask();
    else this.timer ??= setTimeout(() => ((this.timer = null), this.schedule()), due - now);
  }

  private async ask(): Promise<void> {
    const shard = this.shard!;
    this.asking = true;
    this.lastAsk = Date.now();
    this.asks++;
    const a = shard.ask(this.lastAsk);
    this.reported = a.demand;
    try {
      const lost = new Promise<null>((r) => setTimeout(() => r(null), ASK_TIMEOUT_MS));
      const reply = await Promise.race([gateFor(this.env, this.run).shardAsk({ ...a, lease_ms: this.leaseMs + QUOTA_SLACK_MS, limit: this.limit }), lost]);
      // A reply applies only to the latest ask (GateShard.apply checks), and only with the skew margin off its lease.
      if (reply && shard.apply(reply, GATE_SKEW_MS)) this.wake();
    } catch {
      // A lost ask: its quota (if any was reserved) comes back at the next ask.
    } finally {
      this.asking = false;
      this.schedule();
    }
  }

  async claim(input: z.input<typeof ShardClaim>): Promise<ShardGrant & { busy: string[]; epoch: number }> {
    const { run, shard: index, holder, attempts, want, limit, lease_ms } = ShardClaim.parse(input);
    const now = Date.now();
    this.ready(run, index, limit, lease_ms);
    this.expire(now);
    const busy: string[] = [];
    for (const a of attempts) {
      const owner = this.executing.get(a);
      if (owner && owner.holder !== holder) busy.push(a);
      else this.executing.set(a, { holder, until: now + lease_ms });
    }
    const granted = want > 0 ? this.grant(holder, want, lease_ms, now) : 0;
    this.schedule();
    return { granted, busy, epoch: 0, until: this.untilOf(holder, now) };
  }

  async more(input: z.input<typeof ShardMore>): Promise<ShardGrant> {
    const { run, shard: index, holder, want, limit, lease_ms, wait_ms } = ShardMore.parse(input);
    const now = Date.now();
    this.ready(run, index, limit, lease_ms);
    this.expire(now);
    // A request from the holder renews its claims here too.
    for (const e of this.executing.values()) if (e.holder === holder) e.until = now + lease_ms;
    const granted = this.grant(holder, want, lease_ms, now);
    if (granted > 0 || want === 0 || wait_ms === 0) {
      this.schedule();
      return { granted, until: this.untilOf(holder, now) };
    }
    const answer = new Promise<ShardGrant>((resolve) => {
      const w: Waiter = { holder, want, leaseMs: lease_ms, answer: (g) => (clearTimeout(timer), resolve(g)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve({ granted: 0, until: this.untilOf(holder, Date.now()) });
      }, wait_ms);
      this.waiters.push(w);
    });
    this.schedule();
    return answer;
  }

  async release(input: z.input<typeof ShardRelease>): Promise<void> {
    const { holder, slots, attempts, done } = ShardRelease.parse(input);
    for (const a of attempts) if (this.executing.get(a)?.holder === holder) this.executing.delete(a);
    if (!this.shard) return;
    this.shard.release(holder, slots, done);
    if (slots > 0) this.wake();
    this.schedule();
  }

  async stats(): Promise<ShardStats> {
    const now = Date.now();
    this.expire(now);
    const s = this.shard?.status(now);
    return {
      incarnation: this.shard?.name ?? null,
      in_use: s?.in_use ?? 0,
      max_in_use: this.maxSeen,
      quota: s?.quota ?? 0,
      waiting: s?.waiting ?? 0,
      executing: this.executing.size,
      asks: this.asks,
    };
  }

}
