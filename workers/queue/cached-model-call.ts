/**
 * An attempt's model call through the run's response cache (options.cache):
 * `read_write` reads a stored reply and stores a fresh successful one,
 * `read_only` reads but never writes, `off` always calls the model. Errors
 * propagate untouched and are never stored. The cache is best effort: R2
 * trouble while reading or writing it costs a model call, never the attempt.
 */
import { DEFAULT_CACHE_TTL_DAYS, responseCacheDigest } from "../../src/domain/response-cache-key";
import type { ChatRequest, ChatResult } from "../../src/providers/types";
import { readCachedResponse, writeCachedResponse } from "../../src/storage/response-cache";
import { readConfig, type Env } from "../env";
import type { RunContext, TargetRuntime } from "./run-context";

export async function cachedModelCall(
  env: Env,
  ctx: RunContext,
  target: TargetRuntime,
  attemptIndex: number,
  req: ChatRequest,
): Promise<{ result: ChatResult; cached: boolean }> {
  const mode = ctx.options.cache ?? "off";
  if (mode === "off") return { result: await target.provider.chat(req), cached: false };
  const projectId = ctx.run.projectId;
  const digest = await responseCacheDigest(readConfig(env).secretKey, projectId, {
    provider: target.config.provider,
    base_url: target.config.base_url ?? null,
    model: req.model,
    messages: req.messages,
    tools: req.tools ?? null,
    sampling: { temperature: req.temperature ?? 0, top_p: req.top_p, max_output_tokens: req.max_output_tokens ?? 0 },
    params: req.params ?? null,
    attempt_index: attemptIndex,
  });
  const hit = await readCachedResponse(env.ARTIFACTS, projectId, digest, Date.now()).catch(() => null);
  if (hit) return { result: hit, cached: true };
  const result = await target.provider.chat(req);
  if (mode === "read_write") {
    // A failed write (R2 busy, the same key written within a second) only means the next run calls the model.
    await writeCachedResponse(env.ARTIFACTS, projectId, digest, result, ctx.options.cache_ttl_days ?? DEFAULT_CACHE_TTL_DAYS, Date.now()).catch(() => undefined);
  }
  return { result, cached: false };
}
