/**
 * Outbound webhook events: their types, the JSON body every delivery
 * carries (`{type, timestamp, data}` as Standard Webhooks suggests), and
 * when a failed delivery is tried again. No I/O.
 */
import { z } from "zod";

export const WEBHOOK_EVENTS = ["run.completed", "run.failed", "run.cancelled", "drift.detected"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WebhookEventName = z.enum(WEBHOOK_EVENTS);

/** The event a run's final status announces. */
export function runEvent(status: string): WebhookEvent | null {
  if (status === "completed") return "run.completed";
  if (status === "failed") return "run.failed";
  if (status === "cancelled") return "run.cancelled";
  return null;
}

/** The body of a delivery; `timestamp` is when the event happened, not when it was sent. */
export function eventBody(type: WebhookEvent, at: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at, data });
}

/** Tries per delivery, the first included; then it is marked failed. */
export const MAX_DELIVERY_TRIES = 8;
/** Delay after the first failed try; doubled after each further one. */
export const FIRST_RETRY_S = 30;
export const MAX_RETRY_S = 6 * 3600;

/**
 * When to try again after `tries` failed tries, in seconds: 30 s, 1 min,
 * 2 min, ... capped at 6 h, times a jitter factor in [0.8, 1.2) so many
 * deliveries to one receiver spread out. null: give up.
 */
export function retryDelaySeconds(tries: number, jitter: number): number | null {
  if (tries >= MAX_DELIVERY_TRIES) return null;
  const base = Math.min(MAX_RETRY_S, FIRST_RETRY_S * 2 ** (tries - 1));
  return Math.round(base * (0.8 + 0.4 * jitter));
}
