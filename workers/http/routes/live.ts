/**
 * Following a run live: the stream of its deltas (a hibernating WebSocket,
 * or Server-Sent Events for curl and scripts), a short-lived ticket for
 * browsers that cannot send an API key on either, and the live set for
 * pollers (an unchanged set answers 304 with no body). The run's hub
 * object (workers/live/run-live.ts) does the work; these handlers check
 * who is asking and which run.
 *
 * The stream authenticates itself (it is exempt from the global key check):
 * an API key with the read scope in the Authorization header or as a
 * WebSocket subprotocol `bearer.<key>` (next to `assay.live.v1`), or a
 * ticket in `?ticket=`.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sha256Hex } from "../../../src/crypto/hash";
import { getRun } from "../../../src/db/eval-runs";
import { findActiveKeyByHash } from "../../../src/db/projects";
import type { EvalRunRow } from "../../../src/db/schema";
import { AppError } from "../../../src/domain/errors";
import type { RunOptions } from "../../../src/domain/run-options";
import { LiveAttempt, LiveSet } from "../../../src/live/live-set";
import { checkTicket, issueTicket, TICKET_TTL_MS } from "../../../src/live/tickets";
import { liveStub, shardsFor } from "../../live/client";
import { hasScope } from "../auth";
import { defineRoute, newRouter, type AppEnv } from "../router";
import { errorResponses, IdParam, json } from "../schemas";
import { maxConcurrency } from "../../../src/execution/concurrency-band";

const tags = ["live"];
type Ctx = Context<AppEnv>;

// The live set's shapes are src/live's schemas (the hub builds the set by them), named for the document.
const LiveAttemptView = LiveAttempt.openapi("LiveAttempt");
const LiveSetView = LiveSet.extend({ items: z.array(LiveAttemptView) }).openapi("LiveSet");

const FollowQuery = z.strictObject({
  after_seq: z
    .string()
    .regex(/^\d{1,15}$/, "must be a delta_seq")
    .optional()
    .openapi({ description: "the last delta_seq received: the stream resumes right after it (SSE also reads Last-Event-ID)" }),
  ticket: z.string().max(2000).optional().openapi({ description: "a ticket from POST /api/eval-runs/{id}/live-ticket, for browsers" }),
});

/** The caller's run (404 otherwise). */
async function runOf(c: Ctx, projectId: string, id: string): Promise<EvalRunRow> {
  const run = await getRun(c.var.db, projectId, id);
  if (!run) throw new AppError("not_found", `no run ${id}`);
  return run;
}

function shardsOf(c: Ctx, run: EvalRunRow): number {
  return shardsFor(c.env, maxConcurrency((run.options as RunOptions).concurrency));
}

/** The project behind a follow request: a ticket for this run, or an API key with the read scope. */
async function followerProject(c: Ctx, runId: string, ticket: string | undefined): Promise<string> {
  if (ticket !== undefined) {
    const claims = await checkTicket(c.var.config.secretKey, ticket, runId, Date.now());
    if (!claims) throw new AppError("unauthorized", "the ticket is invalid, expired or for another run; ask for a new one");
    return claims.p;
  }
  const header = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const protocol = (c.req.header("sec-websocket-protocol") ?? "")
    .split(",")
    .map((p) => p.trim())
    .find((p) => p.startsWith("bearer."))
    ?.slice("bearer.".length);
  const token = header ?? protocol;
  if (!token) throw new AppError("unauthorized", "an API key is required (Authorization: Bearer ak_..., or a ticket in ?ticket=)");
  const key = token.startsWith("ak_") ? await findActiveKeyByHash(c.var.db, await sha256Hex(token)) : undefined;
  if (!key) throw new AppError("unauthorized", "the API key is unknown or revoked");
  if (!hasScope(key.scopes, "read")) throw new AppError("forbidden", "this key lacks the 'read' scope");
  return key.projectId;
}

