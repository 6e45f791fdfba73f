/**
 * JSON Lines: one JSON object per line. The bytes are decoded a block of
 * about 1 MiB (whole lines) at a time, so no second copy of the whole
 * upload is made and the decoder is not called once per line. Blank lines
 * are skipped but still counted, so line numbers match an editor's. No I/O.
 */
import { depthField, TOO_DEEP_MESSAGE, tooDeepPath } from "../domain/json-depth";
import { jsonKind, type JsonObject } from "./canonical-json";
import type { ParsedItem } from "./formats";

const NEWLINE = 0x0a;
const BLOCK_BYTES = 1 << 20;

export function* parseJsonl(bytes: Uint8Array): Generator<ParsedItem> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let line = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + BLOCK_BYTES);
    if (end < bytes.length) {
      const last = bytes.lastIndexOf(NEWLINE, end - 1);
      const next = last >= start ? last : bytes.indexOf(NEWLINE, end);
      end = next < 0 ? bytes.length : next + 1;
    }
    const block = bytes.subarray(start, end);
    start = end;
    let lines: string[] | undefined;
    try {
      lines = decoder.decode(block).split("\n");
      if (block[block.length - 1] === NEWLINE) lines.pop();
    } catch {
      lines = undefined;
    }
    if (lines) {
      for (const text of lines) {
        const item = parseLine(text, ++line);
        if (item) yield item;
      }
      continue;
    }
    // Invalid UTF-8 somewhere in the block: decode line by line to name the culprit.
    for (let at = 0; at < block.length; ) {
      let stop = block.indexOf(NEWLINE, at);
      if (stop < 0) stop = block.length;
      line++;
      let text: string | undefined;
      try {
        text = decoder.decode(block.subarray(at, stop));
      } catch {
        yield { where: `line ${line}`, error: "not valid UTF-8" };
      }
      at = stop + 1;
      const item = text === undefined ? undefined : parseLine(text, line);
      if (item) yield item;
    }
  }
}

/** One line's record or error; undefined for a blank line. */
function parseLine(text: string, line: number): ParsedItem | undefined {
  if (text.trim() === "") return undefined;
  const where = `line ${line}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { where, error: `not valid JSON: ${jsonErrorText(err)}` };
  }
  if (jsonKind(value) !== "object") return { where, error: `expected a JSON object, got ${jsonKind(value)}` };
  const deep = tooDeepPath(value);
  if (deep) return { where, error: `${depthField(deep)} is ${TOO_DEEP_MESSAGE}` };
  return { where, data: value as JsonObject };
}

/** V8's message counts positions within the one line; say "column" so it is not mistaken for a line number. */
function jsonErrorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/ in JSON at position (\d+)(?: \(line \d+ column \d+\))?/, (_m, pos: string) => ` at column ${Number(pos) + 1}`);
}
