// The sharded gate under simulation: many shards, thousands of holders,
// asks and replies lost, delayed and reordered, holders dying and shards
// restarting (their memory gone) at random. At every step the slots granted
// and not yet released or expired, over every shard incarnation alive or
// dead, stay within the run's limit; once the run quiets down, one shard can
// again be given the whole limit (no slot leaked).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fairShares, GateShard, gateShardCount, gateShardOf, QUOTA_LEASE_MS, QuotaPool, type QuotaAsk, type QuotaReply } from "./gate-shards";

describe("fairShares", () => {
  it.each([
    { limit: 10, demands: [], shares: [] },
    { limit: 10, demands: [3, 4], shares: [3, 4] },
    { limit: 10, demands: [100, 100], shares: [5, 5] },
    { limit: 10, demands: [2, 100, 100], shares: [2, 4, 4] },
    { limit: 10, demands: [0, 7, 1], shares: [0, 7, 1] },
    { limit: 2, demands: [5, 9, 7], shares: [0, 1, 1] },
    { limit: 7, demands: [3, 3, 3], shares: [3, 2, 2] },
    { limit: 0, demands: [4], shares: [0] },
  ])("shares $limit among $demands", ({ limit, demands, shares }) => {
    expect(fairShares(limit, demands)).toEqual(shares);
  });

  it("never gives a shard more than it wants, nor more than the limit in all, and uses the limit when demand exceeds it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 20 }), (limit, demands) => {
        const shares = fairShares(limit, demands);
        const sum = shares.reduce((a, b) => a + b, 0);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(demands[i]!);
        });
        expect(sum).toBe(Math.min(limit, demands.reduce((a, b) => a + b, 0)));
      }),
    );
  });
});

const MAX_LEASE_MS = 30_000;

type Op =
  | { t: "claim"; h: number; want: number; lease: number }
  | { t: "release"; h: number; n: number; done: boolean }
  | { t: "renew"; h: number; lease: number }
  | { t: "die"; h: number }
  | { t: "ask"; s: number }
  | { t: "deliver"; i: number; drop: boolean }
  | { t: "restart"; s: number }
  | { t: "tick"; ms: number };

const holderIdx = fc.nat();
const lease = fc.integer({ min: 5_000, max: MAX_LEASE_MS });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 30, arbitrary: fc.record({ t: fc.constant("claim" as const), h: holderIdx, want: fc.integer({ min: 1, max: 8 }), lease }) },
  { weight: 15, arbitrary: fc.record({ t: fc.constant("release" as const), h: holderIdx, n: fc.integer({ min: 1, max: 8 }), done: fc.boolean() }) },
  { weight: 8, arbitrary: fc.record({ t: fc.constant("renew" as const), h: holderIdx, lease }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("die" as const), h: holderIdx }) },
  { weight: 20, arbitrary: fc.record({ t: fc.constant("ask" as const), s: fc.nat() }) },
  { weight: 30, arbitrary: fc.record({ t: fc.constant("deliver" as const), i: fc.nat(), drop: fc.integer({ min: 0, max: 4 }).map((n) => n === 0) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("restart" as const), s: fc.nat() }) },
  { weight: 10, arbitrary: fc.record({ t: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 5_000 }) }) },
);

type Message = { ask: QuotaAsk } | { reply: QuotaReply };

/** A run's gate: the pool, the live incarnation of each shard, the dead ones, holders and the network between them. */
class World {
  now = 1_000_000;
  readonly pool: QuotaPool;
  readonly shards: GateShard[];
  readonly dead: GateShard[] = [];
  /** Messages in flight, delivered in any order, or lost. */
  net: Message[] = [];
  /** Each holder's shard and whether it is alive. */
  readonly holders: { shard: number; alive: boolean }[];
  private generation = 0;
  maxHeld = 0;
  granted = 0;

  constructor(
    readonly limit: number,
    shardCount: number,
    holderCount: number,
  ) {
    this.pool = new QuotaPool(limit);
    this.shards = Array.from({ length: shardCount }, (_, i) => new GateShard(`s${i}#0`));
    this.holders = Array.from({ length: holderCount }, (_, i) => ({ shard: i % shardCount, alive: true }));
  }

  private shardOf(h: number): GateShard {
    return this.shards[this.holders[h]!.shard]!;
  }

  /** Delivers one message to the pool or to the shard incarnation it is for (a restarted shard's are lost). */
  private deliver(m: Message): void {
    if ("ask" in m) {
      const reply = this.pool.ask(m.ask, this.now);
      if (reply) this.net.push({ reply });
    } else this.shards.find((s) => s.name === m.reply.shard)?.apply(m.reply);
  }

