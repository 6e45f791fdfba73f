/**
 * VLMEvalKit's benchmark tables (the TSVs its vlmeval/dataset/*.py download
 * and check by md5): one row per question, `index` its key, `image` a
 * base64 image, a Python list of them (several images), or, where rows
 * share an image, the index of the row that holds it (a cell of at most 64
 * characters, as VLMEvalKit's ImageBaseDataset reads it; here it must name
 * an earlier row). This reads such a table as it streams in and hands each
 * benchmark's loader its record with the images as revision files; shared
 * images are stored once. Also the option columns (A, B, …) of its
 * multiple-choice tables. No I/O beyond the stream.
 */
import type { JsonObject } from "../datasets/canonical-json";
import type { RevisionImage } from "../domain/images";
import { base64Bytes, extractImage, tsvRecords } from "./embedded";
import { pythonStringList } from "./python-literal";
import type { ExtractedImage, ExtractedRow } from "./types";

/** A record of the table, its images already revision files (in order), and where it is for errors. */
export interface VlmevalRecord {
  record: Record<string, string>;
  images: RevisionImage[];
  where: string;
}

/** Rows of a VLMEvalKit TSV, each made by `toRow` (which may throw, naming `where`). */
export async function* vlmevalRows(
  path: string,
  body: ReadableStream<Uint8Array>,
  toRow: (r: VlmevalRecord) => JsonObject,
): AsyncGenerator<ExtractedRow> {
  const byIndex = new Map<string, RevisionImage[]>();
  const seen = new Set<string>();
  let n = 0;
  for await (const { row, record } of tsvRecords(body)) {
    const where = `${path} row ${row}`;
    const index = record.index;
    if (index === undefined || index === "") throw new Error(`${where}: no 'index'`);
    if (seen.has(index)) throw new Error(`${where}: index '${index}' appears twice`);
    seen.add(index);
    const cell = (record.image ?? "").trim();
    if (cell === "") throw new Error(`${where}: no image`);
    const out: ExtractedImage[] = [];
    let cells: RevisionImage[];
    if (cell.length <= 64) {
      // Another row's image, by its index.
      const shared = byIndex.get(cell);
      if (!shared) throw new Error(`${where}: the image cell '${cell}' names no earlier row's image`);
      cells = shared;
    } else {
      const encoded = cell.startsWith("[") ? pythonStringList(cell) : [cell];
      cells = [];
      for (const b64 of encoded) {
        let bytes: Uint8Array;
        try {
          bytes = base64Bytes(b64);
        } catch (err) {
          throw new Error(`${where}: ${(err as Error).message}`);
        }
        const { image, cell: c } = await extractImage(bytes).catch((err: Error) => {
          throw new Error(`${where}: ${err.message}`);
        });
        out.push(image);
        cells.push(c);
      }
    }
    byIndex.set(index, cells);
    // The record without its image text: only what the row keeps is held from here on.
    const { image: _image, ...rest } = record;
    yield { row: toRow({ record: rest, images: cells, where }), images: out };
    n++;
  }
  if (n === 0) throw new Error(`${path} has no rows`);
}

/** A text field of a record, or an error naming it. */
export function field(r: VlmevalRecord, name: string): string {
  const v = r.record[name];
  if (v === undefined) throw new Error(`${r.where}: no '${name}' column`);
  return v;
}

/** A text field that may be absent or empty (pandas writes NaN as an empty cell): null then. */
export function optional(r: VlmevalRecord, name: string): string | null {
  const v = r.record[name];
  return v === undefined || v === "" || v === "nan" ? null : v;
}

/** The option columns A, B, … in order, up to the first absent or empty one. */
export function optionColumns(r: VlmevalRecord): string[] {
  const out: string[] = [];
  for (const letter of "ABCDEFGHIJ") {
    const v = optional(r, letter);
    if (v === null) break;
    out.push(v);
  }
  return out;
}

/** A cell that holds one answer or a Python list of accepted answers (VLMEvalKit's VQA tables), as a list. */
export function answerList(text: string): string[] {
  if (text.trim().startsWith("[")) {
    try {
      const list = pythonStringList(text);
      if (list.length) return list;
    } catch {
      // Not a list after all: one answer that starts with "[".
    }
  }
  return [text];
}

/** The image cell a row keeps: one image, or the list of them. */
export const imageCell = (images: RevisionImage[]): JsonObject[] | JsonObject => (images.length === 1 ? { ...images[0]! } : images.map((i) => ({ ...i })));
