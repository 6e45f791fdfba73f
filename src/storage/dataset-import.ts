/**
 * Imports an upload as an immutable dataset revision: the one path used by
 * the HTTP API and by built-in benchmark loaders. Pass one validates and
 * digests every record without storing anything; only a new revision is
 * then written, R2 first (source and row chunks under a prefix of its
 * own), the D1 row last, so a D1 row never points at missing chunks; if
 * anything fails before the row exists, the objects are deleted again.
 * I/O: the D1 handle and R2 bucket passed in, the clock and RNG (ids).
 */
import { newId } from "../crypto/ids";
import type { Db } from "../db/client";
import { findOwnRevision, findRevisionByDigest, insertRevision, maxRevisionVersion } from "../db/datasets";
import type { DatasetRevisionRow } from "../db/schema";
import { analyseRecords } from "../datasets/analyse";
import type { JsonObject } from "../datasets/canonical-json";
import { isGzip, sourceExtension, type DatasetFormat, type ParsedItem } from "../datasets/formats";
import { gunzip } from "../datasets/gzip";
import { CHUNK_ROWS, MAX_UPLOAD_BYTES } from "../datasets/limits";
import { isDatasetName, isVersion, MAX_VERSION, refOf } from "../datasets/names";
import { readRecords } from "../datasets/records";
import { buildRow } from "../datasets/rows";
import { AppError } from "../domain/errors";
import { deleteObjects, revisionFileKey, revisionPrefix, RowChunkWriter, sourceKey } from "./dataset-rows";

export interface ImportRequest {
  /** Owner; null makes a global revision visible to every project. */
  projectId: string | null;
  name: string;
  /** Explicit version; otherwise one more than the owner's highest for this name. */
  version?: number;
  format: DatasetFormat;
  /** The upload as received (gzip is detected by its magic bytes and inflated). */
  bytes: Uint8Array;
  /** Where a built-in revision was loaded from. */
  source?: string;
  /**
   * Files the rows refer to by path (MATH-Vision's images), stored under the
   * revision's files/ before its D1 row; the rows carry each file's sha256,
   * so the revision digest covers their bytes.
   */
  files?: { path: string; bytes: Uint8Array; contentType: string }[];
  /** Rewrites each parsed row before it is digested and stored (a ZIP upload's file names become revision-file cells). */
  mapRow?: (data: JsonObject) => JsonObject;
  /** The ZIP archive `bytes` came from: stored as the source and counted as the upload's size. */
  archive?: Uint8Array;
  /**
   * The revision's id, chosen by a caller that stored files under its
   * prefix before the rows were complete (a built-in whose images stream out
   * of its data files); `storedFiles` lists those objects' keys, deleted
   * with the rest when the import fails. Without it, a new id.
   */
  id?: string;
  storedFiles?: string[];
}

export interface ImportResult {
  revision: DatasetRevisionRow;
  /** False when the same content already existed and that revision is returned. */
  created: boolean;
}

async function* mapped(items: Iterable<ParsedItem> | AsyncIterable<ParsedItem>, map: (data: JsonObject) => JsonObject): AsyncIterable<ParsedItem> {
  for await (const item of items) yield "error" in item ? item : { where: item.where, data: map(item.data) };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
}

function versionTaken(name: string, version: number): AppError {
  return new AppError("conflict", `${refOf(name, version)} already exists with different content; revisions are immutable`);
}

/**
 * Creates the revision, or returns the existing one with the same content:
 * without `version`, any revision of the name with the same digest; with
 * it, that version if its digest matches (409 if it differs).
 */