  step(o: Op): void {
    const h = "h" in o ? o.h % this.holders.length : 0;
    const alive = this.holders[h]?.alive ?? false;
    switch (o.t) {
      case "claim":
        if (alive) this.granted += this.shardOf(h).claim(`h${h}`, o.want, o.lease, this.now);
        break;
      case "release":
        if (alive) this.shardOf(h).release(`h${h}`, o.n, o.done);
        break;
      case "renew":
        if (alive) this.shardOf(h).claim(`h${h}`, 0, o.lease, this.now);
        break;
      case "die":
        this.holders[h]!.alive = false;
        break;
      case "ask": {
        const s = this.shards[o.s % this.shards.length]!;
        this.net.push({ ask: s.ask(this.now) });
        break;
      }
      case "deliver": {
        if (!this.net.length) break;
        const [m] = this.net.splice(o.i % this.net.length, 1);
        if (!o.drop) this.deliver(m!);
        break;
      }
      case "restart": {
        // The object's memory is gone; its holders' slots are still being used until their leases end.
        const i = o.s % this.shards.length;
        this.dead.push(this.shards[i]!);
        this.shards[i] = new GateShard(`s${i}#${++this.generation}`);
        break;
      }
      case "tick":
        this.now += o.ms;
        break;
    }
  }

  /** Slots granted and not released or expired, over every incarnation: an upper bound on the calls in flight. */
  held(): number {
    return [...this.shards, ...this.dead].reduce((n, s) => n + s.inUse(this.now), 0);
  }

  check(): void {
    const held = this.held();
    this.maxHeld = Math.max(this.maxHeld, held);
    expect(held).toBeLessThanOrEqual(this.limit);
    // What live shards may still grant, plus what dead ones' holders still hold, is within the limit too.
    const capacity = this.shards.reduce((n, s) => n + s.capacity(this.now), 0) + this.dead.reduce((n, s) => n + s.inUse(this.now), 0);
    expect(capacity).toBeLessThanOrEqual(this.limit);
    for (const s of this.shards) expect(s.inUse(this.now)).toBeLessThanOrEqual(s.capacity(this.now));
    expect(this.pool.reserved(this.now)).toBeLessThanOrEqual(this.limit);
  }

  /** Every live shard asks and its reply arrives (nothing lost). */
  round(order: GateShard[] = this.shards): void {
    for (const s of order) {
      const reply = this.pool.ask(s.ask(this.now), this.now);
      if (reply) s.apply(reply);
      this.check();
    }
  }
}

