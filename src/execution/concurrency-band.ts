/**
 * Adaptive concurrency for a run whose `options.concurrency` is a band
 * `{min, max}`: how many model calls it may have in flight, adapted to what
 * the endpoint answers. Pure: no I/O, the clock comes in as `now` (ms).
 *
 * The rule (AIMD, as TCP's congestion window; Inspect and promptfoo adapt
 * the same way):
 * - The run starts at `min`. The limit is `floor(window)`, always within
 *   [min, max].
 * - Growth, only while calls succeed and latency holds: in slow start (until
 *   the first decrease) each answered call adds 1, so the limit doubles each
 *   round of calls; after it each answered call adds 1/limit, so the limit
 *   grows by one per round. No growth while latency (an EWMA, weight
 *   LATENCY_WEIGHT) is above LATENCY_HOLD_RATIO × the lowest it has been,
 *   nor before a retry-after or rate-limit reset the endpoint sent has passed.
 * - Decrease, multiplicative: a 429, or an error rate (5xx, 408, timeouts and
 *   dropped connections; an EWMA with weight ERROR_WEIGHT) at or above
 *   ERROR_RATE_MAX after at least ERROR_MIN_CALLS calls at the current
 *   limit, sets window = max(min, window × DECREASE_FACTOR).
 *   One decrease per round: each decrease opens a new epoch, and a failure of
 *   a call started in an earlier epoch (it was sent under the old limit, so
 *   it says nothing new) only holds growth; it never decreases again.
 * - A 429 holds growth until its retry-after (or, without one, HOLD_MS) has
 *   passed.
 * Other answers (4xx but 408/429) are the request's fault, not the
 * endpoint's load: they change nothing.
 */

/** A band of calls in flight: `min` < `max` adapts, equal values pin it. */
export interface Band {
  min: number;
  max: number;
}

/** What became of one model call, as the controller reads it. */
export interface CallSignal {
  /** The HTTP status answered; null when there was no answer (a timeout, a dropped connection). */
  status: number | null;
  /** How long the call took when it was answered with a success. */
  latency_ms: number | null;
  /** How long the endpoint asked to wait (retry-after, or its rate-limit reset), when it said. */
  retry_after_ms: number | null;
  /** The controller's epoch when the call started (see `BandState.epoch`). */
  epoch: number;
}

export interface BandState {
  min: number;
  max: number;
  /** The fractional limit; the limit is its floor, within [min, max]. */
  window: number;
  /** Decreases so far: a failure of a call started in an earlier epoch never decreases again. */
  epoch: number;
  /** True until the first decrease: growth is 1 per answered call rather than 1/limit. */
  slow_start: boolean;
  /** No growth before this time (ms): the endpoint's retry-after. */
  hold_until: number;
  /** EWMA of successful calls' latency, ms; null before the first. */
  latency_ms: number | null;
  /** The lowest `latency_ms` has been once warmed up; null before. */
  latency_base_ms: number | null;
  /** Successful calls seen (for the latency warm-up). */
  latency_samples: number;
  /** EWMA of the error indicator (1 for a 5xx/timeout, 0 for a success). */
  error_rate: number;
  /** Calls of the current epoch observed (successes and errors). */
  epoch_calls: number;
}

/** Each decrease multiplies the window by this (CUBIC's β: a gentler cut than halving, so the run stays nearer the limit). */
export const DECREASE_FACTOR = 0.7;
/** Weight of each answered call's latency in the latency EWMA. */
export const LATENCY_WEIGHT = 0.2;
/** Successful calls before the latency baseline is taken (the first calls pay connection set-up). */
export const LATENCY_WARMUP = 5;
/** Growth stops while the latency EWMA is above this many times its lowest. */
export const LATENCY_HOLD_RATIO = 2;
/** Weight of each call in the error-rate EWMA. */
export const ERROR_WEIGHT = 0.1;
/** An error rate at or above this decreases the limit. */
export const ERROR_RATE_MAX = 0.25;
/** Calls observed at the current limit before its error rate can decrease it. */
export const ERROR_MIN_CALLS = 8;
/** How long a 429 without retry-after holds growth. */
export const HOLD_MS = 1_000;

