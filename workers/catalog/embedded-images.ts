/**
 * Loading a built-in whose data files embed their images (MMMU's Parquet
 * shards, VLMEvalKit's TSVs with base64 cells): each pinned file is read as
 * it arrives, its bytes digested beside the loader on the same stream
 * (sha256, or the md5 its publisher states), and every image a row names is
 * stored in R2 under the revision's files/ as soon as it comes out, so the
 * Worker holds one file's bytes (a Parquet shard) or one line (a TSV) and
 * the rows' text, never every image at once. The revision's id is chosen
 * first so the images land under its prefix; a digest that differs, a row
 * the loader refuses, or a failed import deletes every image stored so far.
 * I/O: the fetch passed in, the D1 handle and the R2 bucket.
 */
import type { EmbeddedLoader, PinnedDataset, SourceFile } from "../../src/catalog/types";
import { newId } from "../../src/crypto/ids";
import { toHex } from "../../src/crypto/hash";
import type { Db } from "../../src/db/client";
import type { DatasetRevisionRow } from "../../src/db/schema";
import type { JsonObject } from "../../src/datasets/canonical-json";
import { AppError } from "../../src/domain/errors";
import { importRevision } from "../../src/storage/dataset-import";
import { deleteObjects, revisionFileKey, revisionPrefix } from "../../src/storage/dataset-rows";

export interface EmbeddedLoad {
  /** Where each file is fetched from (the mirror's copy or the pinned URL). */
  url: (file: SourceFile) => string;
  /** An ok response for the URL (the caller's retries and errors). */
  open: (url: string) => Promise<Response>;
  /** Wraps a refusal in the caller's error type. */
  refuse: (message: string) => Error;
}

/** The digest a file is pinned by: its sha256, else the md5 its publisher states. */
function pinOf(file: SourceFile): { algorithm: "SHA-256" | "MD5"; hex: string } | null {
  if (file.sha256) return { algorithm: "SHA-256", hex: file.sha256 };
  if (file.md5) return { algorithm: "MD5", hex: file.md5 };
  return null;
}

/** Digests a stream as it is read (workerd's DigestStream), counting its bytes. */
function digestBeside(stream: ReadableStream<Uint8Array>, algorithm: "SHA-256" | "MD5"): Promise<{ hex: string; bytes: number }> {
  const digest = new crypto.DigestStream(algorithm);
  let bytes = 0;
  const counted = stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        bytes += chunk.byteLength;
        out.enqueue(chunk);
      },
    }),
  );
  return counted.pipeTo(digest).then(async () => ({ hex: toHex(new Uint8Array(await digest.digest)), bytes }));
}

/**
 * Loads the pinned files through the embedded loader and imports the
 * revision `name@version` (a global one). Returns the existing revision when
 * the same content is already stored (the images stored here are dropped).
 */
export async function importEmbedded(db: Db, bucket: R2Bucket, data: PinnedDataset, loader: EmbeddedLoader, how: EmbeddedLoad, label: string): Promise<DatasetRevisionRow> {
  const id = newId("dsr");
  const prefix = revisionPrefix(null, data.name, data.version, id);
  const stored = new Set<string>();
  const keys: string[] = [];
  const rows: JsonObject[] = [];
  const files: { path: string; url: string; sha256?: string; md5?: string; bytes: number }[] = [];
  try {
    for (const file of data.files) {
      const pin = pinOf(file);
      if (!pin) throw how.refuse(`${file.path} has no pinned sha256 or md5; refusing it`);
      const url = how.url(file);
      const res = await how.open(url);
      const [toDigest, toLoader] = res.body!.tee();
      const digested = digestBeside(toDigest, pin.algorithm);
      try {
        for await (const { row, images } of loader.rows(file, toLoader)) {
          for (const image of images) {
            if (stored.has(image.path)) continue;
            const key = revisionFileKey(prefix, image.path);
            keys.push(key);
            stored.add(image.path);
            await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.media_type } });
          }
          rows.push(row);
        }
      } catch (err) {
        // The loader stopped early: the digest branch still holds the rest of the body.
        await toLoader.cancel().catch(() => undefined);
        void digested.catch(() => undefined);
        throw how.refuse(`the pinned data of ${label} could not be read: ${err instanceof Error ? err.message : String(err)}`);
      }
      const got = await digested;
      if (got.hex !== pin.hex || (file.bytes !== undefined && got.bytes !== file.bytes)) {
        throw how.refuse(
          `${url} does not match the pinned data: its ${pin.algorithm === "MD5" ? "md5" : "sha256"} is ${got.hex} (${got.bytes} bytes), ` +
            `expected ${pin.hex} (${file.bytes !== undefined ? `${file.bytes} bytes, ` : ""}${data.repository}@${data.commit}); refusing it`,
        );
      }
      files.push({ path: file.path, url, ...(file.sha256 ? { sha256: file.sha256 } : { md5: file.md5 }), bytes: got.bytes });
    }
    if (rows.length === 0) throw how.refuse(`the pinned data of ${label} has no rows`);
    const bytes = new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const source = JSON.stringify({ repository: data.repository, commit: data.commit, files, images: { count: stored.size, stored_from: "the data files' own cells" } });
    try {
      const { revision } = await importRevision(db, bucket, { projectId: null, name: data.name, version: data.version, format: "jsonl", bytes, source, id, storedFiles: keys });
      return revision;
    } catch (err) {
      // importRevision removed what it and we stored; a 409 means the loader changed without a version bump.
      keys.length = 0;
      if (err instanceof AppError) throw how.refuse(`the data of ${label} could not be stored: ${err.message}`);
      throw err;
    }
  } catch (err) {
    if (keys.length) await deleteObjects(bucket, keys).catch(() => undefined);
    throw err;
  }
}
