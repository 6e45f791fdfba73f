/**
 * Dataset rows for the consumer, by index, with whole chunks cached per
 * isolate: consecutive attempts mostly read the same chunk, and revisions
 * never change.
 */
import type { DatasetRevisionRow } from "../db/schema";
import { readRows, type DatasetRow } from "./dataset-rows";

const CACHE_CHUNKS = 64;
const chunks = new Map<string, Promise<DatasetRow[]>>();

export async function rowAt(bucket: R2Bucket, rev: DatasetRevisionRow, index: number): Promise<DatasetRow> {
  const chunk = Math.floor(index / rev.chunkRows);
  const key = `${rev.id}:${chunk}`;
  let rows = chunks.get(key);
  if (!rows) {
    rows = readRows(bucket, rev, chunk * rev.chunkRows, rev.chunkRows);
    rows.catch(() => chunks.delete(key));
    if (chunks.size >= CACHE_CHUNKS) chunks.delete(chunks.keys().next().value!);
    chunks.set(key, rows);
  }
  const row = (await rows)[index - chunk * rev.chunkRows];
  if (!row) throw new Error(`row ${index} is not in revision ${rev.id}`);
  return row;
}
