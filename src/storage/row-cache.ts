/**
 * Dataset rows for the consumer, by index, with whole chunks cached per
 * isolate (at most ROW_CACHE_BYTES of them: a chunk of rows with images or
 * long documents weighs megabytes): consecutive attempts mostly read the
 * same chunk, and revisions never change. Only chunks already read are shared: a read in flight is
 * the I/O of the request that started it, and a request awaiting another
 * request's read can be cancelled by workerd as hanging (then fail with
 * "Cannot perform I/O on behalf of a different request"), so two requests
 * that miss at once each read the chunk.
 */
import type { DatasetRevisionRow } from "../db/schema";
import { ByteCache, parsedBytes } from "./bounded-cache";
import { readChunkSized, type DatasetRow } from "./dataset-rows";

/** What the isolate keeps of dataset chunks, about (of its 128 MB). */
export const ROW_CACHE_BYTES = 24 * 1024 * 1024;
const chunks = new ByteCache<DatasetRow[]>(ROW_CACHE_BYTES);

/** The cache key of the chunk holding row `index`. */
const chunkOf = (rev: DatasetRevisionRow, index: number) => `${rev.id}:${Math.floor(index / rev.chunkRows)}`;

export async function rowAt(bucket: R2Bucket, rev: DatasetRevisionRow, index: number): Promise<DatasetRow> {
  const chunk = Math.floor(index / rev.chunkRows);
  const key = chunkOf(rev, index);
  let rows = chunks.get(key);
  if (!rows) {
    const read = await readChunkSized(bucket, rev, chunk);
    rows = read.rows;
    chunks.set(key, rows, parsedBytes(read.chars));
  }
  const row = rows[index - chunk * rev.chunkRows];
  if (!row) throw new Error(`row ${index} is not in revision ${rev.id}`);
  return row;
}

/**
 * Reads the chunks holding these rows that are not cached yet, each once:
 * a consumer invocation calls it before its attempts start, which would
 * otherwise all miss at once and each read and parse the same chunk. A
 * read that fails is left to the attempt's own read, which records why.
 */
export async function warmRows(bucket: R2Bucket, wants: readonly { rev: DatasetRevisionRow; index: number }[]): Promise<void> {
  const missing = new Map<string, { rev: DatasetRevisionRow; index: number }>();
  for (const w of wants) {
    const key = chunkOf(w.rev, w.index);
    if (!chunks.has(key) && !missing.has(key)) missing.set(key, w);
  }
  await Promise.all([...missing.values()].map((w) => rowAt(bucket, w.rev, w.index).catch(() => undefined)));
}
