import { describe, expect, it } from "vitest";
import { MAX_RATE_LIMIT_WAIT_MS, MAX_RETRY_AFTER_MS, MAX_TRIES, rateLimitDecision, retryDecision } from "./retry";

describe("retryDecision", () => {
  it.each([
    ["permanent", 1, null, 0, { retry: false, reason: "permanent error" }],
    ["rate_limit", 1, 2000, 0.9, { retry: true, delay_ms: 2000 }],
    ["rate_limit", 1, 0, 0.5, { retry: true, delay_ms: 0 }],
    ["rate_limit", 2, 10_000_000, 0, { retry: true, delay_ms: 300_000 }],
    ["transient", 1, null, 0, { retry: true, delay_ms: 250 }],
    ["transient", 1, null, 1, { retry: true, delay_ms: 500 }],
    ["timeout", 3, null, 1, { retry: true, delay_ms: 2000 }],
    ["transient", 20, null, 1, { retry: false, reason: "gave up after 20 tries" }],
    ["rate_limit", MAX_TRIES, 1000, 0, { retry: false, reason: `gave up after ${MAX_TRIES} tries` }],
  ] as const)("%s after %i tries (retry-after %s) → %j", (kind, tries, after, jitter, expected) => {
    expect(retryDecision(kind, tries, after, jitter)).toEqual(expected);
  });

  it("caps backoff at a minute", () => {
    const d = retryDecision("transient", MAX_TRIES - 1, null, 1);
    expect(d).toEqual({ retry: true, delay_ms: Math.min(60_000, 500 * 2 ** (MAX_TRIES - 2)) });
  });
});

describe("rateLimitDecision", () => {
  const limitMin = MAX_RATE_LIMIT_WAIT_MS / 60_000;
  it.each([
    [1000, 0, { retry: true, delay_ms: 1000 }],
    [0, 0, { retry: true, delay_ms: 0 }],
    [-5, 0, { retry: true, delay_ms: 0 }],
    [1000, MAX_RATE_LIMIT_WAIT_MS - 1000, { retry: true, delay_ms: 1000 }],
    // Longer than retryDecision's cap, but within the wait limit: waited exactly as told.
    [MAX_RETRY_AFTER_MS + 1000, 0, { retry: true, delay_ms: MAX_RETRY_AFTER_MS + 1000 }],
    [1000, MAX_RATE_LIMIT_WAIT_MS - 999, { retry: false, reason: `still rate limited after waiting ${Math.round((MAX_RATE_LIMIT_WAIT_MS - 999) / 1000)} s as the endpoint asked (it asked for 1 s more; the limit is ${limitMin} min)` }],
    [MAX_RATE_LIMIT_WAIT_MS + 1000, 0, { retry: false, reason: `still rate limited after waiting 0 s as the endpoint asked (it asked for ${MAX_RATE_LIMIT_WAIT_MS / 1000 + 1} s more; the limit is ${limitMin} min)` }],
  ] as const)("retry-after %i ms after %i ms of waiting → %j", (after, waited, expected) => {
    expect(rateLimitDecision(after, waited)).toEqual(expected);
  });
});
