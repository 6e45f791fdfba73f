/**
 * Signing the attempts Assay sends to a runner: HMAC-SHA256 over
 * `<timestamp>.<body>` with the secret the runner shares with the agent
 * profile (its `runner_signing_secret` secret parameter), sent as
 * `x-assay-timestamp: <unix seconds>` and `x-assay-signature: v1=<hex>`.
 * A runner recomputes it over the raw body and refuses a timestamp more than
 * five minutes off, so a captured attempt cannot be replayed later. Web
 * Crypto only; the clock is the caller's.
 */
import { hmacSha256Hex, timingSafeEqual } from "../crypto/hash";

export const TIMESTAMP_HEADER = "x-assay-timestamp";
export const SIGNATURE_HEADER = "x-assay-signature";
/** The profile secret parameter holding the shared signing secret; it is never sent to the runner. */
export const SIGNING_SECRET_PARAM = "runner_signing_secret";
export const MIN_SIGNING_SECRET_CHARS = 16;
export const SIGNATURE_TOLERANCE_S = 300;

export async function signatureOf(secret: string, timestampS: number, body: string): Promise<string> {
  return `v1=${await hmacSha256Hex(secret, `${timestampS}.${body}`)}`;
}

/** The two headers that sign `body` sent at `timestampS`. */
export async function signedHeaders(secret: string, timestampS: number, body: string): Promise<Record<string, string>> {
  return { [TIMESTAMP_HEADER]: String(timestampS), [SIGNATURE_HEADER]: await signatureOf(secret, timestampS, body) };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "stale" | "mismatch" };

/** Checks a received attempt (what a runner does; Assay's tests use it too). */
export async function verifySignature(secret: string, timestamp: string | null, signature: string | null, body: string, nowS: number): Promise<SignatureCheck> {
  if (!timestamp || !signature) return { ok: false, reason: "missing" };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowS - Number(timestamp)) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: "stale" };
  const expected = await signatureOf(secret, Number(timestamp), body);
  return timingSafeEqual(expected, signature.trim()) ? { ok: true } : { ok: false, reason: "mismatch" };
}
