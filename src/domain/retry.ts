/**
 * When a failed model call is tried again. Rate limits, transient errors and
 * timeouts retry with exponential backoff, honouring the provider's
 * retry-after; permanent errors never do. A 429 that says how long to wait
 * is the endpoint asking for patience, not a failed try: it is waited out
 * as told, without spending a try, for at most MAX_RATE_LIMIT_WAIT_MS in
 * all. No I/O.
 */
export type FailureKind = "rate_limit" | "transient" | "timeout" | "permanent";

/** Model-call tries per attempt before it ends invalid. */
export const MAX_TRIES = 6;
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 60_000;
/** A retry-after longer than this is capped: the attempt would otherwise stall the run. */
export const MAX_RETRY_AFTER_MS = 300_000;

/**
 * The longest one attempt keeps waiting on rate limits that said how long to
 * wait, counted from the first such answer: past it the attempt ends
 * timed_out without a reward (missing, with the reason), never a failed try.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 10 * 60_000;

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

/**
 * After a rate limit that said how long to wait (retry-after): wait exactly
 * as told, without counting a try, while the wait ends within
 * MAX_RATE_LIMIT_WAIT_MS of the attempt's first such answer; a wait that
 * would end past it ends the attempt now (waiting less than asked would
 * only meet another 429).
 * @param retryAfterMs how long the endpoint asked to wait
 * @param waitedMs time since the attempt's first rate limit of this kind (0 on the first)
 */
export function rateLimitDecision(retryAfterMs: number, waitedMs: number): RetryDecision {
  const delay = Math.max(0, retryAfterMs);
  if (waitedMs + delay > MAX_RATE_LIMIT_WAIT_MS) {
    return { retry: false, reason: `still rate limited after waiting ${Math.round(waitedMs / 1000)} s as the endpoint asked (it asked for ${Math.round(delay / 1000)} s more; the limit is ${MAX_RATE_LIMIT_WAIT_MS / 60_000} min)` };
  }
  return { retry: true, delay_ms: delay };
}
