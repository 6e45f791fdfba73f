/**
 * Classifies a failed model call so the queue can decide: rate limits,
 * transient server errors and timeouts are retried (honouring retry-after),
 * everything else is permanent; a 429's wait is its retry-after, else its
 * rate-limit reset. Messages never carry the API key. No I/O;
 * retry-after dates are read against the clock passed in.
 */
// The error classes alone: the packages' index modules pull in every client resource.
import * as Anthropic from "@anthropic-ai/sdk/core/error";
import * as OpenAI from "openai/core/error";
import { scrub } from "../domain/scrub";
import type { FailureKind } from "../domain/retry";
import { parseRateLimitReset } from "./rate-limit-reset";

export type ProviderErrorKind = FailureKind;

export class ProviderError extends Error {
  override readonly name = "ProviderError";
  readonly kind: ProviderErrorKind;
  /** The HTTP status when the endpoint answered; null for timeouts and connection failures. */
  readonly status: number | null;
  /** How long the endpoint asked us to wait, from retry-after-ms or retry-after; null if it did not say. */
  readonly retry_after_ms: number | null;

  constructor(kind: ProviderErrorKind, message: string, opts: { status?: number | null; retry_after_ms?: number | null } = {}) {
    super(message);
    this.kind = kind;
    this.status = opts.status ?? null;
    this.retry_after_ms = opts.retry_after_ms ?? null;
  }

  /** Whether the queue should try the call again. */
  get retryable(): boolean {
    return this.kind !== "permanent";
  }
}

/** The failure kind of an HTTP status. */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 429) return "rate_limit";
  if (status === 408 || status === 409 || status >= 500) return "transient";
  return "permanent";
}

/** retry-after-ms (milliseconds) or retry-after (seconds or an HTTP date), as milliseconds ≥ 0. */
export function parseRetryAfter(headers: Headers | undefined | null, nowMs: number): number | null {
  if (!headers) return null;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return null;
  if (Number.isFinite(Number(after))) return Math.max(0, Math.round(Number(after) * 1000));
  const at = Date.parse(after);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}


type SdkApiError = { status: number | undefined; headers: Headers | undefined; message: string };

function isApiError(err: unknown): err is SdkApiError {
  return err instanceof OpenAI.APIError || err instanceof Anthropic.APIError;
}

/**
 * Maps whatever an SDK call threw to a ProviderError. The SDK error is not
 * kept as `cause`: its body and headers may echo the credential.
 */
export function toProviderError(err: unknown, apiKey: string | undefined, nowMs: number): ProviderError {
  if (err instanceof ProviderError) return err;
  const message = (m: string) => scrub(m, [apiKey]);
  if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof Anthropic.APIConnectionTimeoutError) {
    return new ProviderError("timeout", message(`model call timed out: ${err.message}`));
  }
  if (err instanceof OpenAI.APIUserAbortError || err instanceof Anthropic.APIUserAbortError) {
    return new ProviderError("timeout", message(`model call aborted: ${err.message}`));
  }
  if (err instanceof OpenAI.APIConnectionError || err instanceof Anthropic.APIConnectionError) {
    return new ProviderError("transient", message(`could not reach the model endpoint: ${err.message}`));
  }
  if (isApiError(err) && typeof err.status === "number") {
    return new ProviderError(kindOfStatus(err.status), message(`model endpoint answered ${err.message}`), {
      status: err.status,
      // A 429 without retry-after waits for the limit's reset (x-ratelimit-reset-*, anthropic-ratelimit-*-reset).
      retry_after_ms: parseRetryAfter(err.headers, nowMs) ?? (err.status === 429 ? parseRateLimitReset(err.headers, nowMs) : null),
    });
  }
  const text = err instanceof Error ? err.message : String(err);
  return new ProviderError("permanent", message(`model call failed: ${text}`));
}
