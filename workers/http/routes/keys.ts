/** API keys of the calling project: create (secret shown once), list, revoke. Admin scope. */
import { z } from "@hono/zod-openapi";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { newId, newSecret } from "../../../src/crypto/ids";
import { sha256Hex } from "../../../src/crypto/hash";
import { insertKey, listKeys, revokeKey } from "../../../src/db/projects";
import type { ApiKeyRow } from "../../../src/db/schema";
import { SCOPES } from "../auth";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema } from "../schemas";

export const ApiKeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: "The key's first characters, to recognise it; never the secret" }),
    scopes: z.array(z.enum(SCOPES)),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .openapi("ApiKey");

export function keyView(k: ApiKeyRow): z.infer<typeof ApiKeyView> {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as (typeof SCOPES)[number][],
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt,
    revoked_at: k.revokedAt,
  };
}

const CreateKey = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(SCOPES)).min(1).max(3),
});

export const keysRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/keys",
      operationId: "createKey",
      tags: ["keys"],
      summary: "Create an API key; the secret is in the response once",
      request: { body: jsonBody(CreateKey) },
      responses: { 201: json(z.object({ key: ApiKeyView, api_key: z.string() }), "The key and its secret"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const secret = newSecret("ak");
      const key: ApiKeyRow = {
        id: newId("key"),
        projectId: c.var.auth.projectId,
        name: body.name,
        prefix: secret.slice(0, 11),
        hash: await sha256Hex(secret),
        scopes: [...new Set(body.scopes)],
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      await insertKey(c.var.db, key);
      return c.json({ key: keyView(key), api_key: secret }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/keys",
      operationId: "listKeys",
      tags: ["keys"],
      summary: "List the project's keys, newest first, without secrets",
      request: { query: PageQuery },
      responses: { 200: json(pageSchema(ApiKeyView), "A page of keys"), ...errorResponses },
    }),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const rows = await listKeys(c.var.db, c.var.auth.projectId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (k) => k.id);
      return c.json({ items: page.items.map(keyView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "delete",
      path: "/api/keys/{id}",
      operationId: "revokeKey",
      tags: ["keys"],
      summary: "Revoke a key; it stops working at once",
      request: { params: IdParam },
      responses: { 200: json(ApiKeyView, "The revoked key"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const key = await revokeKey(c.var.db, c.var.auth.projectId, id, new Date().toISOString());
      if (!key) throw new AppError("not_found", `no key ${id}`);
      return c.json(keyView(key), 200);
    },
  );
