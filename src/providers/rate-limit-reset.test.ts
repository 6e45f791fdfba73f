/** Rate-limit reset headers: durations, dates, seconds, and which limit ran out. */
import { describe, expect, it } from "vitest";
import * as OpenAI from "openai/core/error";
import { toProviderError } from "./errors";
import { parseDuration, parseRateLimitReset } from "./rate-limit-reset";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const h = (o: Record<string, string>) => new Headers(o);

describe("rate-limit reset headers", () => {
  it.each([
    ["1s", 1_000],
    ["6m0s", 360_000],
    ["20ms", 20],
    ["1h2m3.5s", 3_723_500],
    ["0.5s", 500],
    ["soon", null],
    ["1s later", null],
    ["", null],
  ])("reads the duration %j", (text, ms) => expect(parseDuration(text)).toBe(ms));

  it("waits for the limit that ran out, not the latest reset named", () => {
    const headers = h({
      "x-ratelimit-remaining-requests": "0",
      "x-ratelimit-reset-requests": "2s",
      "x-ratelimit-remaining-tokens": "5000",
      "x-ratelimit-reset-tokens": "6m0s",
    });
    expect(parseRateLimitReset(headers, NOW)).toBe(2_000);
  });

  it("without a remaining of 0 takes the latest reset", () => {
    expect(parseRateLimitReset(h({ "x-ratelimit-reset-requests": "2s", "x-ratelimit-reset-tokens": "30s" }), NOW)).toBe(30_000);
  });

  it("reads Anthropic's RFC 3339 reset times against the clock", () => {
    const headers = h({ "anthropic-ratelimit-requests-remaining": "0", "anthropic-ratelimit-requests-reset": "2026-12-01T12:00:07Z" });
    expect(parseRateLimitReset(headers, NOW)).toBe(7_000);
  });

  it("reads seconds and epoch seconds, never below 0 nor above an hour", () => {
    expect(parseRateLimitReset(h({ "ratelimit-reset": "3" }), NOW)).toBe(3_000);
    expect(parseRateLimitReset(h({ "x-ratelimit-reset": String(NOW / 1000 + 12) }), NOW)).toBe(12_000);
    expect(parseRateLimitReset(h({ "x-ratelimit-reset": String(NOW / 1000 - 12) }), NOW)).toBe(0);
    expect(parseRateLimitReset(h({ "ratelimit-reset": "86400" }), NOW)).toBe(3_600_000);
  });

  it("is null without a readable reset header", () => {
    expect(parseRateLimitReset(h({ "x-ratelimit-reset-requests": "whenever" }), NOW)).toBeNull();
    expect(parseRateLimitReset(h({}), NOW)).toBeNull();
    expect(parseRateLimitReset(null, NOW)).toBeNull();
  });

  it("gives a 429 without retry-after its reset as the wait; retry-after wins when both are sent", () => {
    const reset = { "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1.5s" };
    expect(toProviderError(new OpenAI.APIError(429, {}, "limited", h(reset)), undefined, NOW)).toMatchObject({ kind: "rate_limit", retry_after_ms: 1_500 });
    expect(toProviderError(new OpenAI.APIError(429, {}, "limited", h({ ...reset, "retry-after": "4" })), undefined, NOW).retry_after_ms).toBe(4_000);
    // A 5xx's reset headers are not a wait it asked for.
    expect(toProviderError(new OpenAI.APIError(503, {}, "down", h(reset)), undefined, NOW).retry_after_ms).toBeNull();
  });
});