/** Whether a band adapts (min < max); equal values pin it. */
export function adapts(band: Band): boolean {
  return band.min < band.max;
}

/** The state a band starts in: at `min`, slow start, nothing observed. */
export function initialBand(band: Band): BandState {
  return {
    min: band.min,
    max: band.max,
    window: band.min,
    epoch: 0,
    slow_start: true,
    hold_until: 0,
    latency_ms: null,
    latency_base_ms: null,
    latency_samples: 0,
    error_rate: 0,
    epoch_calls: 0,
  };
}

/** The calls in flight the band allows now. */
export function bandLimit(s: BandState): number {
  return Math.min(s.max, Math.max(s.min, Math.floor(s.window)));
}

function decrease(s: BandState): BandState {
  // The window stays fractional: at small limits a floor here would cut 4 to 2, not to 2.8 (back to 3 after one answer).
  return { ...s, window: Math.max(s.min, s.window * DECREASE_FACTOR), epoch: s.epoch + 1, slow_start: false, epoch_calls: 0 };
}

/** Whether an answer says the endpoint is overloaded or failing (not the request's own fault). */
function isError(status: number | null): boolean {
  return status === null || status === 408 || status >= 500;
}

/** The state after one call's outcome. */
export function observeCall(s: BandState, call: CallSignal, now: number): BandState {
  const current = call.epoch >= s.epoch;
  if (call.status === 429) {
    const hold = Math.max(s.hold_until, now + (call.retry_after_ms ?? HOLD_MS));
    return { ...(current ? decrease(s) : s), hold_until: hold };
  }
  if (isError(call.status)) {
    const next = { ...s, error_rate: s.error_rate * (1 - ERROR_WEIGHT) + ERROR_WEIGHT, epoch_calls: s.epoch_calls + (current ? 1 : 0) };
    if (call.retry_after_ms !== null) next.hold_until = Math.max(next.hold_until, now + call.retry_after_ms);
    return current && next.epoch_calls >= ERROR_MIN_CALLS && next.error_rate >= ERROR_RATE_MAX ? decrease(next) : next;
  }
  if (call.status !== null && call.status >= 400) return s;
  // A success: track latency, then grow if nothing holds it back.
  const next = { ...s, error_rate: s.error_rate * (1 - ERROR_WEIGHT), epoch_calls: s.epoch_calls + (current ? 1 : 0) };
  if (call.latency_ms !== null) {
    next.latency_ms = s.latency_ms === null ? call.latency_ms : s.latency_ms * (1 - LATENCY_WEIGHT) + call.latency_ms * LATENCY_WEIGHT;
    next.latency_samples = s.latency_samples + 1;
    if (next.latency_samples >= LATENCY_WARMUP) next.latency_base_ms = Math.min(s.latency_base_ms ?? Infinity, next.latency_ms);
  }
  const slowed = next.latency_base_ms !== null && next.latency_ms !== null && next.latency_ms > LATENCY_HOLD_RATIO * next.latency_base_ms;
  if (now < s.hold_until || slowed || next.window >= s.max) return next;
  next.window = Math.min(s.max, next.window + (s.slow_start ? 1 : 1 / bandLimit(s)));
  return next;
}

/** The band of a run's `options.concurrency`: a number pins it (min = max). */
export function bandOf(concurrency: number | Band): Band {
  return typeof concurrency === "number" ? { min: concurrency, max: concurrency } : { min: concurrency.min, max: concurrency.max };
}

/** The most calls a run's `options.concurrency` ever allows in flight (what shards and pools are sized for). */
export function maxConcurrency(concurrency: number | Band): number {
  return typeof concurrency === "number" ? concurrency : concurrency.max;
}
