import { describe, expect, it } from "vitest";
import { MAX_TRIES, retryDecision } from "./retry";

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
