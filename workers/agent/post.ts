/**
 * Posts one signed attempt to its runner and classifies the answer like a
 * model call's: network errors, timeouts, 408, 429 and 5xx are transient
 * (retried with backoff by the dispatcher, honouring Retry-After); other
 * 4xx are permanent (the attempt ends failed with the runner's answer).
 * Secrets are scrubbed from every error. Uses fetch.
 */
import { scrub } from "../../src/domain/scrub";

/** A runner must accept (2xx) an attempt within this long. */
export const DISPATCH_TIMEOUT_MS = 15_000;

export type PostOutcome = { kind: "accepted" } | { kind: "transient"; error: string; retryAfterMs: number | null } | { kind: "permanent"; error: string };

/** POSTs `body` (JSON) with `headers` to the runner at `url`. */
export async function postToRunner(url: string, headers: Record<string, string>, body: string, secrets: string[]): Promise<PostOutcome> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body, signal: AbortSignal.timeout(DISPATCH_TIMEOUT_MS) });
  } catch (err) {
    const what = err instanceof Error && err.name === "TimeoutError" ? `no answer within ${DISPATCH_TIMEOUT_MS / 1000} s` : err instanceof Error ? err.message : String(err);
    return { kind: "transient", error: scrub(`the runner could not be reached: ${what}`, secrets), retryAfterMs: null };
  }
  const text = scrub((await res.text().catch(() => "")).slice(0, 500), secrets);
  if (res.ok) return { kind: "accepted" };
  const error = `the runner answered ${res.status}${text ? `: ${text}` : ""}`;
  if (res.status === 408 || res.status === 429 || res.status >= 500) {
    const ra = Number(res.headers.get("retry-after"));
    return { kind: "transient", error, retryAfterMs: Number.isFinite(ra) && ra >= 0 ? ra * 1000 : null };
  }
  return { kind: "permanent", error };
}
