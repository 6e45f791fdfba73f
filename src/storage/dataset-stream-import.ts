/**
 * Imports rows that arrive one at a time (a built-in's pinned file read as a
 * stream, too large to hold) as an immutable global dataset revision. The
 * upload path (dataset-import.ts) reads its bytes twice, validating before
 * it writes; a stream is read once, so here every row is validated as it
 * comes and written at once to R2 (row chunks, and the files rows refer to,
 * under a prefix of the revision's own), and the D1 row is written last,
 * only when every row passed and the source checked out (the caller's row
 * iterator throws when its file's digest is wrong, after its last line). If
 * anything fails, every object written is deleted again. The key, split and
 * subset columns are named by the caller, since no first pass chooses them.
 * I/O: the D1 handle and R2 bucket passed in, the clock and RNG (ids).
 */
import { sha256Hex, toHex } from "../crypto/hash";
import { newId } from "../crypto/ids";
import type { Db } from "../db/client";
import { findOwnRevision, insertRevision } from "../db/datasets";
import type { DatasetRevisionRow } from "../db/schema";
import type { JsonObject } from "../datasets/canonical-json";
import { ColumnTracker } from "../datasets/columns";
import { MAX_COLUMNS, MAX_LABELS, MAX_META_BYTES, MAX_ROWS } from "../datasets/limits";
import { keyText, labelText, revisionDigest, rowDigestBytes } from "../datasets/rows";
import type { RevisionFileRef, RowFiles } from "../catalog/types";
import { deleteObjects, revisionFileKey, revisionPrefix, RowChunkWriter } from "./dataset-rows";

/** Rows per R2 chunk of a streamed revision: fewer than an upload's, as its rows can be larger (a LiveCodeBench problem's statement and public tests). */
export const STREAM_CHUNK_ROWS = 100;

export interface StreamImport {
  name: string;
  version: number;
  /** Where it was loaded from (JSON), as the revision's `source`. */
  source: string;
  /** Bytes of the source files. */
  sizeBytes: number;
  columns: { key: string; split: string | null; subset: string | null };
  /** The rows, given the store for files they refer to; throws to abandon the import (nothing stays written). */
  rows: (files: RowFiles) => AsyncIterable<JsonObject>;
}

/** Validation of a streamed row, named by its position. */
export class StreamRowError extends Error {}

/** Creates the global revision `name@version` from the rows, or returns the one already there (a concurrent load won). */
export async function importRowStream(db: Db, bucket: R2Bucket, req: StreamImport): Promise<DatasetRevisionRow> {
  const id = newId("dsr");
  const prefix = revisionPrefix(null, req.name, req.version, id);
  const writer = new RowChunkWriter(bucket, prefix, STREAM_CHUNK_ROWS);
  const fileKeys: string[] = [];
  const files: RowFiles = {
    async put(path: string, content: string, contentType: string): Promise<RevisionFileRef> {
      const key = revisionFileKey(prefix, path);
      fileKeys.push(key);
      const bytes = new TextEncoder().encode(content);
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
      return { file: path, sha256: await sha256Hex(bytes), bytes: bytes.byteLength };
    },
    async putStream(path, body, bytes, contentType) {
      const key = revisionFileKey(prefix, path);
      fileKeys.push(key);
      // Each chunk goes to the digest, then on to R2; the fixed length refuses a body of another size.
      const digest = new crypto.DigestStream("SHA-256");
      const hashing = digest.getWriter();
      const fixed = new FixedLengthStream(bytes);
      const piped = body
        .pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            async transform(chunk, out) {
              await hashing.write(chunk);
              out.enqueue(chunk);
            },
            async flush() {
              await hashing.close();
            },
          }),
        )
        .pipeTo(fixed.writable);
      await Promise.all([bucket.put(key, fixed.readable, { httpMetadata: { contentType } }), piped]);
      return { file: path, sha256: toHex(new Uint8Array(await digest.digest)), bytes };
    },
    async readRange(path, offset, length) {
      const object = await bucket.get(revisionFileKey(prefix, path), { range: { offset, length } });
      if (!object) throw new StreamRowError(`the revision file ${path} is not stored`);
      return new Uint8Array(await object.arrayBuffer());
    },
  };
  const columns = new ColumnTracker();
  const keys = new Set<string>();
  const splits = new Set<string>();
  const subsets = new Set<string>();
  let digests = new Uint8Array(32 * 1024);
  let rowCount = 0;
  try {
    for await (const data of req.rows(files)) {
      const where = `row ${rowCount + 1}`;
      if (rowCount >= MAX_ROWS) throw new StreamRowError(`${where}: a dataset revision holds at most ${MAX_ROWS} rows`);
      columns.add(data);
      if (columns.size > MAX_COLUMNS) throw new StreamRowError(`${where}: more than ${MAX_COLUMNS} distinct columns`);
      const key = keyText(data[req.columns.key]);
      if (key === undefined) throw new StreamRowError(`${where}: its key '${req.columns.key}' is missing or unusable`);
      if (keys.has(key)) throw new StreamRowError(`${where}: key '${key}' repeats an earlier row's`);
      keys.add(key);
      const split = req.columns.split ? labelText(data[req.columns.split]) : null;
      const subset = req.columns.subset ? labelText(data[req.columns.subset]) : null;
      if (split !== null) splits.add(split);
      if (subset !== null) subsets.add(subset);
      if (splits.size > MAX_LABELS || subsets.size > MAX_LABELS) throw new StreamRowError(`${where}: more than ${MAX_LABELS} distinct splits or subsets`);
      const digest = await rowDigestBytes(data);
      if ((rowCount + 1) * 32 > digests.length) {
        const grown = new Uint8Array(digests.length * 2);
        grown.set(digests);
        digests = grown;
      }
      digests.set(digest, rowCount * 32);
      await writer.add({ index: rowCount, key, digest: toHex(digest), split, subset, data });
      rowCount++;
    }
    if (rowCount === 0) throw new StreamRowError("the source holds no rows");
    await writer.finish();
    const meta = { columns: columns.columns(), splits: [...splits], subsets: [...subsets] };
    const metaBytes = JSON.stringify([meta.columns, meta.splits, meta.subsets]).length;
    if (metaBytes > MAX_META_BYTES) throw new StreamRowError(`the column names and split/subset values take ${metaBytes} characters; at most ${MAX_META_BYTES} are kept`);
    const revision: DatasetRevisionRow = {
      id,
      projectId: null,
      name: req.name,
      version: req.version,
      digest: await revisionDigest(digests.slice(0, rowCount * 32)),
      rowCount,
      ...meta,
      format: "jsonl",
      sizeBytes: req.sizeBytes,
      storagePrefix: prefix,
      chunkRows: STREAM_CHUNK_ROWS,
      source: req.source,
      createdAt: new Date().toISOString(),
    };
    await insertRevision(db, revision);
    return revision;
  } catch (err) {
    await writer.settle();
    await deleteObjects(bucket, [...fileKeys, ...writer.keys]).catch(() => undefined);
    // Another load stored this version first: its revision is the one (the pinned digest makes it the same data).
    const winner = await findOwnRevision(db, null, req.name, req.version);
    if (winner) return winner;
    throw err;
  }
}
