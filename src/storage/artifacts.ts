/**
 * Attempt artifacts in R2: files a runner uploads for one attempt (patches,
 * logs, screenshots), kept byte for byte under
 * `runs/<run>/artifacts/<seq>/<name>` with their content type and SHA-256.
 * Listed straight from R2 (no table); a run's artifacts go with its prefix.
 */
import { sha256Hex } from "../crypto/hash";

/** Bytes in one artifact; a bigger upload is refused with 413. */
export const MAX_ARTIFACT_BYTES = 10 * 1024 * 1024;
/** Artifacts per attempt. */
export const MAX_ARTIFACTS = 100;
/** A file name: no path separators, no leading dot, at most 200 characters. */
export const ARTIFACT_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
/** type/subtype with optional parameters, no control characters. */
export const CONTENT_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(\s*;[\x20-\x7e]{0,200})?$/;

export function artifactsPrefix(runId: string, seq: number): string {
  return `runs/${runId}/artifacts/${String(seq).padStart(9, "0")}/`;
}

export interface ArtifactInfo {
  name: string;
  size: number;
  content_type: string;
  sha256: string | null;
  uploaded_at: string;
}

function info(prefix: string, o: R2Object): ArtifactInfo {
  return {
    name: o.key.slice(prefix.length),
    size: o.size,
    content_type: o.httpMetadata?.contentType ?? "application/octet-stream",
    sha256: o.customMetadata?.sha256 ?? null,
    uploaded_at: o.uploaded.toISOString(),
  };
}

/**
 * Reads a body up to `max` bytes; "too_large" as soon as it passes them, so
 * an oversized upload is never held whole.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | "too_large"> {
  if (!body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return "too_large";
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export async function putArtifact(bucket: R2Bucket, runId: string, seq: number, name: string, bytes: Uint8Array, contentType: string): Promise<ArtifactInfo> {
  const prefix = artifactsPrefix(runId, seq);
  const sha256 = await sha256Hex(bytes);
  const o = await bucket.put(prefix + name, bytes, { httpMetadata: { contentType }, customMetadata: { sha256 } });
  return info(prefix, o);
}

/** A page of an attempt's artifacts by name; `cursor` is the one R2 returned for the previous page. */
export async function listArtifacts(bucket: R2Bucket, runId: string, seq: number, cursor: string | undefined, limit: number): Promise<{ items: ArtifactInfo[]; next_cursor: string | null }> {
  const prefix = artifactsPrefix(runId, seq);
  const r = await bucket.list({ prefix, cursor, limit, include: ["httpMetadata", "customMetadata"] });
  return { items: r.objects.map((o) => info(prefix, o)), next_cursor: r.truncated ? r.cursor : null };
}

export async function getArtifact(bucket: R2Bucket, runId: string, seq: number, name: string): Promise<{ info: ArtifactInfo; body: ReadableStream } | null> {
  const prefix = artifactsPrefix(runId, seq);
  const o = await bucket.get(prefix + name);
  return o ? { info: info(prefix, o), body: o.body } : null;
}

/** Whether the attempt already has an artifact of this name (a re-upload replaces it and is not a new one). */
export async function hasArtifact(bucket: R2Bucket, runId: string, seq: number, name: string): Promise<boolean> {
  return (await bucket.head(artifactsPrefix(runId, seq) + name)) !== null;
}
