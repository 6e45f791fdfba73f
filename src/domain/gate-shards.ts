/**
 * A run's concurrency gate split over N shards (docs/scaling.md): each shard
 * grants slots to its holders (consumer invocations) from a quota it leases
 * from the run's pool, and the pool rebalances quota toward the shards that
 * want it as others drain. Pure, no I/O: the clock is passed in, and the
 * messages between a shard and its pool are values the caller carries (over
 * RPC on Cloudflare; through a lossy, reordering network in the simulation
 * test).
 *
 * The guarantee (slots granted and not yet released or expired never exceed
 * the run's limit, whatever messages are lost, delayed or reordered and
 * whichever shard or holder dies) rests on four rules:
 * - The pool records, per shard incarnation, a reservation (quota, until):
 *   the sum of unexpired reservations never exceeds the limit.
 * - Only the pool raises a shard's quota, reserving it before the reply goes
 *   out; only a shard lowers its own, before the ask that reports it goes
 *   out. Each side moves first in the direction that is safe if the message
 *   is lost, so a shard's quota never exceeds the pool's reservation for it.
 * - A reply applies only to the shard's latest ask (by seq), so when the pool
 *   reads an ask it knows no older reply can still land, and it may set the
 *   reservation to the quota the shard reports: a lost reply leaks its
 *   quota only until the shard's next ask.
 * - Every holder lease ends by its shard's quota lease, and a reservation
 *   lives until that lease ends: a shard that dies (its memory, and its
 *   holders' slots, gone) keeps its quota reserved until every slot it
 *   granted has expired. Pool and shards read one clock; across machines
 *   the pool must add, and a shard subtract, the clocks' skew bound.
 */

/** How long a shard's quota lasts without an ask renewing it. */
export const QUOTA_LEASE_MS = 60_000;

/** A shard reporting its quota and demand, and asking for its share. */
export interface QuotaAsk {
  /** The shard's incarnation: its name and an id of this instance (a restart is a new one). */
  shard: string;
  /** Increases with every ask of this incarnation; only the latest ask's reply applies. */
  seq: number;
  /** The quota the shard holds now, after giving back what it no longer needs. */
  quota: number;
  /** Slots its holders hold now. */
  in_use: number;
  /** Slots its holders hold or are waiting for. */
  demand: number;
  /** How long the quota should last (the longest holder lease it must cover); QUOTA_LEASE_MS when absent. */
  lease_ms?: number;
}

/** The pool's answer to an ask. */
export interface QuotaReply {
  shard: string;
  seq: number;
  /** The shard's quota from now on (at least what it reported). */
  quota: number;
  /** When the quota lapses unless a later ask renews it. */
  until: number;
  /** The share the pool means this shard to have: above it, the shard gives back slots as they free up. */
  target: number;
}

/**
 * Max-min fair shares of `limit` among demands: a shard wanting less than an
 * equal share gets its demand, and what it leaves is shared among the rest.
 * Shares are integers summing to at most `limit`; when demand exceeds the
 * limit they sum to it exactly, the last few slots going to the largest
 * unmet demands, ties to who holds more already (`held`), so a slot does not
 * bounce between shards that want it equally.
 */
export function fairShares(limit: number, demands: readonly number[], held: readonly number[] = []): number[] {
  const shares = demands.map(() => 0);
  let left = Math.max(0, Math.floor(limit));
  let open = demands.map((d, i) => ({ i, d: Math.max(0, Math.floor(d)) })).filter((x) => x.d > 0);
  while (left > 0 && open.length) {
    const each = Math.floor(left / open.length);
    if (each === 0) {
      // Fewer slots than wanting shards: one each to the largest remaining demands.
      const unmet = (x: { i: number; d: number }) => x.d - shares[x.i]!;
      const order = [...open].sort((a, b) => unmet(b) - unmet(a) || (held[b.i] ?? 0) - (held[a.i] ?? 0) || a.i - b.i);
      for (const x of order.slice(0, left)) shares[x.i]! += 1;
      break;
    }
    for (const x of open) {
      const give = Math.min(each, x.d - shares[x.i]!);
      shares[x.i]! += give;
      left -= give;
    }
    open = open.filter((x) => shares[x.i]! < x.d);
  }
  return shares;
}

interface Reservation {
  quota: number;
  until: number;
  /** The latest ask read from this incarnation. */
  seq: number;
  demand: number;
}

