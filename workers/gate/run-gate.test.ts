/**
 * RunGate: the run's semaphore of numbered slots, its registry of claimed
 * attempts, and where a stop reaches the run's invocations. A request for
 * slots waits at the gate and a released slot goes straight to the oldest
 * waiting holder; the run's limit holds throughout; holders, slots and
 * claims survive the object's eviction; a stop answers every waiting
 * request at once; work is taken for lost only by another boot of the
 * stack, and then with the tries its claims kept.
 */
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
const gate = () => env.RUN_GATE.get(env.RUN_GATE.idFromName(`run_gate_test_${crypto.randomUUID()}`));
const until = () => Date.now() + 600_000;
const at = (seq: number, tries = 0) => ({ seq, tries });

describe("RunGate", () => {
  it("grants numbered slots, lowest first, and hands a released one to a holder waiting for it", async () => {
    const g = gate();
    expect((await g.claim({ holder: "a", until: until(), attempts: [at(1), at(2)], want: 2, limit: 2 })).slots).toEqual([0, 1]);
    // Nothing free: b waits at the gate instead of polling.
    const waiting = g.more({ holder: "b", until: until(), want: 1, limit: 2, wait_ms: 5_000 });
    await g.release({ holder: "a", slots: [1] });
    expect(await waiting).toEqual({ slots: [1], stopped: false });
    expect(await g.stats()).toMatchObject({ in_flight: 2, max_in_flight: 2 });
  });

  it("answers none when no slot is released in time, and gives nothing away", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: until(), attempts: [], want: 2, limit: 2 });
    expect(await g.more({ holder: "b", until: until(), want: 1, limit: 2, wait_ms: 20 })).toEqual({ slots: [], stopped: false });
    // The timed-out request no longer waits: a later release stays free for whoever asks next.
    await g.release({ holder: "a", slots: [0] });
    expect(await g.stats()).toMatchObject({ in_flight: 1 });
    expect((await g.more({ holder: "c", until: until(), want: 5, limit: 2 })).slots).toEqual([0]);
  });

  it("serves waiting holders oldest first and never beyond the limit", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: until(), attempts: [], want: 3, limit: 3 });
    const b = g.more({ holder: "b", until: until(), want: 2, limit: 3, wait_ms: 5_000 });
    const c = g.more({ holder: "c", until: until(), want: 2, limit: 3, wait_ms: 200 });
    await g.release({ holder: "a", slots: [2] });
    expect((await b).slots).toEqual([2]);
    expect((await c).slots).toEqual([]);
    await g.release({ holder: "a", slots: [0, 1] });
    expect((await g.more({ holder: "c", until: until(), want: 5, limit: 3 })).slots).toEqual([0, 1]);
    expect(await g.stats()).toMatchObject({ in_flight: 3, max_in_flight: 3 });
  });

  it("tells a redelivered attempt it is running elsewhere, until its holder lets go", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: until(), attempts: [at(7)], want: 1, limit: 4 });
    expect((await g.claim({ holder: "b", until: until(), attempts: [at(7), at(8)], want: 1, limit: 4 })).busy).toEqual([7]);
    await g.release({ holder: "a", done: true });
    expect((await g.claim({ holder: "c", until: until(), attempts: [at(7)], want: 0, limit: 4 })).busy).toEqual([]);
  });

  it("a holder whose wall time ended is gone: its slots are free and its claims no longer busy", async () => {
    const g = gate();
    await g.claim({ holder: "dead", until: Date.now() + 300, attempts: [at(1)], want: 2, limit: 2 });
    expect((await g.claim({ holder: "b", until: until(), attempts: [at(1)], want: 2, limit: 2 })).busy).toEqual([1]);
    await new Promise((r) => setTimeout(r, 400));
    expect(await g.claim({ holder: "b", until: until(), attempts: [at(1)], want: 2, limit: 2 })).toMatchObject({ slots: [0, 1], busy: [] });
  });

  it("keeps holders, slots and claims through an eviction: the new instance resumes them", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: until(), attempts: [at(3, 2), at(4)], want: 2, limit: 3 });
    await evictDurableObject(g);
    // The slots are still a's (one left), and its claims still make a redelivery busy.
    expect(await g.claim({ holder: "b", until: until(), attempts: [at(3), at(5)], want: 3, limit: 3 })).toMatchObject({ slots: [2], busy: [3] });
    expect(await g.stats()).toMatchObject({ in_flight: 3, holders: 2 });
    // An eviction is not lost work: the same boot finds nothing to recover.
    expect(await g.takeLost("")).toBeNull();
  });

  it("a stop answers every waiting request at once and grants nothing until a resume", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: until(), attempts: [], want: 1, limit: 1 });
    const waiting = g.more({ holder: "b", until: until(), want: 1, limit: 1, wait_ms: 60_000 });
    const watching = g.watch({ holder: "a", wait_ms: 60_000 });
    await g.halt();
    expect(await waiting).toEqual({ slots: [], stopped: true });
    expect(await watching).toEqual({ stopped: true });
    await g.release({ holder: "a", slots: [0] });
    expect(await g.more({ holder: "c", until: until(), want: 1, limit: 1 })).toEqual({ slots: [], stopped: true });
    await g.resume();
    expect(await g.more({ holder: "c", until: until(), want: 1, limit: 1 })).toEqual({ slots: [0], stopped: false });
  });

  it("a holder letting go answers its own waiting requests", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: until(), attempts: [], want: 1, limit: 1 });
    const watching = g.watch({ holder: "b", wait_ms: 60_000 });
    const waiting = g.more({ holder: "b", until: until(), want: 1, limit: 1, wait_ms: 60_000 });
    await g.release({ holder: "b", done: true });
    expect(await watching).toEqual({ stopped: false });
    expect(await waiting).toEqual({ slots: [], stopped: false });
  });

  it("another boot takes the work for lost once: its dead holders' claims come back with their tries", async () => {
    const g = gate();
    await g.claim({ holder: "killed", until: until(), boot: "boot-1", attempts: [at(1, 3), { seq: 2, tries: 1, reply_key: "runs/x/replies/2-1.json" }], want: 2, limit: 2 });
    // A retry sent back to the queue keeps its tries without a holder.
    await g.release({ holder: "killed", requeued: [{ seq: 5, tries: 2 }] });
    expect(await g.takeLost("boot-1")).toBeNull();
    const lost = await g.takeLost("boot-2");
    expect(lost?.from).toBe(0);
    expect(lost?.tries.sort((a, b) => a.seq - b.seq)).toEqual([
      { seq: 1, tries: 3, limited_since: null, reply_key: null },
      { seq: 2, tries: 1, limited_since: null, reply_key: "runs/x/replies/2-1.json" },
      { seq: 5, tries: 2, limited_since: null, reply_key: null },
    ]);
    // The dead holder's slots are free, and the same boot asking again finds the recovery under way, then done.
    expect(await g.stats()).toMatchObject({ in_flight: 0, holders: 0 });
    await g.recoveryAt(null);
    expect(await g.takeLost("boot-2")).toBeNull();
  });

  it("counts a settle sent again under the same group once", async () => {
    const g = gate();
    await g.setCounts({ total: 10 });
    await g.settle(3, "group-1");
    await g.settle(3, "group-1");
    expect((await g.settle(2, "group-2")).terminal).toBe(5);
  });
});
