/**
 * Outbound webhook subscriptions and their deliveries in D1. The secret is
 * stored sealed and only unsealed to sign. A delivery is enqueued once per
 * (subscription, event) and claimed before sending, so two overlapping
 * cron passes never send the same try twice.
 */
import { newId } from "../crypto/ids";
import { seal, unseal } from "../crypto/seal";
import type { WebhookEvent } from "../webhooks/events";

export interface WebhookRow {
  id: string;
  project_id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  created_at: string;
}

type RawWebhook = Omit<WebhookRow, "events"> & { events: string; secret: string };
const webhook = ({ secret: _sealed, ...r }: RawWebhook): WebhookRow => ({ ...r, events: JSON.parse(r.events) as WebhookEvent[] });

export async function insertWebhook(
  d1: D1Database,
  secretKey: string,
  w: { projectId: string; url: string; events: WebhookEvent[]; description: string | null; secret: string },
  at: string,
): Promise<WebhookRow> {
  const r = await d1
    .prepare(
      `INSERT INTO webhooks (id, project_id, url, events, description, secret, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING *`,
    )
    .bind(newId("wh"), w.projectId, w.url, JSON.stringify(w.events), w.description, await seal(secretKey, w.secret), at)
    .first<RawWebhook>();
  return webhook(r!);
}

export async function getWebhook(d1: D1Database, projectId: string, id: string): Promise<WebhookRow | undefined> {
  const r = await d1.prepare(`SELECT * FROM webhooks WHERE id = ?1 AND project_id = ?2`).bind(id, projectId).first<RawWebhook>();
  return r ? webhook(r) : undefined;
}

/** Newest first; `limit + 1` rows. */
export async function listWebhooks(d1: D1Database, projectId: string, before: string | undefined, limit: number): Promise<WebhookRow[]> {
  const r = await d1
    .prepare(`SELECT * FROM webhooks WHERE project_id = ?1 AND (?2 IS NULL OR id < ?2) ORDER BY id DESC LIMIT ?3`)
    .bind(projectId, before ?? null, limit + 1)
    .all<RawWebhook>();
  return r.results.map(webhook);
}

/** Deletes a subscription and its delivery log; false when there was none. */
export async function deleteWebhook(d1: D1Database, projectId: string, id: string): Promise<boolean> {
  const [gone] = await d1.batch([
    d1.prepare(`DELETE FROM webhooks WHERE id = ?1 AND project_id = ?2`).bind(id, projectId),
    d1.prepare(`DELETE FROM webhook_deliveries WHERE webhook_id = ?1 AND project_id = ?2`).bind(id, projectId),
  ]);
  return (gone!.meta.changes ?? 0) > 0;
}

/**
 * Enqueues `event` for every subscription of the project that wants it,
 * once per (subscription, event_key). Returns how many were enqueued.
 */
export async function enqueueEvent(
  d1: D1Database,
  projectId: string,
  e: { type: WebhookEvent; key: string; body: string },
  at: string,
): Promise<number> {
  const subs = await d1.prepare(`SELECT id, events FROM webhooks WHERE project_id = ?1`).bind(projectId).all<{ id: string; events: string }>();
  const wanted = subs.results.filter((s) => (JSON.parse(s.events) as string[]).includes(e.type));
  if (!wanted.length) return 0;
  const results = await d1.batch(
    wanted.map((s) =>
      d1
        .prepare(
          `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_key, event_type, payload, status, attempts, next_attempt_at, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', 0, ?7, ?7) ON CONFLICT (webhook_id, event_key) DO NOTHING`,
        )
        .bind(newId("msg"), s.id, projectId, e.key, e.type, e.body, at),
    ),
  );
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

export interface DeliveryLogLine {
  at: string;
  /** The receiver's HTTP status, or null when no response came. */
  status: number | null;
  error: string | null;
  ms: number;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_type: string;
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  last_error: string | null;
  log: DeliveryLogLine[];
  created_at: string;
  delivered_at: string | null;
}

type RawDelivery = Omit<DeliveryRow, "log"> & { log: string };
const delivery = (r: RawDelivery): DeliveryRow => ({ ...r, log: JSON.parse(r.log) as DeliveryLogLine[] });

/** A subscription's deliveries, newest first; `limit + 1` rows. */
export async function listDeliveries(d1: D1Database, webhookId: string, before: string | undefined, limit: number): Promise<DeliveryRow[]> {
  const r = await d1
    .prepare(`SELECT * FROM webhook_deliveries WHERE webhook_id = ?1 AND (?2 IS NULL OR id < ?2) ORDER BY id DESC LIMIT ?3`)
    .bind(webhookId, before ?? null, limit + 1)
    .all<RawDelivery>();
  return r.results.map(delivery);
}

/** A delivery that is due, with what sending it needs. */
export interface DueDelivery extends DeliveryRow {
  url: string;
  secret: string;
}

/** How long a claimed try may take before another pass may try again. */
export const CLAIM_S = 120;

/**
 * Claims up to `limit` pending deliveries due at `now` (oldest due first)
 * by pushing their due time CLAIM_S ahead, and returns those this caller
 * won, secrets unsealed.
 */
export async function claimDue(d1: D1Database, secretKey: string, now: Date, limit: number): Promise<DueDelivery[]> {
  const at = now.toISOString();
  const due = await d1
    .prepare(
      `SELECT d.*, w.url AS url, w.secret AS secret FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= ?1 ORDER BY d.next_attempt_at LIMIT ?2`,
    )
    .bind(at, limit)
    .all<RawDelivery & { url: string; secret: string }>();
  if (!due.results.length) return [];
  const until = new Date(now.getTime() + CLAIM_S * 1000).toISOString();
  const claims = await d1.batch(
    due.results.map((d) =>
      d1
        .prepare(`UPDATE webhook_deliveries SET next_attempt_at = ?3 WHERE id = ?1 AND status = 'pending' AND next_attempt_at = ?2`)
        .bind(d.id, d.next_attempt_at, until),
    ),
  );
  const won = due.results.filter((_, i) => (claims[i]!.meta.changes ?? 0) > 0);
  return Promise.all(won.map(async (d) => ({ ...delivery(d), url: d.url, secret: await unseal<string>(secretKey, d.secret) })));
}

/** Tries kept in a delivery's log. */
export const LOG_KEEP = 10;

/**
 * Records one try: delivered, or pending again at `retryAt`, or failed
 * for good when `retryAt` is null.
 */
export async function recordTry(
  d1: D1Database,
  d: DeliveryRow,
  line: DeliveryLogLine,
  outcome: { delivered: true } | { delivered: false; retryAt: string | null },
): Promise<void> {
  const log = JSON.stringify([...d.log, line].slice(-LOG_KEEP));
  const status = outcome.delivered ? "delivered" : outcome.retryAt ? "pending" : "failed";
  const next = outcome.delivered ? null : outcome.retryAt;
  await d1
    .prepare(
      `UPDATE webhook_deliveries SET status = ?2, attempts = attempts + 1, next_attempt_at = ?3, response_status = ?4, last_error = ?5,
         log = ?6, delivered_at = ?7 WHERE id = ?1 AND status = 'pending'`,
    )
    .bind(d.id, status, next, line.status, line.error, log, outcome.delivered ? line.at : null)
    .run();
}
