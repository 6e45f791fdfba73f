/**
 * When a failed model call is tried again. Rate limits, transient errors and
 * timeouts retry with exponential backoff, honouring the provider's
 * retry-after; permanent errors never do. No I/O.
 */
export type FailureKind = "rate_limit" | "transient" | "timeout" | "permanent";

/** Model-call tries per attempt before it ends invalid. */
export const MAX_TRIES = 6;
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 60_000;
/** A retry-after longer than this is capped: the attempt would otherwise stall the run. */
export const MAX_RETRY_AFTER_MS = 300_000;

export type RetryDecision = { retry: true; delay_ms: number } | { retry: false; reason: string };

/**
 * @param tries model-call tries made so far, including the one that just failed
 * @param jitter a number in [0, 1) to spread retries of many attempts apart
 */
export function retryDecision(kind: FailureKind, tries: number, retryAfterMs: number | null, jitter: number): RetryDecision {
  if (kind === "permanent") return { retry: false, reason: "permanent error" };
  if (tries >= MAX_TRIES) return { retry: false, reason: `gave up after ${tries} tries` };
  if (retryAfterMs !== null && retryAfterMs >= 0) return { retry: true, delay_ms: Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) };
  const backoff = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (tries - 1));
  return { retry: true, delay_ms: Math.round(backoff * (0.5 + jitter / 2)) };
}
