/**
 * Parquet, read by hyparquet one row group at a time so only that group's
 * rows are decoded at once. Values become plain JSON (see toJsonValue).
 * Only the codecs hyparquet ships (uncompressed, snappy) are readable; any
 * other gives a parse error, not a crash. No I/O.
 */
import { parquetMetadata, parquetReadObjects, type FileMetaData } from "hyparquet";
import { toJsonObject } from "./canonical-json";
import type { ParsedItem } from "./formats";

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function* parseParquet(bytes: Uint8Array): AsyncGenerator<ParsedItem> {
  // hyparquet reads an ArrayBuffer; copy only when the bytes are a view into a larger one.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const file = (whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as ArrayBuffer;
  let metadata: FileMetaData;
  try {
    metadata = parquetMetadata(file);
  } catch (err) {
    yield { where: "body", error: `not a readable Parquet file: ${reason(err)}` };
    return;
  }
  let start = 0;
  for (const group of metadata.row_groups) {
    const count = Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: start + count });
    } catch (err) {
      yield { where: `row ${start + 1}`, error: `cannot decode this row group: ${reason(err)}` };
      return;
    }
    for (let i = 0; i < rows.length; i++) yield { where: `row ${start + i + 1}`, data: toJsonObject(rows[i]!) };
    start += count;
  }
}
