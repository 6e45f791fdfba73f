/**
 * RunGate with a concurrency band: the limit starts at min and moves with
 * the calls reported, and however it moves, a call starts only on a slot
 * granted or kept while the slots held were within the limit of that moment;
 * slots above a lowered limit are taken back as their calls end.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { gateFor } from "./client";

const BAND = { min: 2, max: 8 };
const gate = () => gateFor(env as unknown as Env, `run_gate_band_${crypto.randomUUID()}`);
const ok = (epoch = 0) => ({ status: 200, latency_ms: 50, retry_after_ms: null, epoch });
const refused = (epoch = 0) => ({ status: 429, latency_ms: null, retry_after_ms: 1_000, epoch });

describe("RunGate with a band", () => {
  it("starts at min, grants more as calls succeed, and takes slots back after a 429", async () => {
    const g = gate();
    const first = await g.claim({ holder: "a", until: Date.now() + 600_000, attempts: [], want: 8, limit: 8, band: BAND });
    expect(first).toMatchObject({ slots: [0, 1], epoch: 0 });
    expect(await g.report({ holder: "a", calls: [ok(), ok()] })).toEqual({ keep: true, epoch: 0, limit: 4 });
    expect((await g.more({ holder: "a", until: Date.now() + 600_000, want: 6, limit: 8, band: BAND })).slots).toEqual([2, 3]);
    // A 429 cuts 4 to 2: of the four slots held, two are taken back as their workers ask to call again.
    expect(await g.report({ holder: "a", calls: [refused()], keep: true })).toEqual({ keep: false, epoch: 1, limit: 2 });
    expect(await g.report({ holder: "a", calls: [], keep: true })).toMatchObject({ keep: false });
    expect(await g.report({ holder: "a", calls: [], keep: true })).toMatchObject({ keep: true });
    expect(await g.stats()).toMatchObject({ in_flight: 2, limit: 2 });
    expect((await g.more({ holder: "b", until: Date.now() + 600_000, want: 1, limit: 8, band: BAND })).slots).toEqual([]);
  });

  it("hands slots to a waiting holder as soon as the limit rises", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: Date.now() + 600_000, attempts: [], want: 8, limit: 8, band: BAND });
    const waiting = g.more({ holder: "b", until: Date.now() + 600_000, want: 3, limit: 8, wait_ms: 1_000, band: BAND });
    await g.report({ holder: "a", calls: [ok()] });
    expect((await waiting).slots).toHaveLength(1);
    expect(await g.stats()).toMatchObject({ in_flight: 3, limit: 3 });
  });

  it("never lets a call start above the limit of its moment, however the limit moves", async () => {
    const g = gate();
    // A fixed pseudo-random walk of three holders (MINSTD: the same sequence every run).
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 48271) % 2147483647), Math.floor((seed / 2147483647) * n));
    // The slot numbers each holder holds: no number is ever held twice, and their count is the gate's in_flight.
    const held: Record<string, number[]> = { a: [], b: [], c: [] };
    let epoch = 0;
    let starts = 0;
    let revoked = 0;
    const limits = new Set<number>();
    for (let step = 0; step < 120; step++) {
      const h = ["a", "b", "c"][rand(3)]!;
      const op = rand(4);
      const mine = held[h]!;
      if (op === 0) {
        const got = (await g.more({ holder: h, until: Date.now() + 600_000, want: 1 + rand(4), limit: 8, band: BAND })).slots;
        mine.push(...got);
        starts += got.length;
        if (got.length > 0) {
          const s = await g.stats();
          expect(s.in_flight).toBeLessThanOrEqual(s.limit!);
        }
      } else if (mine.length > 0 && op < 3) {
        // A worker's call on one of its slots ended (mostly answered, sometimes refused) and it asks to call again.
        const slot = mine[rand(mine.length)]!;
        const r = await g.report({ holder: h, calls: [rand(5) === 0 ? refused(epoch) : ok(epoch)], keep: true, slot });
        epoch = r.epoch;
        limits.add(r.limit);
        if (r.keep) {
          starts++;
          const s = await g.stats();
          expect(s.in_flight).toBeLessThanOrEqual(s.limit!);
        } else {
          mine.splice(mine.indexOf(slot), 1);
          revoked++;
        }
      } else if (mine.length > 0) {
        await g.release({ holder: h, slots: [mine.shift()!] });
      }
      const all = [...held.a!, ...held.b!, ...held.c!];
      expect(new Set(all).size).toBe(all.length);
      expect((await g.stats()).in_flight).toBe(all.length);
    }
    // The walk did move the limit both ways and did take slots back (else the test proves nothing).
    expect(limits.size).toBeGreaterThan(2);
    expect(revoked).toBeGreaterThan(0);
    expect(starts).toBeGreaterThan(20);
  });

  it("a pinned run keeps its limit whatever is reported", async () => {
    const g = gate();
    expect((await g.claim({ holder: "a", until: Date.now() + 600_000, attempts: [], want: 5, limit: 3, band: { min: 3, max: 3 } })).slots).toEqual([0, 1, 2]);
    expect(await g.report({ holder: "a", calls: [refused(), refused(), ok()], keep: true })).toEqual({ keep: true, epoch: 0, limit: 3 });
    expect(await g.stats()).toMatchObject({ in_flight: 3, limit: 3 });
  });

  it("counts reported calls into the timeline's open sample", async () => {
    const g = gate();
    await g.claim({ holder: "a", until: Date.now() + 600_000, attempts: [], want: 8, limit: 8, band: BAND });
    await g.report({ holder: "a", calls: [ok(), ok(), refused(), { status: 503, latency_ms: null, retry_after_ms: null, epoch: 1 }] });
    const [sample, ...rest] = await g.timeline();
    expect(rest).toEqual([]);
    expect(sample).toMatchObject({ calls: 4, succeeded: 2, rate_limited: 1, errors: 1, in_flight: 2, latency_p50_ms: 50 });
  });
});