export const liveRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/live",
      operationId: "followEvalRunLive",
      tags,
      summary: "Follow the run's live deltas: a WebSocket (Upgrade: websocket) or Server-Sent Events (Accept: text/event-stream)",
      description:
        "Streams the run's deltas in order: a header when an attempt starts, one per phase change (boot, setup, agent, finalize, scoring), one per committed turn (its new messages, model and usage), a preview of each model request in flight, and an end when the attempt lands. Each delta carries `delta_seq`. " +
        "WebSocket frames are JSON arrays of deltas, plus `{type: \"live_set\"}` (a snapshot) and `{type: \"ready\"}` (caught up) objects; the text `ping` is answered `pong`. SSE events are `delta` (id = delta_seq), `live_set` and `ready`. " +
        "Reconnect with `?after_seq=<last delta_seq>` (SSE: Last-Event-ID) to get exactly the deltas missed, none twice; without it, or when the missed deltas are older than the replay window (10 minutes after their attempt ended), the stream starts with a snapshot of the live set. " +
        "Authenticate with an API key (Authorization header, or the WebSocket subprotocol `bearer.<key>` next to `assay.live.v1`) or a ticket in `?ticket=`.",
      request: { params: IdParam, query: FollowQuery },
      responses: {
        101: { description: "Switched to a WebSocket (subprotocol assay.live.v1 when offered)" },
        200: { description: "Server-Sent Events", content: { "text/event-stream": { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { after_seq, ticket } = c.req.valid("query");
      const projectId = await followerProject(c, id, ticket);
      const run = await runOf(c, projectId, id);
      const websocket = c.req.header("upgrade")?.toLowerCase() === "websocket";
      const sse = (c.req.header("accept") ?? "").includes("text/event-stream");
      if (!websocket && !sse) {
        throw new AppError("bad_request", "ask for a WebSocket (Upgrade: websocket) or for Server-Sent Events (Accept: text/event-stream); GET .../live-set gives a snapshot");
      }
      const url = new URL("https://live/follow");
      url.searchParams.set("run", run.id);
      url.searchParams.set("shards", String(shardsOf(c, run)));
      if (after_seq !== undefined) url.searchParams.set("after_seq", after_seq);
      const headers = new Headers();
      for (const h of ["upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol", "sec-websocket-extensions", "last-event-id", "accept"]) {
        const v = c.req.header(h);
        if (v !== undefined) headers.set(h, v);
      }
      const res = await liveStub(c.env, run.id).fetch(new Request(url, { headers }));
      return res as never;
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/live-ticket",
      operationId: "createLiveTicket",
      tags,
      summary: "A ticket to follow the run from a browser: pass it as ?ticket= to GET .../live within 60 s",
      request: { params: IdParam },
      responses: {
        201: json(z.object({ ticket: z.string(), expires_at: z.string(), url: z.string() }).openapi("LiveTicket"), "The ticket"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const run = await runOf(c, c.var.auth.projectId, c.req.valid("param").id);
      const expires = Date.now() + TICKET_TTL_MS;
      const ticket = await issueTicket(c.var.config.secretKey, { r: run.id, p: run.projectId, k: c.var.auth.keyId, e: expires });
      return c.json({ ticket, expires_at: new Date(expires).toISOString(), url: `/api/eval-runs/${run.id}/live?ticket=${encodeURIComponent(ticket)}` }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/live-set",
      operationId: "getLiveSet",
      tags,
      summary: "The run's live attempts with their phase and counts; an unchanged set answers 304 to If-None-Match",
      request: { params: IdParam, headers: z.object({ "if-none-match": z.string().max(1000).optional() }) },
      responses: {
        200: json(LiveSetView, "The live set, with an ETag"),
        304: { description: "Unchanged since the ETag given in If-None-Match; no body" },
        ...errorResponses,
      },
    }),
    async (c) => {
      const run = await runOf(c, c.var.auth.projectId, c.req.valid("param").id);
      const r = await liveStub(c.env, run.id).liveSet({
        where: { run_id: run.id, shard: 0, shards: shardsOf(c, run) },
        if_none_match: c.req.header("if-none-match") ?? null,
      });
      const headers = { etag: r.etag, "cache-control": "no-cache" };
      if (!r.body) return c.body(null, 304, headers);
      return c.json(r.body as z.infer<typeof LiveSetView>, 200, headers);
    },
  );
