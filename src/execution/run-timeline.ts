/**
 * A run's execution over time: one sample every few seconds of its in-flight
 * limit, the calls in flight, throughput, latency percentiles and the share
 * of calls answered 429 or 5xx. The RunGate accumulates the open sample as
 * calls are reported and stores each one it closes. Pure: no I/O, the clock
 * comes in as `now` (ms).
 */
import type { CallSignal } from "./concurrency-band";

/** A sample spans this long (the first SAMPLES_AT_BASE_RATE samples; see sampleMs). */
export const SAMPLE_MS = 2_000;
/** After this many samples each further block of as many spans twice as long, so a long run stays a bounded list. */
export const SAMPLES_AT_BASE_RATE = 1_800;

/** One stored sample of the timeline. */
export interface TimelineSample {
  /** When the sample began (epoch ms). */
  t: number;
  /** How long it spans, ms. */
  span_ms: number;
  /** The in-flight limit at the end of the sample (the band's current limit, or the pinned concurrency). */
  limit: number;
  /** The most calls in flight (slots held) at any moment of the sample. */
  in_flight: number;
  /** Calls that ended in the sample (answered, refused or failed). */
  calls: number;
  /** Of them, answered with a success. */
  succeeded: number;
  /** Of them, refused with 429. */
  rate_limited: number;
  /** Of them, failed with a 5xx, 408, a timeout or a dropped connection. */
  errors: number;
  /** Latency percentiles of the successful calls, ms; null when none. */
  latency_p50_ms: number | null;
  latency_p90_ms: number | null;
  latency_p99_ms: number | null;
}

/** The sample being filled. */
export interface OpenSample {
  t: number;
  limit: number;
  in_flight: number;
  calls: number;
  succeeded: number;
  rate_limited: number;
  errors: number;
  latencies: number[];
}

/** How long the sample after `count` stored ones spans. */
export function sampleMs(count: number): number {
  return SAMPLE_MS * 2 ** Math.floor(count / SAMPLES_AT_BASE_RATE);
}

export function openSample(now: number, limit: number, inFlight: number): OpenSample {
  return { t: now, limit, in_flight: inFlight, calls: 0, succeeded: 0, rate_limited: 0, errors: 0, latencies: [] };
}

/** Counts one call's outcome into the open sample. */
export function addCall(s: OpenSample, call: Pick<CallSignal, "status" | "latency_ms">): void {
  s.calls++;
  if (call.status === 429) s.rate_limited++;
  else if (call.status === null || call.status === 408 || call.status >= 500) s.errors++;
  else if (call.status < 400) {
    s.succeeded++;
    if (call.latency_ms !== null) s.latencies.push(call.latency_ms);
  }
}

/** The p-th percentile (nearest rank) of sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The stored form of a sample that ends at `end`. */
export function closeSample(s: OpenSample, end: number): TimelineSample {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  return {
    t: s.t,
    span_ms: Math.max(1, end - s.t),
    limit: s.limit,
    in_flight: s.in_flight,
    calls: s.calls,
    succeeded: s.succeeded,
    rate_limited: s.rate_limited,
    errors: s.errors,
    latency_p50_ms: percentile(sorted, 50),
    latency_p90_ms: percentile(sorted, 90),
    latency_p99_ms: percentile(sorted, 99),
  };
}
