/**
 * What every format parser yields: a record (a flat or nested JSON object)
 * or a parse error, each labelled with where it was found ("line 3" in
 * JSONL, "row 3" in CSV and Parquet) so a 422 can name it. No I/O.
 */
import { parseCsv } from "./csv";
import type { DatasetFormat, ParsedItem } from "./formats";
import { parseJsonl } from "./jsonl";
import { parseParquet } from "./parquet";

/** The records of a (decompressed) upload, in order. Deterministic: a second pass yields the same items. */
export function readRecords(format: DatasetFormat, bytes: Uint8Array): Iterable<ParsedItem> | AsyncIterable<ParsedItem> {
  switch (format) {
    case "jsonl":
      return parseJsonl(bytes);
    case "csv":
      return parseCsv(bytes);
    case "parquet":
      return parseParquet(bytes);
  }
}
