/**
 * A sharded run's gate in workerd: RunGateShard objects leasing quota from
 * the run's RunGate (the pool). The slots in use over every shard stay
 * within the run's limit while quota moves to the shard that wants it; a
 * shard that restarts (its memory and its holders' slots gone while they
 * still call) keeps its quota reserved until those slots have lapsed, then
 * gives it all back; an evicted pool keeps its reservations and does not
 * take a run whose shards have live holders for lost; an attempt's claim is
 * seen by its redelivery.
 */
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { gateFor, gateShardFor } from "./client";
import { shardsOf } from "./slot-gate";

const LEASE = 60_000;
const e = env as unknown as Env;
const newRun = () => `run_shard_test_${crypto.randomUUID()}`;

describe("RunGateShard", () => {
  it("holds the run's limit over all its shards while quota moves to the shard that wants it", async () => {
    const run = newRun();
    const [s0, s1] = [gateShardFor(e, run, 0), gateShardFor(e, run, 1)];
    const inUse = async () => (await s0.stats()).in_use + (await s1.stats()).in_use;
    // a, alone, gets the whole limit at shard 0 (its first claim asks the pool; the reply wakes its wait).
    const first = await s0.claim({ run, shard: 0, holder: "a", attempts: [], want: 6, limit: 6, lease_ms: LEASE });
    let a = first.granted + (await s0.more({ run, shard: 0, holder: "a", want: 6 - first.granted, limit: 6, lease_ms: LEASE, wait_ms: 1_000 })).granted;
    expect(a).toBe(6);
    // b at shard 1 gets nothing while a holds it all, however long it waits.
    let b = (await s1.claim({ run, shard: 1, holder: "b", attempts: [], want: 3, limit: 6, lease_ms: LEASE })).granted;
    b += (await s1.more({ run, shard: 1, holder: "b", want: 3 - b, limit: 6, lease_ms: LEASE, wait_ms: 600 })).granted;
    expect(b).toBe(0);
    expect(await inUse()).toBe(6);
    // a gives back half: shard 0 returns the quota above its fair share, and b's waits get it.
    await s0.release({ holder: "a", slots: 3, attempts: [] });
    a -= 3;
    for (let i = 0; i < 20 && b < 3; i++) {
      b += (await s1.more({ run, shard: 1, holder: "b", want: 3 - b, limit: 6, lease_ms: LEASE, wait_ms: 1_000 })).granted;
      expect(await inUse()).toBeLessThanOrEqual(6);
    }
    expect([a, b]).toEqual([3, 3]);
    expect(await inUse()).toBe(6);
    // Over the limit: nobody else gets a slot anywhere.
    expect((await s0.more({ run, shard: 0, holder: "c", want: 1, limit: 6, lease_ms: LEASE, wait_ms: 300 })).granted).toBe(0);
    const pool = await gateFor(e, run).stats();
    expect(pool.max_in_flight).toBeLessThanOrEqual(6);
    expect(pool.limit).toBe(6);
  });

  it("a restarted shard gets no slot its dead incarnation's holders may still use, then gets the whole limit back", async () => {
    const run = newRun();
    const s0 = gateShardFor(e, run, 0);
    // a holds the whole limit under a short lease (1 s, the least a holder may ask for).
    await s0.claim({ run, shard: 0, holder: "a", attempts: [], want: 4, limit: 4, lease_ms: 1_000 });
    const got = await s0.more({ run, shard: 0, holder: "a", want: 4, limit: 4, lease_ms: 1_000, wait_ms: 1_000 });
    expect(got.granted).toBe(4);
    const aUntil = got.until!;
    const before = (await s0.stats()).incarnation;
    // The shard is evicted (its memory gone); a goes on calling on its 4 slots until they lapse.
    await evictDurableObject(s0);
    const b0 = await s0.claim({ run, shard: 0, holder: "b", attempts: [], want: 4, limit: 4, lease_ms: 1_000 });
    expect((await s0.stats()).incarnation).not.toBe(before);
    let b = b0.granted;
    for (let i = 0; i < 40 && b < 4; i++) {
      const g = await s0.more({ run, shard: 0, holder: "b", want: 4 - b, limit: 4, lease_ms: 60_000, wait_ms: 1_000 });
      // Whatever b gets, it gets only once a's slots (granted by the dead incarnation) have lapsed.
      if (g.granted > 0) expect(Date.now()).toBeGreaterThanOrEqual(aUntil);
      b += g.granted;
    }
    // Nothing leaked: once the dead incarnation's reservation ends, the new one can have the whole limit.
    expect(b).toBe(4);
    expect((await gateFor(e, run).stats()).max_in_flight).toBeLessThanOrEqual(4);
  }, 60_000);

  it("an evicted pool starts from its stored reservations: it hands out no quota a shard may still grant from", async () => {
    const run = newRun();
    const [s0, s1] = [gateShardFor(e, run, 0), gateShardFor(e, run, 1)];
    await s0.claim({ run, shard: 0, holder: "a", attempts: [], want: 4, limit: 4, lease_ms: LEASE });
    expect((await s0.more({ run, shard: 0, holder: "a", want: 4, limit: 4, lease_ms: LEASE, wait_ms: 1_000 })).granted).toBe(4);
    await evictDurableObject(gateFor(e, run));
    // b at shard 1 asks the new pool instance: shard 0's reservation (a minute) is still there.
    expect((await s1.claim({ run, shard: 1, holder: "b", attempts: [], want: 2, limit: 4, lease_ms: LEASE })).granted).toBe(0);
    expect((await s1.more({ run, shard: 1, holder: "b", want: 2, limit: 4, lease_ms: LEASE, wait_ms: 600 })).granted).toBe(0);
    expect((await s1.stats()).asks).toBeGreaterThan(0);
    // Once a gives slots back, shard 0 returns quota above its share, and the restored pool passes it on.
    await s0.release({ holder: "a", slots: 2, attempts: [] });
    let b = 0;
    for (let i = 0; i < 20 && b < 2; i++) b += (await s1.more({ run, shard: 1, holder: "b", want: 2 - b, limit: 4, lease_ms: LEASE, wait_ms: 1_000 })).granted;
    expect(b).toBe(2);
    expect((await s0.stats()).in_use + (await s1.stats()).in_use).toBe(4);
  });

  it("a shard's live holders keep an evicted pool from taking the run's work for lost", async () => {
    const run = newRun();
    const s0 = gateShardFor(e, run, 0);
    await s0.claim({ run, shard: 0, holder: "a", attempts: [], want: 2, limit: 2, lease_ms: LEASE });
    expect((await s0.more({ run, shard: 0, holder: "a", want: 2, limit: 2, lease_ms: LEASE, wait_ms: 1_000 })).granted).toBe(2);
    await gateFor(e, run).markWork();
    await evictDurableObject(gateFor(e, run));
    // The new instance hears from the shard (it asks every 250 ms while its holder holds slots) before it is asked.
    const asks = (await s0.stats()).asks;
    for (let i = 0; i < 40 && (await s0.stats()).asks < asks + 2; i++) await s0.more({ run, shard: 0, holder: "a", want: 0, limit: 2, lease_ms: LEASE, wait_ms: 0 }).then(() => new Promise((r) => setTimeout(r, 100)));
    expect(await gateFor(e, run).takeLost()).toBeNull();
  });

  it("tells a redelivered attempt's claim that it is running, at the shard its seq maps to", async () => {
    const run = newRun();
    const s2 = gateShardFor(e, run, 2);
    expect((await s2.claim({ run, shard: 2, holder: "a", attempts: ["x.2", "x.5"], want: 0, limit: 4, lease_ms: LEASE })).busy).toEqual([]);
    expect((await s2.claim({ run, shard: 2, holder: "b", attempts: ["x.5", "x.8"], want: 0, limit: 4, lease_ms: LEASE })).busy).toEqual(["x.5"]);
    await s2.release({ holder: "a", slots: 0, attempts: ["x.2", "x.5"], done: true });
    expect((await s2.claim({ run, shard: 2, holder: "b", attempts: ["x.5"], want: 0, limit: 4, lease_ms: LEASE })).busy).toEqual([]);
  });

  it("shards only a fixed limit without a budget; the count is fixed at the pool for the whole run", async () => {
    const run = newRun();
    await gateFor(e, run).setShardCount(3);
    expect(await shardsOf(e, run, 8, { adaptive: false, budget: false })).toBe(3);
    expect(await shardsOf(e, run, 8, { adaptive: true, budget: false })).toBe(1);
    expect(await shardsOf(e, run, 8, { adaptive: false, budget: true })).toBe(1);
    // Unset, the first caller's proposal (⌈C / 250⌉, at most 16) is what every later caller gets.
    const wide = newRun();
    expect(await shardsOf(e, wide, 600, { adaptive: false, budget: false })).toBe(3);
    expect(await gateFor(e, wide).shardCount(7)).toBe(3);
    expect(await shardsOf(e, newRun(), 5_000, { adaptive: false, budget: false })).toBe(16);
    expect(await shardsOf(e, newRun(), 250, { adaptive: false, budget: false })).toBe(1);
  });
});
