/**
 * What a cached model response is stored under (options.cache): a keyed
 * digest (HMAC-SHA256 with the deployment's secret key) of the project and
 * the canonical JSON of everything that decides the reply: provider, base
 * URL, model, the rendered messages and tools, the sampling parameters, the
 * target's extra parameters, and the attempt index. The attempt index keeps
 * k attempts of one task k independent samples; the project keeps one
 * project from ever reading another's responses. Keyed, so an object name
 * reveals nothing of a base URL or a parameter (the API key is never part of
 * it). Web Crypto only; no other I/O.
 */
import { hmacSha256Hex } from "../crypto/hash";
import { canonicalJson } from "../datasets/canonical-json";

export const CACHE_MODES = ["off", "read_write", "read_only"] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

/** Days a cached response is served after it was stored, unless the run sets cache_ttl_days. */
export const DEFAULT_CACHE_TTL_DAYS = 30;
export const MAX_CACHE_TTL_DAYS = 365;

/** Bumped when what the key covers changes, so older entries are simply never read again. */
const KEY_VERSION = 1;

/** What decides a model call's reply. */
export interface CacheKeyInput {
  provider: string;
  base_url: string | null;
  model: string;
  messages: unknown;
  tools: unknown;
  sampling: { temperature: number; top_p: number | undefined; max_output_tokens: number };
  /** The target's extra request parameters (a profile's), if any. */
  params: unknown;
  attempt_index: number;
}

/** The canonical text the digest covers (undefined fields dropped, keys sorted). */
export function cacheKeyText(projectId: string, input: CacheKeyInput): string {
  return canonicalJson({
    v: KEY_VERSION,
    project: projectId,
    provider: input.provider,
    base_url: input.base_url ?? null,
    model: input.model,
    messages: input.messages,
    tools: input.tools ?? null,
    sampling: { temperature: input.sampling.temperature, top_p: input.sampling.top_p ?? null, max_output_tokens: input.sampling.max_output_tokens },
    params: input.params ?? null,
    attempt_index: input.attempt_index,
  });
}

/** The hex digest a response is stored under. */
export function responseCacheDigest(secretKey: string, projectId: string, input: CacheKeyInput): Promise<string> {
  return hmacSha256Hex(secretKey, cacheKeyText(projectId, input));
}
