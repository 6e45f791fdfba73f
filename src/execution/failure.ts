/**
 * How an attempt's failure becomes its result: a rate limit that said how
 * long to wait is waited out without spending a try (within the attempt's
 * wait limit, src/domain/retry.ts); a transient failure or a timeout is
 * retried with backoff until MAX_TRIES; anything else (a permanent error, a
 * task a stage cannot run) ends the attempt with its error, never a 0.
 * Messages name the step that failed and are scrubbed of the run's secrets.
 * No I/O.
 */
import { endedWithoutReward } from "../db/attempts";
import { rateLimitDecision, retryDecision } from "../domain/retry";
import { scrub } from "../domain/scrub";
import { ProviderError } from "../providers/errors";
import type { AttemptResult, TranscriptLine } from "./result";
import { StageError } from "./stage";

export interface FailureContext {
  seq: number;
  /** Tries spent before this one. */
  triesBefore: number;
  /** When the attempt first met a rate limit that said how long to wait (epoch ms). */
  limitedSince: number | undefined;
  startedAt: string;
  now: number;
  secrets: readonly string[];
  /** In [0, 1): spreads retries of many attempts apart. */
  jitter: number;
  /** The attempt's transcript line with the error set. */
  transcript(error: string): TranscriptLine;
}

/** The attempt's error for a failure in `step`: "step: why" (a StageError names its own step, or none). */
export function errorText(err: unknown, step: string): string {
  const why = err instanceof Error ? err.message : String(err);
  const named = err instanceof StageError ? err.step : step;
  return named === null ? why : `${named}: ${why}`;
}

export function failureResult(err: unknown, step: string, c: FailureContext): AttemptResult {
  const tries = c.triesBefore + 1;
  const pe = err instanceof ProviderError ? err : null;
  const message = scrub(errorText(err, step), c.secrets);
  const done = (status: "failed" | "timed_out", error: string): AttemptResult => ({
    kind: "done",
    log: error,
    outcome: endedWithoutReward(c.seq, status, error, tries, c.startedAt),
    transcript: c.transcript(error),
  });
  if (pe?.kind === "rate_limit" && pe.retry_after_ms !== null) {
    // The endpoint said how long to wait: wait as told, spending no try, within the attempt's rate-limit wait limit.
    const since = c.limitedSince ?? c.now;
    const d = rateLimitDecision(pe.retry_after_ms, c.now - since);
    if (d.retry) {
      return { kind: "retry", tries: c.triesBefore, delay_ms: d.delay_ms, limited_since: since, log: `rate limited; waiting ${d.delay_ms} ms as the endpoint asked (not a failed try): ${message}` };
    }
    // Given up on waiting: missing, with the reason, never a failed try folded into the score.
    return done("timed_out", `rate limited: ${message}; ${d.reason}`);
  }
  if (pe) {
    const d = retryDecision(pe.kind, tries, pe.retry_after_ms, c.jitter);
    if (d.retry) return { kind: "retry", tries, delay_ms: d.delay_ms, log: `try ${tries} failed (${pe.kind}); retrying in ${d.delay_ms} ms: ${message}` };
  }
  const error = pe && pe.kind !== "permanent" ? `${message} (gave up after ${tries} tries)` : message;
  return done(pe?.kind === "timeout" ? "timed_out" : "failed", error);
}

/** Trouble on our side (R2, a Durable Object, a bug): retried as transient within the attempt's tries, then recorded. */
export function internalFailure(err: unknown, c: Omit<FailureContext, "transcript" | "startedAt"> & { limitedSince?: number; replyKey?: string; transcript(error: string): TranscriptLine }): AttemptResult {
  const tries = c.triesBefore + 1;
  const d = retryDecision("transient", tries, null, c.jitter);
  const message = scrub(`internal: ${err instanceof Error ? err.message : String(err)}`, c.secrets);
  if (d.retry) {
    return {
      kind: "retry",
      tries,
      delay_ms: d.delay_ms,
      log: message,
      ...(c.limitedSince !== undefined && { limited_since: c.limitedSince }),
      ...(c.replyKey !== undefined && { reply_key: c.replyKey }),
    };
  }
  const at = new Date(c.now).toISOString();
  return { kind: "done", log: message, outcome: endedWithoutReward(c.seq, "failed", message, tries, at, at), transcript: c.transcript(message) };
}
