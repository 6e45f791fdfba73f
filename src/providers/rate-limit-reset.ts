/**
 * When an endpoint's rate limit resets, from the headers it sends besides
 * retry-after: OpenAI's `x-ratelimit-reset-requests` / `-tokens` (a
 * duration such as "1s", "6m0s", "20ms"), Anthropic's
 * `anthropic-ratelimit-*-reset` (an RFC 3339 time) and the generic
 * `ratelimit-reset` / `x-ratelimit-reset` (seconds, or epoch seconds). A 429
 * without retry-after waits for the reset of the limit that ran out (its
 * `remaining` header is 0), else for the latest reset named. No I/O; dates
 * are read against the clock passed in.
 */

/** Longest reset taken from a header: a bogus one must not stall an attempt for a day. */
const MAX_RESET_MS = 3_600_000;

const UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/** "6m0s", "1.5s", "20ms" → milliseconds; null when not a duration. */
export function parseDuration(text: string): number | null {
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join("") !== text.trim()) return null;
  return Math.round(parts.reduce((n, p) => n + Number(p[1]) * UNITS[p[2]!]!, 0));
}

function resetMs(value: string, nowMs: number): number | null {
  const v = value.trim();
  if (v === "") return null;
  if (/^\d+(\.\d+)?$/.test(v)) {
    const n = Number(v);
    // Epoch seconds (x-ratelimit-reset of some gateways) or seconds from now.
    return n > 1e9 ? n * 1000 - nowMs : n * 1000;
  }
  const d = parseDuration(v);
  if (d !== null) return d;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : at - nowMs;
}

const PAIRS: [reset: string, remaining: string][] = [
  ["x-ratelimit-reset-requests", "x-ratelimit-remaining-requests"],
  ["x-ratelimit-reset-tokens", "x-ratelimit-remaining-tokens"],
  ["anthropic-ratelimit-requests-reset", "anthropic-ratelimit-requests-remaining"],
  ["anthropic-ratelimit-tokens-reset", "anthropic-ratelimit-tokens-remaining"],
  ["anthropic-ratelimit-input-tokens-reset", "anthropic-ratelimit-input-tokens-remaining"],
  ["anthropic-ratelimit-output-tokens-reset", "anthropic-ratelimit-output-tokens-remaining"],
  ["ratelimit-reset", "ratelimit-remaining"],
  ["x-ratelimit-reset", "x-ratelimit-remaining"],
];

/** How long until the rate limit resets, ms ≥ 0 (at most MAX_RESET_MS); null when no reset header is readable. */
export function parseRateLimitReset(headers: Headers | undefined | null, nowMs: number): number | null {
  if (!headers) return null;
  let exhausted: number | null = null;
  let latest: number | null = null;
  for (const [resetName, remainingName] of PAIRS) {
    const raw = headers.get(resetName);
    const ms = raw === null ? null : resetMs(raw, nowMs);
    if (ms === null) continue;
    const clamped = Math.min(MAX_RESET_MS, Math.max(0, ms));
    latest = Math.max(latest ?? 0, clamped);
    if (headers.get(remainingName)?.trim() === "0") exhausted = Math.max(exhausted ?? 0, clamped);
  }
  return exhausted ?? latest;
}