export async function importRevision(db: Db, bucket: R2Bucket, req: ImportRequest): Promise<ImportResult> {
  const { projectId, name, format, bytes } = req;
  if (!isDatasetName(name)) {
    throw new AppError("validation_failed", `invalid dataset name '${name}'`, [
      { field: "name", message: "letters, digits, '.', '_' or '-', starting with a letter or digit, at most 100" },
    ]);
  }
  if (req.version !== undefined && !isVersion(req.version)) {
    throw new AppError("validation_failed", "invalid version", [{ field: "version", message: `an integer from 1 to ${MAX_VERSION}` }]);
  }
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError("payload_too_large", `the body has ${bytes.byteLength} bytes; at most ${MAX_UPLOAD_BYTES} are accepted`);
  }
  if (bytes.byteLength === 0) {
    throw new AppError("validation_failed", "the body is empty", [{ field: "body", message: "empty" }]);
  }

  const gzipped = isGzip(bytes);
  const content = gzipped ? await gunzip(bytes, MAX_UPLOAD_BYTES) : bytes;
  const records = req.mapRow ? mapped(readRecords(format, content), req.mapRow) : readRecords(format, content);
  const analysis = await analyseRecords(records);

  const same =
    req.version === undefined
      ? await findRevisionByDigest(db, projectId, name, analysis.digest)
      : await findOwnRevision(db, projectId, name, req.version);
  if (same) {
    if (same.digest === analysis.digest) {
      // The files the caller stored for a revision that already exists are not needed.
      if (req.storedFiles?.length) await deleteObjects(bucket, req.storedFiles).catch(() => undefined);
      return { revision: same, created: false };
    }
    throw versionTaken(name, same.version);
  }

  const version = req.version ?? (await maxRevisionVersion(db, projectId, name)) + 1;
  if (!isVersion(version)) throw new AppError("conflict", `'${name}' has no version number left`);
  const id = req.id ?? newId("dsr");
  const prefix = revisionPrefix(projectId, name, version, id);
  const source = sourceKey(prefix, req.archive ? "zip" : sourceExtension(format, gzipped));
  const writer = new RowChunkWriter(bucket, prefix, CHUNK_ROWS);
  const fileKeys = (req.files ?? []).map((f) => revisionFileKey(prefix, f.path));
  const cleanup = async () => {
    await writer.settle();
    await deleteObjects(bucket, [source, ...fileKeys, ...(req.storedFiles ?? []), ...writer.keys]).catch(() => undefined);
  };

  const revision: DatasetRevisionRow = {
    id,
    projectId,
    name,
    version,
    digest: analysis.digest,
    rowCount: analysis.rowCount,
    columns: analysis.columns,
    splits: analysis.splits,
    subsets: analysis.subsets,
    format,
    sizeBytes: (req.archive ?? bytes).byteLength,
    storagePrefix: prefix,
    chunkRows: CHUNK_ROWS,
    source: req.source ?? null,
    createdAt: new Date().toISOString(),
  };

  try {
    await bucket.put(source, req.archive ?? bytes);
    for (const [i, f] of (req.files ?? []).entries()) await bucket.put(fileKeys[i]!, f.bytes, { httpMetadata: { contentType: f.contentType } });
    let index = 0;
    for await (const item of req.mapRow ? mapped(readRecords(format, content), req.mapRow) : readRecords(format, content)) {
      // Pass one accepted every item; parsing is deterministic, so an error here means the input changed under us.
      if ("error" in item || index >= analysis.rowCount) throw new Error(`dataset pass two disagrees with pass one at ${item.where}`);
      await writer.add(buildRow(analysis, index, item.data));
      index++;
    }
    if (index !== analysis.rowCount) throw new Error(`dataset pass two read ${index} rows, pass one ${analysis.rowCount}`);
    await writer.finish();
    await insertRevision(db, revision);
  } catch (err) {
    await cleanup();
    if (!isUniqueViolation(err)) throw err;
    // Another upload took this version first: same content is the same revision; anything else conflicts.
    const winner = await findOwnRevision(db, projectId, name, version);
    if (winner && winner.digest === analysis.digest) return { revision: winner, created: false };
    throw versionTaken(name, version);
  }
  return { revision, created: true };
}
