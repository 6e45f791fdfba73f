/**
 * Upload formats: which media types map to which parser, and how a gzip
 * body is recognised. No I/O.
 */

import type { JsonObject } from "./canonical-json";

export const DATASET_FORMATS = ["jsonl", "csv", "parquet"] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** What every parser yields per record: the row, or why it is not one, with where it sits in the upload. */
export type ParsedItem = { where: string; data: JsonObject } | { where: string; error: string };

/** Accepted media types (parameters such as `charset` are ignored). */
export const MEDIA_TYPES: Record<string, DatasetFormat> = {
  "application/x-ndjson": "jsonl",
  "application/jsonl": "jsonl",
  "application/x-jsonlines": "jsonl",
  "text/csv": "csv",
  "application/vnd.apache.parquet": "parquet",
  "application/x-parquet": "parquet",
};

/** The format a Content-Type header names, or undefined when it is not one we parse. */
export function formatOfMediaType(contentType: string | null | undefined): DatasetFormat | undefined {
  if (!contentType) return undefined;
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return Object.hasOwn(MEDIA_TYPES, essence) ? MEDIA_TYPES[essence] : undefined;
}

/** True when the bytes start with the gzip magic number 1f 8b. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** File extension of the stored original upload. */
export function sourceExtension(format: DatasetFormat, gzipped: boolean): string {
  return gzipped ? `${format}.gz` : format;
}
