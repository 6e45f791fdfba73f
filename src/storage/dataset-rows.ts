/**
 * R2 layout of dataset revisions and the reading and writing of their row
 * chunks. A revision lives under
 *   datasets/<project id | _global>/<name>/<version>/<revision id>/
 * as rows-00000.jsonl, rows-00001.jsonl, ... (chunk_rows rows each, every
 * line one DatasetRow) beside source.<ext>, the upload as received, and
 * files/<path> for files its rows refer to (images, by sha256). The
 * revision id in the prefix means two uploads racing for one version never
 * write the same keys, so the loser's cleanup cannot touch the winner's
 * rows (and R2's one-write-per-second-per-key limit never bites).
 * I/O: the R2 bucket passed in.
 */
import type { DatasetRevisionRow } from "../db/schema";
import type { DatasetRow } from "../datasets/rows";

export type { DatasetRow } from "../datasets/rows";

/** What reading needs of a revision. */
export type StoredRevision = Pick<DatasetRevisionRow, "id" | "storagePrefix" | "chunkRows" | "rowCount">;

/** Chunk writes in flight at once: bounded so memory holds only a few chunks. */
const PUT_CONCURRENCY = 4;

/** The prefix (ending in "/") of a new revision's objects. */
export function revisionPrefix(projectId: string | null, name: string, version: number, revisionId: string): string {
  return `datasets/${projectId ?? "_global"}/${name}/${version}/${revisionId}/`;
}

export function chunkKey(prefix: string, chunk: number): string {
  return `${prefix}rows-${String(chunk).padStart(5, "0")}.jsonl`;
}

export function sourceKey(prefix: string, extension: string): string {
  return `${prefix}source.${extension}`;
}

/** A file stored with the revision (an image its rows refer to), under files/ by its path relative to the revision. */
export function revisionFileKey(prefix: string, path: string): string {
  return `${prefix}files/${path}`;
}

export function chunkCount(rev: StoredRevision): number {
  return Math.ceil(rev.rowCount / rev.chunkRows);
}

/** Streams rows into chunk objects, a few puts in flight at a time. Remembers every key it tried. */
export class RowChunkWriter {
  /** Every key a put was started for, written or not: what cleanup must delete. */
  readonly keys: string[] = [];
  private lines: string[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private failure: unknown;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly prefix: string,
    private readonly chunkRows: number,
  ) {}

  async add(row: DatasetRow): Promise<void> {
    this.lines.push(JSON.stringify(row));
    if (this.lines.length >= this.chunkRows) await this.flush();
  }

  /** Writes what is buffered and waits for every put; returns the number of chunks. */
  async finish(): Promise<number> {
    await this.flush();
    await Promise.all(this.inflight);
    this.check();
    return this.keys.length;
  }

  /** Waits for every put in flight, failed or not: cleanup must not race a late write. */
  async settle(): Promise<void> {
    await Promise.all(this.inflight);
  }

  private async flush(): Promise<void> {
    this.check();
    if (this.lines.length === 0) return;
    const key = chunkKey(this.prefix, this.keys.length);
    this.keys.push(key);
    const body = `${this.lines.join("\n")}\n`;
    this.lines = [];
    const put: Promise<void> = this.bucket
      .put(key, body, { httpMetadata: { contentType: "application/x-ndjson" } })
      .then(
        () => undefined,
        (err: unknown) => {
          this.failure ??= err;
        },
      )
      .finally(() => this.inflight.delete(put));
    this.inflight.add(put);
    if (this.inflight.size >= PUT_CONCURRENCY) await Promise.race(this.inflight);
    this.check();
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}

/** Deletes objects by key (R2 takes up to 1,000 per call); absent keys are fine. */
export async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
}

async function readChunk(bucket: R2Bucket, rev: StoredRevision, chunk: number): Promise<DatasetRow[]> {
  return (await readChunkSized(bucket, rev, chunk)).rows;
}

/** One chunk's rows, and the characters of its text (what a cache of it weighs: src/storage/bounded-cache.ts). */
export async function readChunkSized(bucket: R2Bucket, rev: StoredRevision, chunk: number): Promise<{ rows: DatasetRow[]; chars: number }> {
  const key = chunkKey(rev.storagePrefix, chunk);
  const object = await bucket.get(key);
  // A D1 row is only written after all its chunks, so this is corruption, not bad input.
  if (!object) throw new Error(`dataset revision ${rev.id} is missing its chunk ${key}`);
  const text = await object.text();
  const rows: DatasetRow[] = [];
  for (const line of text.split("\n")) if (line) rows.push(JSON.parse(line) as DatasetRow);
  return { rows, chars: text.length };
}

/**
 * Rows [start, start + count) of a revision, clipped to its end, reading
 * only the chunks that hold them.
 */
export async function readRows(bucket: R2Bucket, rev: StoredRevision, start: number, count: number): Promise<DatasetRow[]> {
  const from = Math.max(0, Math.floor(start));
  const to = Math.min(rev.rowCount, from + Math.max(0, Math.floor(count)));
  const out: DatasetRow[] = [];
  if (from >= to) return out;
  for (let chunk = Math.floor(from / rev.chunkRows); chunk <= Math.floor((to - 1) / rev.chunkRows); chunk++) {
    const base = chunk * rev.chunkRows;
    const rows = await readChunk(bucket, rev, chunk);
    out.push(...rows.slice(Math.max(0, from - base), to - base));
  }
  return out;
}

/** Every chunk of a revision in order, one R2 read each. */
export async function* rowChunks(bucket: R2Bucket, rev: StoredRevision): AsyncGenerator<DatasetRow[]> {
  const n = chunkCount(rev);
  for (let chunk = 0; chunk < n; chunk++) yield await readChunk(bucket, rev, chunk);
}

/** Calls `fn` with each chunk's rows in order (chunk index second), awaiting it before reading the next. */
export async function forEachRowChunk(
  bucket: R2Bucket,
  rev: StoredRevision,
  fn: (rows: DatasetRow[], chunk: number) => void | Promise<void>,
): Promise<void> {
  let chunk = 0;
  for await (const rows of rowChunks(bucket, rev)) await fn(rows, chunk++);
}
