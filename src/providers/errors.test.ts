import { describe, expect, it } from "vitest";
import { estimateCost } from "./cost";
import { scrub } from "../domain/scrub";
import { kindOfStatus, parseRetryAfter, ProviderError } from "./errors";

const NOW = Date.parse("2026-01-01T00:00:00Z");

describe("provider error classification", () => {
  it.each([
    [429, "rate_limit"],
    [500, "transient"],
    [502, "transient"],
    [503, "transient"],
    [529, "transient"],
    [408, "transient"],
    [409, "transient"],
    [400, "permanent"],
    [401, "permanent"],
    [403, "permanent"],
    [404, "permanent"],
    [422, "permanent"],
  ] as const)("%i → %s", (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });

  it.each([
    [{}, null],
    [{ "retry-after": "0" }, 0],
    [{ "retry-after": "3" }, 3000],
    [{ "retry-after": "1.5" }, 1500],
    [{ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, 30_000],
    [{ "retry-after": "Wed, 31 Dec 2025 23:59:00 GMT" }, 0],
    [{ "retry-after": "soon" }, null],
    [{ "retry-after-ms": "250", "retry-after": "1" }, 250],
    [{ "retry-after-ms": "x", "retry-after": "2" }, 2000],
  ] as const)("retry-after %j → %s ms", (headers, ms) => {
    expect(parseRetryAfter(new Headers(headers), NOW)).toBe(ms);
  });

  it("scrubs the key and knows what is retryable", () => {
    expect(scrub("401 Incorrect API key sk-abc123 (Bearer sk-abc123)", ["sk-abc123"])).toBe("401 Incorrect API key [redacted] (Bearer [redacted])");
    expect(scrub("no key here", [undefined])).toBe("no key here");
    expect(new ProviderError("timeout", "t").retryable).toBe(true);
    expect(new ProviderError("permanent", "p", { status: 401 })).toMatchObject({ kind: "permanent", status: 401, retry_after_ms: null, retryable: false });
  });
});

describe("estimateCost", () => {
  it.each([
    [{ input_per_mtok: 3, output_per_mtok: 15 }, 1_000_000, 1_000_000, 18],
    [{ input_per_mtok: 3, output_per_mtok: 15 }, 2000, 500, 0.0135],
    [{ input_per_mtok: 0, output_per_mtok: 0 }, 2000, 500, 0],
    [undefined, 2000, 500, null],
    [{ input_per_mtok: 3, output_per_mtok: 15 }, null, 500, null],
    [{ input_per_mtok: 3, output_per_mtok: 15 }, 2000, null, null],
  ] as const)("%j × %s in, %s out → %s", (price, inTok, outTok, cost) => {
    const got = estimateCost(price, inTok, outTok);
    if (cost === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(cost, 10);
  });
});
