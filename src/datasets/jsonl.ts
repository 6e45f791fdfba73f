/**
 * JSON Lines: one JSON object per line, read line by line from the bytes
 * so no copy of the whole text is made. Blank lines are skipped but still
 * counted, so line numbers match an editor's. No I/O.
 */
import { jsonKind, type JsonObject } from "./canonical-json";
import type { ParsedItem } from "./records";

const NEWLINE = 0x0a;

export function* parseJsonl(bytes: Uint8Array): Generator<ParsedItem> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let line = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    line++;
    const where = `line ${line}`;
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(start, end));
    } catch {
      text = "";
      yield { where, error: "not valid UTF-8" };
    }
    start = end + 1;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      yield { where, error: `not valid JSON: ${jsonErrorText(err)}` };
      continue;
    }
    if (jsonKind(value) !== "object") {
      yield { where, error: `expected a JSON object, got ${jsonKind(value)}` };
      continue;
    }
    yield { where, data: value as JsonObject };
  }
}

/** V8's message counts positions within the one line; say "column" so it is not mistaken for a line number. */
function jsonErrorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/ in JSON at position (\d+)(?: \(line \d+ column \d+\))?/, (_m, pos: string) => ` at column ${Number(pos) + 1}`);
}
