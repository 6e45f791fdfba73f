/**
 * What an idempotent create remembers of its body, so that a later request
 * with the same request_id can be told apart: a keyed digest (HMAC-SHA256
 * of the canonical JSON) per top-level field. Equal digests mean the same
 * body; the fields whose digests differ are named in the 409. Keyed, so a
 * stored digest reveals nothing of an API key in the body. Web Crypto only;
 * no other I/O.
 */
import { hmacSha256Hex } from "../crypto/hash";
import { canonicalJson } from "../datasets/canonical-json";

/** Top-level field → hex digest of its canonical JSON; absent fields are absent. */
export type RequestDigest = Record<string, string>;

/** The digest of `body` (already validated, defaults applied), leaving out the fields in `ignore`. */
export async function requestDigest(key: string, body: Record<string, unknown>, ignore: readonly string[] = []): Promise<RequestDigest> {
  const out: RequestDigest = {};
  for (const field of Object.keys(body).sort()) {
    const value = body[field];
    if (value === undefined || ignore.includes(field)) continue;
    out[field] = await hmacSha256Hex(key, `${field}\n${canonicalJson(value)}`);
  }
  return out;
}

/** The top-level fields on which two bodies differ, sorted; empty when they are the same. */
export function differingFields(a: RequestDigest, b: RequestDigest): string[] {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields].filter((f) => a[f] !== b[f]).sort();
}
