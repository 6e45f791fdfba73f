/**
 * Reading data files that embed their images, for the embedded loaders
 * (EmbeddedLoader): a stream read whole within a bound (a Parquet shard
 * needs its footer), Parquet records with binary columns kept as bytes,
 * TSV records streamed row by row (VLMEvalKit's tables: a header, tab
 * separators, fields quoted as Python's csv module quotes them, images as
 * base64 cells), and an image's bytes as the revision file a row names,
 * content-addressed so an image several rows share is stored once.
 * No I/O beyond reading the streams it is handed.
 */
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { sha256Hex } from "../crypto/hash";
import { imageMediaTypeOf } from "../datasets/archive";
import { MAX_IMAGE_BYTES, type RevisionImage } from "../domain/images";
import type { ExtractedImage } from "./types";

/** Largest file read whole (a Parquet shard): what a dataset upload may hold. */
export const MAX_WHOLE_FILE_BYTES = 32 * 1024 * 1024;
/** Longest TSV field or row (a base64 image is 4/3 of its bytes). */
export const MAX_TSV_ROW_CHARS = 12 * 1024 * 1024;

const EXTENSIONS: Record<RevisionImage["media_type"], string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp" };

/** The whole stream, refused past `max` bytes (the rest is not read). */
export async function readWhole(body: ReadableStream<Uint8Array>, max = MAX_WHOLE_FILE_BYTES): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new Error(`the file is larger than the ${max} bytes a Worker reads whole`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** A Parquet file's records, one row group decoded at a time; binary columns stay bytes (an image struct's `bytes`), text columns are strings. */
export async function* parquetBinaryRecords(bytes: Uint8Array): AsyncGenerator<Record<string, unknown>> {
  const file = (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
  const metadata = parquetMetadata(file);
  let start = 0;
  for (const group of metadata.row_groups) {
    const count = Number(group.num_rows);
    const rows = await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: start + count, utf8: false });
    for (const row of rows) yield row;
    start += count;
  }
}

/**
 * The records of a TSV stream keyed by its header, one at a time, with
 * their 1-based row number. Fields are split on tabs, rows on newlines
 * (\n or \r\n); a field starting with `"` runs to its closing quote, `""`
 * inside it being one quote, so quoted fields may hold tabs and newlines.
 */
export async function* tsvRecords(body: ReadableStream<Uint8Array>, maxRowChars = MAX_TSV_ROW_CHARS): AsyncGenerator<{ row: number; record: Record<string, string> }> {
  const reader = body.pipeThrough(new TextDecoderStream("utf-8", { fatal: true })).getReader();
  let buf = "";
  let done = false;
  let header: string[] | null = null;
  let rowNo = 0;
  /** More text into buf; false at the end of the stream. */
  const more = async (): Promise<boolean> => {
    if (done) return false;
    const r = await reader.read();
    if (r.done) {
      done = true;
      return false;
    }
    buf += r.value;
    return true;
  };
  for (;;) {
    // One row: fields until an unquoted newline.
    const fields: string[] = [];
    let pos = 0;
    let ended = false;
    while (!ended) {
      if (pos >= buf.length && !(await more())) {
        if (fields.length === 0 && pos === 0) break;
        ended = true;
        fields.push("");
        break;
      }
      if (buf[pos] === '"') {
        // Quoted: to the closing quote not followed by another.
        let v = "";
        let j = pos + 1;
        for (;;) {
          const q = buf.indexOf('"', j);
          if (q === -1 || q + 1 >= buf.length) {
            if (buf.length - pos > maxRowChars) throw new Error(`TSV row ${rowNo + 1} is longer than ${maxRowChars} characters`);
            if (await more()) continue;
            if (q === -1) throw new Error(`TSV row ${rowNo + 1} has a quote that never closes`);
          }
          if (buf[q + 1] === '"') {
            v += buf.slice(j, q + 1);
            j = q + 2;
            continue;
          }
          v += buf.slice(j, q);
          j = q + 1;
          break;
        }
        fields.push(v);
        pos = j;
      } else {
        let end = pos;
        for (;;) {
          const tab = buf.indexOf("\t", end);
          const nl = buf.indexOf("\n", end);
          const stop = tab === -1 ? nl : nl === -1 ? tab : Math.min(tab, nl);
          if (stop !== -1) {
            end = stop;
            break;
          }
          end = buf.length;
          if (buf.length - pos > maxRowChars) throw new Error(`TSV row ${rowNo + 1} is longer than ${maxRowChars} characters`);
          if (!(await more())) break;
        }
        fields.push(buf.slice(pos, end).replace(/\r$/, ""));
        pos = end;
      }
      // After a field: a tab (next field), a newline (row ends) or the end of the stream; two characters seen where there are two (\r\n across chunks).
      while (pos + 1 >= buf.length && (await more()));
      if (buf[pos] === "\t") pos++;
      else if (buf[pos] === "\r" && buf[pos + 1] === "\n") {
        pos += 2;
        ended = true;
      } else if (buf[pos] === "\n") {
        pos++;
        ended = true;
      } else if (pos >= buf.length) ended = true;
      else throw new Error(`TSV row ${rowNo + 1}: text after a quoted field`);
    }
    buf = buf.slice(pos);
    if (fields.length === 0) break;
    if (fields.length === 1 && fields[0] === "" && done && buf.length === 0) break;
    if (header === null) {
      header = fields;
      continue;
    }
    rowNo++;
    if (fields.length !== header.length) throw new Error(`TSV row ${rowNo} has ${fields.length} fields; the header has ${header.length}`);
    yield { row: rowNo, record: Object.fromEntries(header.map((h, k) => [h, fields[k]!])) };
  }
  if (header === null) throw new Error("the TSV has no header");
}

/** An image's bytes as the file a revision stores and the cell its row holds; throws when the bytes are not a PNG, JPEG, GIF or WebP image. */
export async function extractImage(bytes: Uint8Array): Promise<{ image: ExtractedImage; cell: RevisionImage }> {
  const media_type = imageMediaTypeOf(bytes);
  if (!media_type) throw new Error("an image cell holds bytes that are not a PNG, JPEG, GIF or WebP image");
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new Error(`an image of ${bytes.byteLength} bytes, more than the ${MAX_IMAGE_BYTES} one request may carry`);
  const sha256 = await sha256Hex(bytes);
  const path = `images/${sha256}.${EXTENSIONS[media_type]}`;
  return { image: { path, bytes, media_type }, cell: { file: path, sha256, media_type, bytes: bytes.byteLength } };
}

/** The bytes of a base64 image cell (VLMEvalKit's TSVs); throws on text that is not base64. */
export function base64Bytes(text: string): Uint8Array {
  const clean = text.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) throw new Error("an image cell is not base64");
  const bin = atob(clean);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