/** A reservation as the pool keeps (and may persist) it. */
export type ReservationRecord = Readonly<Reservation>;

/** The longest quota lease a shard may ask for. */
export const MAX_QUOTA_LEASE_MS = 2 * 3_600_000;

/** The run's pool: the reservations of every shard incarnation, and the run's limit. */
export class QuotaPool {
  private readonly reservations = new Map<string, Reservation>();

  /**
   * @param skewMs a bound on the clocks' skew between the pool and its shards: each reservation outlives the
   *   lease it replies with by this much (the shard subtracts as much again, GateShard.apply)
   */
  constructor(
    readonly limit: number,
    readonly skewMs = 0,
  ) {}

  /** The unexpired reservations, by shard incarnation (to persist them, or to carry them to a pool of another limit). */
  entries(now: number): [string, ReservationRecord][] {
    return this.live(now);
  }

  /**
   * Puts back a reservation read from storage (a restarted pool). What is put back must be at least what was
   * last replied (quota and until): erring high only keeps quota reserved a little longer.
   */
  restore(shard: string, r: ReservationRecord): void {
    this.reservations.set(shard, { ...r });
  }

  private live(now: number): [string, Reservation][] {
    for (const [k, r] of this.reservations) if (r.until <= now) this.reservations.delete(k);
    return [...this.reservations];
  }

  /** Quota no shard holds a reservation for. */
  free(now: number): number {
    return this.limit - this.reserved(now);
  }

  /** The sum of unexpired reservations (never above the limit). */
  reserved(now: number): number {
    return this.live(now).reduce((n, [, r]) => n + r.quota, 0);
  }

  /**
   * Reads an ask and answers it, or null for an ask older than one already
   * read (a delayed duplicate: its reply would be discarded anyway).
   */
  ask(a: QuotaAsk, now: number): QuotaReply | null {
    const live = this.live(now);
    const prior = this.reservations.get(a.shard);
    if (prior && a.seq <= prior.seq) return null;
    // No reply older than this ask can still apply, so the shard holds what it says; never more than was reserved.
    const held = prior ? Math.max(0, Math.min(prior.quota, Math.floor(a.quota))) : 0;
    // What it wants, never less than what its holders hold (quota it merely keeps is not demand).
    const demand = Math.max(0, Math.floor(a.in_use), Math.floor(a.demand));
    const others = live.filter(([k]) => k !== a.shard);
    // Shares over every live shard in a fixed order (by name), so they do not depend on who asks first.
    const all = [...others.map(([k, r]) => ({ k, demand: r.demand, quota: r.quota })), { k: a.shard, demand, quota: held }].sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0));
    const shares = fairShares(this.limit, all.map((x) => x.demand), all.map((x) => x.quota));
    const target = shares[all.findIndex((x) => x.k === a.shard)]!;
    const free = this.limit - others.reduce((n, [, r]) => n + r.quota, 0) - held;
    const quota = held + Math.max(0, Math.min(free, target - held));
    const lease = Math.min(MAX_QUOTA_LEASE_MS, Math.max(1, Math.floor(a.lease_ms ?? QUOTA_LEASE_MS)));
    const until = now + lease;
    this.reservations.set(a.shard, { quota, until: until + this.skewMs, seq: a.seq, demand });
    return { shard: a.shard, seq: a.seq, quota, until, target };
  }
}

interface HolderSlots {
  slots: number;
  until: number;
}

/** One shard of a run's gate: the holders it granted slots to, under the quota it leases from the pool. */
export class GateShard {
  private quota = 0;
  private until = 0;
  private target = 0;
  private seq = 0;
  private readonly holders = new Map<string, HolderSlots>();
  /** Slots holders asked for and did not get, by holder, until their lease would end: the demand the next ask reports. */
  private readonly wanting = new Map<string, HolderSlots>();

  constructor(readonly name: string) {}

  private expire(now: number): void {
    for (const [id, h] of this.holders) if (h.until <= now) this.holders.delete(id);
    // A holder that stopped asking (it died, or its work went elsewhere) stops counting as demand.
    for (const [id, w] of this.wanting) if (w.until <= now) this.wanting.delete(id);
  }

  /** The quota the shard may grant from now (none once its lease has lapsed). */
  capacity(now: number): number {
    return this.until > now ? this.quota : 0;
  }

