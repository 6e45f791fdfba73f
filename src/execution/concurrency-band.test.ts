/** The band's controller: growth, decrease, bounds, retry-after and latency holds, one decrease per epoch. */
import { describe, expect, it } from "vitest";
import {
  adapts,
  bandLimit,
  bandOf,
  DECREASE_FACTOR,
  ERROR_MIN_CALLS,
  HOLD_MS,
  initialBand,
  LATENCY_WARMUP,
  observeCall,
  type BandState,
  type CallSignal,
} from "./concurrency-band";
import { RunOptions, RunOptionsPatch } from "../domain/run-options";
import { runOptionSpecs } from "../domain/run-option-catalog";

const ok = (epoch = 0, latency_ms = 100): CallSignal => ({ status: 200, latency_ms, retry_after_ms: null, epoch });
const limited = (epoch: number, retry_after_ms: number | null = null): CallSignal => ({ status: 429, latency_ms: null, retry_after_ms, epoch });
const failed = (epoch: number, status: number | null = 503): CallSignal => ({ status, latency_ms: null, retry_after_ms: null, epoch });

function feed(s: BandState, calls: CallSignal[], now = 0): BandState {
  for (const c of calls) s = observeCall(s, c, now);
  return s;
}

describe("concurrency band", () => {
  it("reads options.concurrency: a number pins it, a band with min < max adapts", () => {
    expect([bandOf(8), adapts(bandOf(8))]).toEqual([{ min: 8, max: 8 }, false]);
    expect([bandOf({ min: 2, max: 64 }), adapts(bandOf({ min: 2, max: 64 }))]).toEqual([{ min: 2, max: 64 }, true]);
    expect(adapts({ min: 4, max: 4 })).toBe(false);
  });

  it("starts at min and grows by one per answered call in slow start, never above max", () => {
    let s = initialBand({ min: 2, max: 10 });
    expect(bandLimit(s)).toBe(2);
    s = feed(s, [ok(), ok(), ok()]);
    expect(bandLimit(s)).toBe(5);
    s = feed(s, Array.from({ length: 50 }, () => ok()));
    expect(bandLimit(s)).toBe(10);
    expect(s.window).toBe(10);
  });

  it("on a 429 cuts the window by DECREASE_FACTOR, not below min, and then grows by one per round", () => {
    let s = feed(initialBand({ min: 2, max: 64 }), Array.from({ length: 18 }, () => ok()));
    expect(bandLimit(s)).toBe(20);
    s = observeCall(s, limited(0), 0);
    expect([bandLimit(s), s.epoch, s.slow_start]).toEqual([Math.floor(20 * DECREASE_FACTOR), 1, false]);
    // Congestion avoidance: a round of answered calls (the limit's worth, and one for rounding) adds one, past the retry hold.
    const after = HOLD_MS + 1;
    s = feed(s, Array.from({ length: 15 }, () => ok(1)), after);
    expect(bandLimit(s)).toBe(15);
    // Repeated cuts stop at min.
    for (let i = 0; i < 20; i++) s = observeCall(s, limited(s.epoch), after);
    expect(bandLimit(s)).toBe(2);
  });

  it("decreases once per epoch: 429s of calls sent under the old limit only hold growth", () => {
    let s = feed(initialBand({ min: 1, max: 64 }), Array.from({ length: 19 }, () => ok()));
    s = observeCall(s, limited(0), 0);
    expect(bandLimit(s)).toBe(14);
    // Every other call of the old round meets the same 429: no further cut.
    s = feed(s, Array.from({ length: 10 }, () => limited(0)));
    expect([bandLimit(s), s.epoch]).toEqual([14, 1]);
    // A call of the new epoch refused again: cut again.
    s = observeCall(s, limited(1), 0);
    expect(bandLimit(s)).toBe(9);
  });

  it("holds growth until the retry-after the endpoint sent has passed", () => {
    let s = feed(initialBand({ min: 2, max: 64 }), Array.from({ length: 8 }, () => ok()));
    s = observeCall(s, limited(0, 5_000), 1_000);
    const cut = bandLimit(s);
    expect(s.hold_until).toBe(6_000);
    s = feed(s, Array.from({ length: 40 }, () => ok(1)), 5_999);
    expect(bandLimit(s)).toBe(cut);
    s = feed(s, Array.from({ length: 40 }, () => ok(1)), 6_000);
    expect(bandLimit(s)).toBeGreaterThan(cut);
  });

  it("a rising error rate cuts the limit once enough calls were seen at it; a lone 5xx does not", () => {
    let s = feed(initialBand({ min: 2, max: 64 }), Array.from({ length: 14 }, () => ok()));
    expect(bandLimit(s)).toBe(16);
    s = observeCall(s, failed(0), 0);
    expect(bandLimit(s)).toBe(16);
    // Errors on most calls: the error EWMA passes ERROR_RATE_MAX, and a cut follows.
    s = feed(s, [failed(0), failed(0, null), failed(0, 408)]);
    expect(s.epoch).toBe(1);
    expect(bandLimit(s)).toBe(Math.floor(16 * DECREASE_FACTOR));
    // At the new limit, no cut before ERROR_MIN_CALLS calls are seen there, however high the rate.
    s = feed(s, Array.from({ length: ERROR_MIN_CALLS - 1 }, () => failed(1)));
    expect(s.epoch).toBe(1);
    s = observeCall(s, failed(1), 0);
    expect(s.epoch).toBe(2);
  });

  it("stops growing while latency is above twice its lowest, and grows again once it holds", () => {
    let s = initialBand({ min: 1, max: 1000 });
    s = feed(s, Array.from({ length: LATENCY_WARMUP }, () => ok(0, 100)));
    const before = bandLimit(s);
    s = feed(s, Array.from({ length: 20 }, () => ok(0, 1_000)));
    const slowed = bandLimit(s);
    // Growth stopped soon after latency rose: a few calls to move the EWMA, then none.
    expect(slowed - before).toBeLessThan(5);
    s = feed(s, Array.from({ length: 20 }, () => ok(0, 1_000)));
    expect(bandLimit(s)).toBe(slowed);
    s = feed(s, Array.from({ length: 30 }, () => ok(0, 100)));
    expect(bandLimit(s)).toBeGreaterThan(slowed);
  });

  it("ignores the request's own errors (4xx but 408/429)", () => {
    const s = feed(initialBand({ min: 2, max: 8 }), [ok()]);
    expect(feed(s, [failed(0, 400), failed(0, 404), failed(0, 422)])).toEqual(s);
  });

  it("options.concurrency takes a number or a band, refusing min > max by name", () => {
    expect(RunOptions.parse({ concurrency: { min: 2, max: 64 } }).concurrency).toEqual({ min: 2, max: 64 });
    expect(RunOptions.parse({ concurrency: { min: 4, max: 4 } }).concurrency).toEqual({ min: 4, max: 4 });
    expect(RunOptions.parse({}).concurrency).toBe(8);
    const bad = RunOptions.safeParse({ concurrency: { min: 8, max: 2 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toContain("concurrency.min");
    for (const c of [{ min: 0, max: 2 }, { min: 1, max: 1001 }, { min: 1 }, { min: 1, max: 2, step: 1 }, 0]) expect(RunOptions.safeParse({ concurrency: c }).success).toBe(false);
    expect(RunOptionsPatch.parse({ concurrency: { min: 1, max: 3 } }).concurrency).toEqual({ min: 1, max: 3 });
    // Clients read it as an integer with a band's fields.
    const spec = runOptionSpecs().find((o) => o.name === "concurrency");
    expect(spec).toMatchObject({ type: "integer", default: 8, minimum: 1, maximum: 1000 });
    expect(spec?.fields?.map((f) => f.name)).toEqual(["concurrency.min", "concurrency.max"]);
  });
});
