/**
 * Outbound webhooks of the calling project: subscribe a URL to run and
 * drift events (the signing secret is in the create response once, then
 * sealed), list, read, delete, and read the delivery log. Deliveries are
 * sent by the cron pass (workers/cron/deliveries.ts).
 */
import { z } from "@hono/zod-openapi";
import { deleteWebhook, getWebhook, insertWebhook, listDeliveries, listWebhooks, type DeliveryRow, type WebhookRow } from "../../../src/db/webhooks";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { MAX_DELIVERY_TRIES, WEBHOOK_EVENTS, WebhookEventName } from "../../../src/webhooks/events";
import { newWebhookSecret } from "../../../src/webhooks/signature";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema } from "../schemas";

const tags = ["webhooks"];

export const WebhookView = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventName),
    description: z.string().nullable(),
    secret: z.object({ set: z.literal(true) }).openapi({ description: "The signing secret; shown only in the create response" }),
    created_at: z.string(),
  })
  .openapi("Webhook");

function webhookView(w: WebhookRow): z.infer<typeof WebhookView> {
  return { id: w.id, url: w.url, events: w.events, description: w.description, secret: { set: true }, created_at: w.created_at };
}

const DeliveryView = z
  .object({
    id: z.string().openapi({ description: "The webhook-id header: the same on every try of this delivery" }),
    webhook_id: z.string(),
    event: WebhookEventName,
    status: z.enum(["pending", "delivered", "failed"]).openapi({ description: `failed: ${MAX_DELIVERY_TRIES} tries without a 2xx` }),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    response_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    tries: z.array(z.object({ at: z.string(), status: z.number().int().nullable(), error: z.string().nullable(), ms: z.number() })).openapi({
      description: "The latest tries, oldest first",
    }),
    payload: z.unknown().openapi({ description: "The JSON body as sent: {type, timestamp, data}" }),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
  })
  .openapi("WebhookDelivery");

function deliveryView(d: DeliveryRow): z.infer<typeof DeliveryView> {
  return {
    id: d.id,
    webhook_id: d.webhook_id,
    event: d.event_type as z.infer<typeof WebhookEventName>,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === "pending" ? d.next_attempt_at : null,
    response_status: d.response_status,
    last_error: d.last_error,
    tries: d.log,
    payload: JSON.parse(d.payload) as unknown,
    created_at: d.created_at,
    delivered_at: d.delivered_at,
  };
}

/** An http(s) URL without credentials in it (they would be shown back in every list). */
const TargetUrl = z
  .url({ protocol: /^https?$/, error: "must be an http or https URL" })
  .max(2000)
  .refine((u) => {
    const url = URL.parse(u);
    return !url || (!url.username && !url.password);
  }, "must not carry credentials; verify our signature instead");

const CreateWebhook = z.strictObject({
  url: TargetUrl,
  events: z
    .array(WebhookEventName)
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .openapi({ description: `Any of ${WEBHOOK_EVENTS.join(", ")}` }),
  description: z.string().trim().min(1).max(500).optional(),
});

export const webhooksRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/webhooks",
      operationId: "createWebhook",
      tags,
      summary: "Subscribe a URL to events; the signing secret (whsec_...) is in this response only",
      request: { body: jsonBody(CreateWebhook) },
      responses: { 201: json(z.object({ webhook: WebhookView, secret: z.string() }), "The subscription and its secret"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const secret = newWebhookSecret();
      const row = await insertWebhook(
        c.env.DB,
        c.var.config.secretKey,
        { projectId: c.var.auth.projectId, url: body.url, events: [...new Set(body.events)], description: body.description ?? null, secret },
        new Date().toISOString(),
      );
      return c.json({ webhook: webhookView(row), secret }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/webhooks",
      operationId: "listWebhooks",
      tags,
      summary: "List the project's webhook subscriptions, newest first",
      request: { query: PageQuery },
      responses: { 200: json(pageSchema(WebhookView), "A page of subscriptions"), ...errorResponses },
    }),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const rows = await listWebhooks(c.env.DB, c.var.auth.projectId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (w) => w.id);
      return c.json({ items: page.items.map(webhookView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/webhooks/{id}",
      operationId: "getWebhook",
      tags,
      summary: "A webhook subscription",
      request: { params: IdParam },
      responses: { 200: json(WebhookView, "The subscription"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const row = await getWebhook(c.env.DB, c.var.auth.projectId, id);
      if (!row) throw new AppError("not_found", `no webhook ${id}`);
      return c.json(webhookView(row), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "delete",
      path: "/api/webhooks/{id}",
      operationId: "deleteWebhook",
      tags,
      summary: "Delete a subscription and its delivery log; pending deliveries are not sent",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await deleteWebhook(c.env.DB, c.var.auth.projectId, id))) throw new AppError("not_found", `no webhook ${id}`);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/webhooks/{id}/deliveries",
      operationId: "listWebhookDeliveries",
      tags,
      summary: "A subscription's deliveries, newest first, with each try's outcome",
      request: { params: IdParam, query: PageQuery },
      responses: { 200: json(pageSchema(DeliveryView), "A page of deliveries"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { cursor, limit } = c.req.valid("query");
      if (!(await getWebhook(c.env.DB, c.var.auth.projectId, id))) throw new AppError("not_found", `no webhook ${id}`);
      const rows = await listDeliveries(c.env.DB, id, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (d) => d.id);
      return c.json({ items: page.items.map(deliveryView), next_cursor: page.next_cursor }, 200);
    },
  );
