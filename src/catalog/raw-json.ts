/**
 * JSON Lines records whose number-heavy fields must stay the source's own
 * text: EvalPlus's inputs hold integers past 2^53, floats written `1.0` (an
 * int once JavaScript reads them) and `NaN`/`Infinity`, which only Python's
 * json module reads as EvalPlus does. `splitRawFields` keeps the named
 * top-level fields as text and parses the rest. Pure, no I/O.
 */
import type { JsonObject } from "../datasets/canonical-json";

/** End (exclusive) of the JSON value that starts at `i` (Python's json dialect: NaN and Infinity allowed). */
function valueEnd(line: string, i: number): number {
  const c = line[i];
  if (c === '"') {
    for (let j = i + 1; j < line.length; j++) {
      if (line[j] === "\\") j++;
      else if (line[j] === '"') return j + 1;
    }
    throw new Error("unterminated string");
  }
  if (c === "[" || c === "{") {
    let depth = 0;
    for (let j = i; j < line.length; j++) {
      const d = line[j];
      if (d === '"') j = valueEnd(line, j) - 1;
      else if (d === "[" || d === "{") depth++;
      else if (d === "]" || d === "}") {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    throw new Error("unterminated array or object");
  }
  const m = /^[^,\]}\s]+/.exec(line.slice(i, i + 64));
  if (!m) throw new Error(`no value at ${i}`);
  return i + m[0].length;
}

const skipSpace = (line: string, i: number) => {
  while (i < line.length && /\s/.test(line[i]!)) i++;
  return i;
};

/**
 * A JSON Lines record with the named top-level fields kept as their source
 * text (`raw`) and the rest parsed (`record`, those fields null).
 */
export function splitRawFields(line: string, fields: readonly string[]): { record: JsonObject; raw: Record<string, string> } {
  const raw: Record<string, string> = {};
  let rest = "";
  let i = skipSpace(line, 0);
  if (line[i] !== "{") throw new Error("not a JSON object");
  let last = i;
  i = skipSpace(line, i + 1);
  while (line[i] !== "}") {
    const keyEnd = valueEnd(line, i);
    const key = JSON.parse(line.slice(i, keyEnd)) as string;
    i = skipSpace(line, keyEnd);
    if (line[i] !== ":") throw new Error(`no ':' after ${key}`);
    const start = skipSpace(line, i + 1);
    const end = valueEnd(line, start);
    if (fields.includes(key)) {
      raw[key] = line.slice(start, end);
      rest += `${line.slice(last, start)}null`;
      last = end;
    }
    i = skipSpace(line, end);
    if (line[i] === ",") i = skipSpace(line, i + 1);
    else if (line[i] !== "}") throw new Error(`unexpected '${line[i]}' after ${key}`);
  }
  rest += line.slice(last);
  return { record: JSON.parse(rest) as JsonObject, raw };
}
