/**
 * Reading pinned source files into records for the normalisers: JSON
 * Lines, CSV with a header, gzip JSON Lines, Parquet, through the same
 * parsers as dataset uploads; and bzip2 text for loaders that parse their
 * own layout. A record that does not parse is an error naming the
 * file and line, since pinned data that does not parse is not the data we
 * pinned. No I/O beyond in-memory decompression.
 */
import type { JsonObject } from "../datasets/canonical-json";
import { parseCsv } from "../datasets/csv";
import { bunzip2 } from "../datasets/bzip2";
import { gunzip } from "../datasets/gzip";
import { parseJsonl } from "../datasets/jsonl";
import { MAX_UPLOAD_BYTES } from "../datasets/limits";
import { parseParquet } from "../datasets/parquet";
import type { LoadedFile } from "./types";

/** Every record of a file, in order. */
export async function recordsOf({ file, bytes }: LoadedFile): Promise<JsonObject[]> {
  if (file.format === "txt" || file.format === "txt.bz2" || file.format === "json") throw new Error(`${file.path} is not records; its loader reads it with textOf`);
  const out: JsonObject[] = [];
  if (file.format === "parquet") {
    for await (const item of parseParquet(bytes)) {
      if ("error" in item) throw new Error(`${file.path}, ${item.where}: ${item.error}`);
      out.push(item.data);
    }
    return out;
  }
  const content = file.format === "jsonl.gz" ? await gunzip(bytes, MAX_UPLOAD_BYTES) : bytes;
  const items = file.format === "csv" ? parseCsv(content) : parseJsonl(content);
  for (const item of items) {
    if ("error" in item) throw new Error(`${file.path}, ${item.where}: ${item.error}`);
    out.push(item.data);
  }
  return out;
}

/** The UTF-8 text of a text file (decompressed when it is .bz2); bytes that are not UTF-8 are an error. */
export function textOf({ file, bytes }: LoadedFile): string {
  const content = file.format === "txt.bz2" ? bunzip2(bytes, MAX_UPLOAD_BYTES) : bytes;
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(content);
}

/** The file at `path` among those loaded; a definition naming a file it did not list is a bug. */
export function fileAt(files: LoadedFile[], path: string): LoadedFile {
  const hit = files.find((f) => f.file.path === path);
  if (!hit) throw new Error(`pinned file ${path} was not loaded`);
  return hit;
}

/** A string field of a record, or an error naming where it is missing. */
export function text(record: JsonObject, field: string, where: string): string {
  const v = record[field];
  if (typeof v !== "string") throw new Error(`${where}: '${field}' is not text`);
  return v;
}
