/**
 * Values as BFCL's Python checker sees them: JSON parsed so that `5.0`
 * stays a float (Python's json.loads keeps the difference, JavaScript's
 * JSON.parse does not), Python's type names for them, and Python's `==`
 * (1 == 1.0 == True, lists and dicts compared deeply). Parsing is bounded
 * in depth and size, since the text comes from a model. Pure, no I/O.
 */

/** A JSON number written with a fraction or exponent: a Python float even when integral (5.0). */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A value of the checker: JSON's, with floats marked. */
export type PyValue = null | boolean | number | string | PyFloat | PyValue[] | { [key: string]: PyValue };

/** Nesting a tool call's arguments may reach; deeper is not a call the checker reads. */
export const MAX_JSON_DEPTH = 64;
/** Characters of one JSON text the checker parses. */
export const MAX_JSON_CHARS = 1_000_000;

/** Python's type name of a value: str, int, float, bool, list, dict or NoneType. */
export function pyType(v: PyValue): "str" | "int" | "float" | "bool" | "list" | "dict" | "NoneType" {
  if (v === null) return "NoneType";
  if (typeof v === "string") return "str";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return "int";
  if (v instanceof PyFloat) return "float";
  return Array.isArray(v) ? "list" : "dict";
}

export const isDict = (v: PyValue): v is { [key: string]: PyValue } => pyType(v) === "dict";

function numeric(v: PyValue): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return null;
}

/** Python's `a == b` for these values. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null || nb !== null) return na !== null && nb !== null && na === nb;
  if (a === null || b === null || typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEquals(x, b[i]!));
  }
  const ka = Object.keys(a as object);
  const da = a as Record<string, PyValue>;
  const db = b as Record<string, PyValue>;
  return ka.length === Object.keys(db).length && ka.every((k) => Object.hasOwn(db, k) && pyEquals(da[k]!, db[k]!));
}

/** Python's `v in list`. */
export function pyIn(v: PyValue, list: readonly PyValue[]): boolean {
  return list.some((x) => pyEquals(v, x));
}

/** Python's repr of a value, for reasons (strings single-quoted, True/False/None). */
export function pyRepr(v: PyValue): string {
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return String(v);
  if (v instanceof PyFloat) return Number.isInteger(v.value) ? `${v.value}.0` : String(v.value);
  if (typeof v === "string") return `'${v.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(v).map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(", ")}}`;
}

/** Thrown for text that is not JSON (or is nested or sized past the limits). */
export class JsonError extends Error {}

/**
 * Parses JSON text into checker values, keeping floats marked. Throws a
 * JsonError naming the position of the first problem.
 */
export function parsePyJson(text: string): PyValue {
  if (text.length > MAX_JSON_CHARS) throw new JsonError(`JSON text longer than ${MAX_JSON_CHARS} characters`);
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonError(`${what} at position ${i}`);
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const value = (depth: number): PyValue => {
    if (depth > MAX_JSON_DEPTH) fail(`nested deeper than ${MAX_JSON_DEPTH}`);
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, PyValue> = {};
      ws();
      if (text[i] === "}") return i++, out;
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a key");
        const k = string();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        out[k] = value(depth + 1);
        ws();
        const d = text[i++];
        if (d === "}") return out;
        if (d !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out: PyValue[] = [];
      ws();
      if (text[i] === "]") return i++, out;
      for (;;) {
        out.push(value(depth + 1));
        ws();
        const d = text[i++];
        if (d === "]") return out;
        if (d !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(word, i)) return (i += word.length), v;
    }
    const m = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail("unexpected character");
    i += m[0].length;
    const n = Number(m[0]);
    return m[1] !== undefined || m[2] !== undefined ? new PyFloat(n) : n;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail("unterminated string");
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail("bad string escape");
    }
  };
  const v = value(0);
  ws();
  if (i !== text.length) fail("unexpected text after the value");
  return v;
}

/** A plain JSON value (from a parsed row or an SDK object) as a checker value: every number is an int or float by its value. */
export function fromJson(v: unknown, depth = 0): PyValue {
  if (depth > MAX_JSON_DEPTH) throw new JsonError(`nested deeper than ${MAX_JSON_DEPTH}`);
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isInteger(v) ? v : new PyFloat(v);
  if (Array.isArray(v)) return v.map((x) => fromJson(x, depth + 1));
  if (typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromJson(x, depth + 1)]));
  throw new JsonError(`not a JSON value: ${typeof v}`);
}

/** JSON text of a checker value, floats written as floats (`5.0`), so the text parses back to the same value. */
export function toJsonText(v: PyValue): string {
  if (v instanceof PyFloat) return Number.isInteger(v.value) && Math.abs(v.value) < 1e21 ? `${v.value}.0` : JSON.stringify(v.value);
  if (Array.isArray(v)) return `[${v.map(toJsonText).join(", ")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${toJsonText(x)}`).join(", ")}}`;
  return JSON.stringify(v);
}
