/**
 * Sends due webhook deliveries: each claimed first (so overlapping passes
 * never send the same try twice), signed in the Standard Webhooks scheme at
 * the moment it is sent, posted with a timeout, at most PARALLEL at once.
 * A 2xx delivers; anything else is tried again with exponential backoff
 * until MAX_DELIVERY_TRIES, then marked failed. Every try is logged.
 */
import { claimDue, recordTry, type DueDelivery } from "../../src/db/webhooks";
import { retryDelaySeconds } from "../../src/webhooks/events";
import { signHeaders } from "../../src/webhooks/signature";
import type { Env } from "../env";
import { readConfig } from "../env";
import type { Budget } from "./budget";

/** A receiver gets this long to answer. */
export const SEND_TIMEOUT_MS = 10_000;
/** Workers allow six simultaneous outbound connections. */
const PARALLEL = 6;

export interface DeliveryReport {
  tried: number;
  delivered: number;
  retrying: number;
  failed: number;
}

export async function deliverDue(env: Env, now: Date, budget: Budget): Promise<DeliveryReport> {
  const report: DeliveryReport = { tried: 0, delivered: 0, retrying: 0, failed: 0 };
  if (!budget.ok()) return report;
  const due = await claimDue(env.DB, readConfig(env).secretKey, now, budget.limits.deliveries);
  for (let i = 0; i < due.length; i += PARALLEL) {
    // Out of time: the rest stay claimed and come due again after CLAIM_S.
    if (i > 0 && !budget.ok()) break;
    await Promise.all(due.slice(i, i + PARALLEL).map((d) => sendOne(env, d, now, report)));
  }
  return report;
}

async function sendOne(env: Env, d: DueDelivery, now: Date, report: DeliveryReport): Promise<void> {
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(d.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Assay-Webhooks/1", ...signHeaders(d.secret, d.id, new Date(), d.payload) },
      body: d.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
    if (status < 200 || status >= 300) error = `the receiver answered ${status}`;
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    error = name === "TimeoutError" || name === "AbortError" ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : `could not connect: ${String(err instanceof Error ? err.message : err).slice(0, 200)}`;
  }
  const line = { at: new Date().toISOString(), status, error, ms: Date.now() - started };
  report.tried += 1;
  if (!error) {
    await recordTry(env.DB, d, line, { delivered: true });
    report.delivered += 1;
    return;
  }
  const delay = retryDelaySeconds(d.attempts + 1, Math.random());
  const retryAt = delay === null ? null : new Date(now.getTime() + delay * 1000).toISOString();
  await recordTry(env.DB, d, line, { delivered: false, retryAt });
  if (retryAt) report.retrying += 1;
  else report.failed += 1;
}