describe("a sharded gate under simulation", () => {
  it("keeps the slots in use within the limit at every step, whatever is lost or dies, and leaks none", () => {
    let sawFull = false;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 50, max: 2_000 }),
        fc.array(op, { minLength: 200, maxLength: 2_000 }),
        (limit, shardCount, holderCount, ops) => {
          const w = new World(limit, shardCount, holderCount);
          for (const o of ops) {
            w.step(o);
            w.check();
          }
          if (w.maxHeld === limit) sawFull = true;

          // Quiet down: live holders give everything back, whatever is in flight is lost, and time passes
          // while live shards keep asking, until every dead holder's and dead shard's lease has run out.
          w.holders.forEach((x, i) => {
            if (x.alive) w.shards[x.shard]!.release(`h${i}`, Number.MAX_SAFE_INTEGER, true);
          });
          w.net = [];
          for (let t = 0; t <= QUOTA_LEASE_MS + MAX_LEASE_MS; t += 5_000) {
            w.now += 5_000;
            w.round();
          }
          expect(w.held()).toBe(0);

          // Then one holder on shard 0 wants the whole limit: the others give their quota back, and it gets all of it.
          const first = w.shards[0]!;
          let got = 0;
          for (let r = 0; r < 4 && got < limit; r++) {
            got += first.claim("last", limit - got, MAX_LEASE_MS, w.now);
            w.round([first, ...w.shards.slice(1)]);
            got += first.claim("last", limit - got, MAX_LEASE_MS, w.now);
            w.check();
          }
          expect(got).toBe(limit);
          expect(w.pool.free(w.now)).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
    // The limit is not only held but reached: the simulation does put the gate under pressure.
    expect(sawFull).toBe(true);
  }, 120_000);

  it("gives a lost reply's quota back at the shard's next ask", () => {
    const pool = new QuotaPool(10);
    const a = new GateShard("a#0");
    const b = new GateShard("b#0");
    a.claim("h1", 10, 10_000, 0);
    const lost = pool.ask(a.ask(0), 0);
    expect(lost?.quota).toBe(10); // reserved for a, which never hears of it
    b.claim("h2", 10, 10_000, 0);
    expect(pool.ask(b.ask(0), 0)?.quota).toBe(0);
    // a asks again: it holds nothing, so its reservation is what it reports, and its fair half is free for b.
    a.release("h1", 0, true);
    expect(a.apply(pool.ask(a.ask(1), 1)!)).toBe(true);
    expect(a.capacity(1)).toBe(0);
    expect(b.apply(pool.ask(b.ask(2), 2)!)).toBe(true);
    expect(b.capacity(2)).toBe(10);
    expect(b.claim("h2", 10, 10_000, 2)).toBe(10);
  });

  it("keeps a dead shard's quota reserved until its holders' leases have ended", () => {
    const pool = new QuotaPool(4);
    const a = new GateShard("a#0");
    a.claim("h1", 4, 10_000, 0);
    a.apply(pool.ask(a.ask(0), 0)!);
    expect(a.claim("h1", 4, 10_000, 0)).toBe(4);
    const a2 = new GateShard("a#1"); // a restarted: h1 still calls until its lease ends
    a2.claim("h2", 4, 10_000, 5_000);
    a2.apply(pool.ask(a2.ask(5_000), 5_000)!);
    expect(a2.capacity(5_000)).toBe(0);
    const later = QUOTA_LEASE_MS + 1;
    expect(a2.claim("h2", 4, 10_000, later)).toBe(0); // still waiting: a's reservation only lapses now
    a2.apply(pool.ask(a2.ask(later), later)!);
    expect(a.inUse(later)).toBe(0);
    expect(a2.claim("h2", 4, 10_000, later)).toBe(4);
  });

  it("ignores a reply to an ask older than the latest, and an ask older than one already read", () => {
    const pool = new QuotaPool(5);
    const a = new GateShard("a#0");
    a.claim("h", 5, 10_000, 0);
    const first = a.ask(0);
    const second = a.ask(0);
    const r2 = pool.ask(second, 0)!;
    expect(pool.ask(first, 0)).toBeNull();
    expect(a.apply({ ...r2, seq: first.seq })).toBe(false);
    expect(a.apply(r2)).toBe(true);
    expect(a.capacity(0)).toBe(5);
  });

  it("allows for clock skew: the pool reserves past the lease it replies with, the shard stops granting before it", () => {
    const pool = new QuotaPool(3, 1_000);
    const a = new GateShard("a#0");
    a.claim("h", 3, 10_000, 0);
    const r = pool.ask({ ...a.ask(0), lease_ms: 5_000 }, 0)!;
    expect(r).toMatchObject({ quota: 3, until: 5_000 });
    expect(a.apply(r, 1_000)).toBe(true);
    expect(a.capacity(3_999)).toBe(3);
    expect(a.capacity(4_000)).toBe(0);
    // The pool still counts it reserved a second past the reply's lease, by its own clock.
    expect(pool.free(5_999)).toBe(0);
    expect(pool.free(6_000)).toBe(3);
  });

  it("a pool restored from its reservations hands out none of them again", () => {
    const pool = new QuotaPool(4);
    const a = new GateShard("a#0");
    a.claim("h", 4, 10_000, 0);
    a.apply(pool.ask(a.ask(0), 0)!);
    const restarted = new QuotaPool(4);
    for (const [k, r] of pool.entries(0)) restarted.restore(k, r);
    const b = new GateShard("b#0");
    b.claim("h2", 4, 10_000, 1);
    expect(restarted.ask(b.ask(1), 1)?.quota).toBe(0);
    expect(restarted.ask(a.ask(1), 1)?.quota).toBe(4);
  });
});

describe("gate shard count", () => {
  it("is ⌈C / 250⌉ up to 16 for a fixed limit without a budget, 1 for a band or a budget", () => {
    expect([1, 250, 251, 1000, 4000, 10_000].map((c) => gateShardCount(c, { adaptive: false, budget: false }))).toEqual([1, 1, 2, 4, 16, 16]);
    expect(gateShardCount(1000, { adaptive: true, budget: false })).toBe(1);
    expect(gateShardCount(1000, { adaptive: false, budget: true })).toBe(1);
    expect(gateShardCount(12, { adaptive: false, budget: false }, 4)).toBe(3);
    expect([0, 1, 2, 3, 7].map((s) => gateShardOf(s, 3))).toEqual([0, 1, 2, 0, 1]);
    expect(gateShardOf(7, 1)).toBe(0);
  });
});
