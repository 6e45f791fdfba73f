/**
 * The response cache (options.cache): successful model replies stored in R2
 * under `response-cache/{project}/{digest}.json` (the digest from
 * src/domain/response-cache-key.ts), so a re-run, a resume or a re-score of
 * the same configuration reads the reply instead of calling the model.
 * Only successful replies are ever written: an error is never cached, so a
 * hit never hides one. Each object carries its expiry in its custom metadata
 * (`expires_at`, set from the run's cache_ttl_days when written); an expired
 * entry is a miss and is overwritten by the next read_write call. A
 * deployment may also add an R2 lifecycle rule on the `response-cache/`
 * prefix to reclaim space. I/O: the R2 bucket passed in.
 */
import { KeptReply } from "./attempt-replies";

const DAY_MS = 86_400_000;
/** Objects listed and deleted per page when a project's cache is cleared (R2's list and delete maximum). */
const CLEAR_PAGE = 1000;
/** Pages one clear goes through before it answers `more: true` (keeps one request far below the subrequest limit). */
export const MAX_CLEAR_PAGES = 50;

export function responseCachePrefix(projectId: string): string {
  return `response-cache/${projectId}/`;
}

function keyOf(projectId: string, digest: string): string {
  return `${responseCachePrefix(projectId)}${digest}.json`;
}

/** The cached reply, or null when there is none, it has expired, or it is unreadable (the model is then called). */
export async function readCachedResponse(bucket: R2Bucket, projectId: string, digest: string, now: number): Promise<KeptReply | null> {
  const obj = await bucket.get(keyOf(projectId, digest));
  if (!obj) return null;
  const expires = Date.parse(obj.customMetadata?.expires_at ?? "");
  if (!Number.isFinite(expires) || expires <= now) return null;
  try {
    const parsed = KeptReply.safeParse(JSON.parse(await obj.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores a successful reply for `ttlDays`. */
export async function writeCachedResponse(bucket: R2Bucket, projectId: string, digest: string, reply: KeptReply, ttlDays: number, now: number): Promise<void> {
  const stored = KeptReply.parse({ text: reply.text, input_tokens: reply.input_tokens, output_tokens: reply.output_tokens, latency_ms: reply.latency_ms, model: reply.model, truncated: reply.truncated, ...(reply.tool_calls && { tool_calls: reply.tool_calls }) });
  await bucket.put(keyOf(projectId, digest), JSON.stringify(stored), {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { expires_at: new Date(now + ttlDays * DAY_MS).toISOString() },
  });
}

/** Deletes a project's cached responses, up to MAX_CLEAR_PAGES pages; `more` when some are left for another call. */
export async function clearResponseCache(bucket: R2Bucket, projectId: string): Promise<{ deleted: number; more: boolean }> {
  const prefix = responseCachePrefix(projectId);
  let deleted = 0;
  for (let page = 0; page < MAX_CLEAR_PAGES; page++) {
    // Always the first page: what was listed before is deleted, so no cursor is needed.
    const listed = await bucket.list({ prefix, limit: CLEAR_PAGE });
    const keys = listed.objects.map((o) => o.key);
    if (keys.length) await bucket.delete(keys);
    deleted += keys.length;
    if (!listed.truncated) return { deleted, more: false };
  }
  return { deleted, more: true };
}