  /** Slots held by holders whose lease has not run out. */
  inUse(now: number): number {
    this.expire(now);
    let n = 0;
    for (const h of this.holders.values()) n += h.slots;
    return n;
  }

  /** The holders' slots, for the caller's accounting. */
  held(now: number): ReadonlyMap<string, Readonly<HolderSlots>> {
    this.expire(now);
    return this.holders;
  }

  /** What the shard holds and wants now (for the caller to decide when to ask). */
  status(now: number): { quota: number; until: number; target: number; in_use: number; waiting: number } {
    const in_use = this.inUse(now);
    let waiting = 0;
    for (const w of this.wanting.values()) waiting += w.slots;
    return { quota: this.capacity(now), until: this.until, target: this.target, in_use, waiting };
  }

  /**
   * Grants `holder` up to `want` more slots, its lease (renewed) ending by the shard's own. What it did not
   * get counts as demand for `wantMs` (default: the lease), unless it asks again.
   */
  claim(holder: string, want: number, leaseMs: number, now: number, wantMs = leaseMs): number {
    const free = Math.max(0, this.capacity(now) - this.inUse(now));
    const granted = Math.max(0, Math.min(Math.floor(want), free));
    const h = this.holders.get(holder) ?? { slots: 0, until: 0 };
    if (granted > 0 || h.slots > 0) {
      h.slots += granted;
      h.until = Math.min(now + leaseMs, this.until);
      this.holders.set(holder, h);
    }
    const short = Math.floor(want) - granted;
    if (short > 0) this.wanting.set(holder, { slots: short, until: now + wantMs });
    else if (want > 0) this.wanting.delete(holder);
    return granted;
  }

  /** Gives back `slots` of `holder`'s (all of them, and its wait, when it is done). */
  release(holder: string, slots: number, done = false): void {
    const h = this.holders.get(holder);
    if (h) {
      h.slots = Math.max(0, h.slots - Math.floor(slots));
      if (h.slots === 0) this.holders.delete(holder);
    }
    if (done) this.wanting.delete(holder);
  }

  /**
   * The ask to send the pool now. It first gives back quota above the
   * target (down to what is in use), so the pool may hand it on as soon as
   * it reads the ask; a reply to any earlier ask no longer applies.
   */
  ask(now: number): QuotaAsk {
    const used = this.inUse(now);
    if (this.capacity(now) === 0) this.quota = 0;
    else if (this.quota > this.target) this.quota = Math.max(used, this.target);
    let waiting = 0;
    for (const w of this.wanting.values()) waiting += w.slots;
    this.seq += 1;
    return { shard: this.name, seq: this.seq, quota: this.quota, in_use: used, demand: used + waiting };
  }

  /**
   * Applies the pool's reply when it answers the latest ask; false (ignored) otherwise. `skewMs` (the pool's
   * own) is taken off the lease, so the shard stops granting before the pool's clock could end the reservation.
   */
  apply(r: QuotaReply, skewMs = 0): boolean {
    if (r.shard !== this.name || r.seq !== this.seq) return false;
    this.quota = r.quota;
    this.until = r.until - skewMs;
    this.target = r.target;
    return true;
  }
}

/** Slots one shard is sized for: at 1–1.5 gate requests per attempt, about what one object's ~1,000 requests/s carry. */
export const SLOTS_PER_GATE_SHARD = 250;
export const MAX_GATE_SHARDS = 16;

/**
 * Shards of a run's gate: ⌈limit / perShard⌉, at most MAX_GATE_SHARDS. Only
 * a run whose limit is fixed and that has no budget is sharded: a band's
 * adaptive limit and a budget's admit-or-refuse step are decided in one
 * place (the run's RunGate), so those runs keep one gate (N = 1) whatever
 * their concurrency.
 */
export function gateShardCount(limit: number, run: { adaptive: boolean; budget: boolean }, perShard = SLOTS_PER_GATE_SHARD): number {
  if (run.adaptive || run.budget) return 1;
  return Math.min(MAX_GATE_SHARDS, Math.max(1, Math.ceil(limit / Math.max(1, Math.floor(perShard)))));
}

/** The shard that registers the attempt at `seq` (its messages, redeliveries too, always reach the same one). */
export function gateShardOf(seq: number, shards: number): number {
  return shards <= 1 ? 0 : seq % shards;
}
