/**
 * Per-attempt runner tokens: what a runner presents on every callback
 * (`Authorization: Bearer rt_...`). A token names one attempt, one dispatch
 * of it and the moment it stops working (the attempt's timeout), and how
 * many live shards the run has, so a callback is routed without a lookup.
 * The Durable Object that owns the attempt still has the last word: a token
 * of a dispatch that ended is refused even before it expires. Web Crypto
 * only; the clock is the caller's.
 */
import { z } from "zod";
import { readClaims, signClaims } from "./signed-claims";

const PURPOSE = "assay.runner-token.v1";
const PREFIX = "rt";

export const RunnerClaims = z.object({
  /** The attempt id (att_...). */
  a: z.string().min(1).max(200),
  /** The dispatch id: a re-dispatched attempt gets a new one, and older tokens stop working. */
  d: z.string().min(1).max(100),
  /** Expiry, Unix milliseconds. */
  e: z.number().int(),
  /** Live shards of the run. */
  s: z.number().int().min(1).max(64),
});
export type RunnerClaims = z.infer<typeof RunnerClaims>;

export function issueRunnerToken(secretKey: string, claims: RunnerClaims): Promise<string> {
  return signClaims(secretKey, PURPOSE, PREFIX, claims);
}

export type TokenCheck =
  | { ok: true; claims: RunnerClaims }
  | { ok: false; reason: "invalid" | "other_attempt" | "expired" };

/**
 * Checks a presented token for `attemptId` at `nowMs`: forged or malformed
 * is `invalid`, a genuine token of another attempt `other_attempt`, a
 * genuine one past its expiry `expired`.
 */
export async function checkRunnerToken(secretKey: string, token: string | undefined, attemptId: string, nowMs: number): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "invalid" };
  const raw = await readClaims(secretKey, PURPOSE, PREFIX, token);
  const parsed = raw ? RunnerClaims.safeParse(raw) : null;
  if (!parsed?.success) return { ok: false, reason: "invalid" };
  if (parsed.data.a !== attemptId) return { ok: false, reason: "other_attempt" };
  if (parsed.data.e <= nowMs) return { ok: false, reason: "expired" };
  return { ok: true, claims: parsed.data };
}
