/**
 * CSV with a header row, parsed by papaparse. Every value stays a string
 * (CSV carries no types; guessing would turn "007" into 7 and change the
 * row's digest). The parser is paused every few hundred rows so records
 * stream out one batch at a time instead of as one large array. No I/O.
 */
import Papa from "papaparse";
import { setOwn, type JsonObject } from "./canonical-json";
import type { ParsedItem } from "./formats";

/** Rows handed over per pause of the parser. */
const BATCH = 256;

/**
 * Records of a CSV text. Rows are numbered as a spreadsheet shows them:
 * the header is row 1, the first record row 2; blank lines are skipped
 * and not counted.
 */
export function* parseCsv(bytes: Uint8Array): Generator<ParsedItem> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    yield { where: "body", error: "not valid UTF-8" };
    return;
  }

  let header: string[] | undefined;
  let rowNo = 0;
  let batch: ParsedItem[] = [];
  let paused: Papa.Parser | undefined;

  const onRow = (cells: string[], errors: Papa.ParseError[]): ParsedItem | undefined => {
    rowNo++;
    const where = `row ${rowNo}`;
    if (errors.length > 0) return { where, error: errors.map((e) => e.message).join("; ") };
    if (!header) {
      const seen = new Set<string>();
      for (const name of cells) {
        if (seen.has(name)) return { where, error: `the header names column '${name}' twice` };
        seen.add(name);
      }
      header = cells;
      return undefined;
    }
    if (cells.length !== header.length) {
      return { where, error: `expected ${header.length} fields as in the header, found ${cells.length}` };
    }
    const data: JsonObject = {};
    header.forEach((name, i) => setOwn(data, name, cells[i]!));
    return { where, data };
  };

  Papa.parse<string[]>(text, {
    delimiter: ",",
    header: false,
    dynamicTyping: false,
    skipEmptyLines: true,
    step: (results, parser) => {
      const item = onRow(results.data, results.errors);
      if (item) batch.push(item);
      if (batch.length >= BATCH) {
        paused = parser;
        parser.pause();
      }
    },
  });

  for (;;) {
    const out = batch;
    batch = [];
    yield* out;
    if (!paused) break;
    const parser = paused;
    paused = undefined;
    // Resuming a string parse runs synchronously until the next pause or the end.
    parser.resume();
  }
  if (!header) yield { where: "row 1", error: "a header row naming the columns is required" };
}
