/** DELETE /api/cache: clears the calling project's response cache (options.cache); other projects' entries are untouched. */
import { z } from "@hono/zod-openapi";
import { clearResponseCache } from "../../../src/storage/response-cache";
import { defineRoute, newRouter } from "../router";
import { errorResponses, json } from "../schemas";

const ClearedCache = z
  .object({
    deleted: z.number().int().openapi({ description: "cached responses deleted by this call" }),
    more: z.boolean().openapi({ description: "true when entries are left (a very large cache is cleared over several calls): call again" }),
  })
  .openapi("ClearedCache");

export const responseCacheRoutes = newRouter().openapi(
  defineRoute({
    method: "delete",
    path: "/api/cache",
    operationId: "clearResponseCache",
    tags: ["cache"],
    summary: "Delete the project's cached model responses, so the next read_write run calls the model again",
    description:
      "Runs with options.cache read_write store each successful model reply under a keyed digest of the request (provider, base URL, model, messages, tools, sampling, parameters, attempt index), per project; read_only runs only read them. Errors are never cached. Entries expire after the storing run's cache_ttl_days (default 30).",
    responses: { 200: json(ClearedCache, "What was deleted"), ...errorResponses },
  }),
  async (c) => c.json(await clearResponseCache(c.env.ARTIFACTS, c.var.auth.projectId), 200),
);
