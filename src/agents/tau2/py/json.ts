/**
 * Python's json module over PyValues: loads keeps "2.0" a float and objects
 * as insertion-ordered dicts; dumps writes what json.dumps writes by default
 * (", " and ": " separators, every non-ASCII character escaped as \uXXXX,
 * floats as repr, dates through default=str), optionally with sort_keys, the
 * form τ²'s DB hash and its tool results are made of. Nesting is bounded
 * (MAX_DEPTH): a deeper document is refused, never a stack overflow.
 * Pure, no I/O.
 */
import { floatRepr, typeError, valueError } from "./ops";
import { isModel, PyDate, PyDateTime, PyFloat, type PyValue } from "./values";

/** Deepest nesting loadsPy and dumpsPy accept (the τ-bench files nest under 15). */
export const MAX_DEPTH = 256;

class Reader {
  i = 0;
  readonly s: string;
  constructor(s: string) {
    this.s = s;
  }

  fail(what: string): never {
    throw valueError(`${what}: line ${this.line()} column ${this.column()} (char ${this.i})`);
  }
  line(): number {
    let n = 1;
    for (let k = 0; k < this.i && k < this.s.length; k++) if (this.s.charCodeAt(k) === 10) n++;
    return n;
  }
  column(): number {
    const nl = this.s.lastIndexOf("\n", this.i - 1);
    return this.i - nl;
  }
  ws(): void {
    const s = this.s;
    let i = this.i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.i = i;
  }

  value(depth: number): PyValue {
    if (depth > MAX_DEPTH) this.fail(`Nested deeper than ${MAX_DEPTH}`);
    this.ws();
    const c = this.s.charCodeAt(this.i);
    if (c === 123) return this.object(depth);
    if (c === 91) return this.array(depth);
    if (c === 34) return this.string();
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    if (this.s.startsWith("true", this.i)) return (this.i += 4), true;
    if (this.s.startsWith("false", this.i)) return (this.i += 5), false;
    if (this.s.startsWith("null", this.i)) return (this.i += 4), null;
    if (this.s.startsWith("NaN", this.i)) return (this.i += 3), new PyFloat(NaN);
    if (this.s.startsWith("Infinity", this.i)) return (this.i += 8), new PyFloat(Infinity);
    if (this.s.startsWith("-Infinity", this.i)) return (this.i += 9), new PyFloat(-Infinity);
    return this.fail("Expecting value");
  }

  object(depth: number): Map<string, PyValue> {
    const out = new Map<string, PyValue>();
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) === 125) return this.i++, out;
    for (;;) {
      this.ws();
      if (this.s.charCodeAt(this.i) !== 34) this.fail("Expecting property name enclosed in double quotes");
      const key = this.string();
      this.ws();
      if (this.s.charCodeAt(this.i) !== 58) this.fail("Expecting ':' delimiter");
      this.i++;
      out.set(key, this.value(depth + 1));
      this.ws();
      const c = this.s.charCodeAt(this.i++);
      if (c === 125) return out;
      if (c !== 44) this.i--, this.fail("Expecting ',' delimiter");
    }
  }

  array(depth: number): PyValue[] {
    const out: PyValue[] = [];
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) === 93) return this.i++, out;
    for (;;) {
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) return out;
      if (c !== 44) this.i--, this.fail("Expecting ',' delimiter");
    }
  }

  number(): PyValue {
    const s = this.s;
    const start = this.i;
    let i = start;
    let float = false;
    if (s.charCodeAt(i) === 45) i++;
    const digits = () => {
      const from = i;
      while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      return i > from;
    };
    if (!digits()) this.fail("Expecting value");
    if (s.charCodeAt(i) === 46) {
      const save = i++;
      if (digits()) float = true;
      else i = save;
    }
    const e = s.charCodeAt(i);
    if (e === 101 || e === 69) {
      const save = i++;
      if (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 45) i++;
      if (digits()) float = true;
      else i = save;
    }
    this.i = i;
    const text = s.slice(start, i);
    return float ? new PyFloat(Number(text)) : Number(text);
  }

  string(): string {
    const s = this.s;
    const start = ++this.i;
    let i = start;
    // Fast path: no escape before the closing quote.
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 34) {
        this.i = i + 1;
        return s.slice(start, i);
      }
      if (c === 92 || c < 32 || Number.isNaN(c)) break;
      i++;
    }
    let out = s.slice(start, i);
    for (;;) {
      const c = s.charCodeAt(i);
      if (Number.isNaN(c)) {
        this.i = start - 1;
        this.fail("Unterminated string starting at");
      }
      if (c === 34) {
        this.i = i + 1;
        return out;
      }
      if (c < 32) {
        this.i = i;
        this.fail("Invalid control character at");
      }
      if (c !== 92) {
        out += s[i];
        i++;
        continue;
      }
      const e = s[i + 1];
      i += 2;
      if (e === "u") {
        const hex = s.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          this.i = i - 1;
          this.fail("Invalid \\uXXXX escape");
        }
        out += String.fromCharCode(parseInt(hex, 16));
        i += 4;
      } else {
        const m = ESCAPES[e ?? ""];
        if (m === undefined) {
          this.i = i - 2;
          this.fail("Invalid \\escape");
        }
        out += m;
      }
    }
  }
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** json.loads(text): objects as dicts (Maps), "2" an int, "2.0" a float. Raises ValueError (Python's JSONDecodeError text) on bad input. */
export function loadsPy(text: string): PyValue {
  const r = new Reader(text);
  const v = r.value(0);
  r.ws();
  if (r.i !== text.length) r.fail("Extra data");
  return v;
}

const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const SHORT: Record<number, string> = { 34: '\\"', 92: "\\\\", 10: "\\n", 13: "\\r", 9: "\\t", 8: "\\b", 12: "\\f" };

/** A JSON string literal as json.dumps(ensure_ascii=True) writes it. */
export function quotePy(s: string): string {
  if (PLAIN.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && c !== 34 && c !== 92) out += s[i];
    else out += SHORT[c] ?? `\\u${c.toString(16).padStart(4, "0")}`;
  }
  return out + '"';
}

/** Reuse of texts already written for values known not to change (src/agents/tau2/db.ts: a base database's entries). */
export interface DumpMemo {
  eligible(v: object): boolean;
  lookup(v: object): string | undefined;
  store(v: object, text: string): void;
}

export interface DumpOptions {
  /** json.dumps(sort_keys=True): every dict's and model's keys sorted. */
  sortKeys?: boolean;
  memo?: DumpMemo;
}

/**
 * json.dumps(value, default=str): a model as its model_dump() (fields in
 * declaration order), dates through str(). Raises TypeError for anything
 * JSON cannot hold.
 */
export function dumpsPy(value: PyValue, opts: DumpOptions = {}): string {
  const parts: string[] = [];
  write(value, parts, opts.sortKeys === true, 0, opts.memo);
  return parts.join("");
}

function write(v: PyValue, out: string[], sort: boolean, depth: number, memo?: DumpMemo): void {
  if (depth > MAX_DEPTH) throw valueError("Circular reference detected");
  if (memo && typeof v === "object" && v !== null && memo.eligible(v)) {
    let text = memo.lookup(v);
    if (text === undefined) {
      const sub: string[] = [];
      write(v, sub, sort, depth, undefined);
      text = sub.join("");
      memo.store(v, text);
    }
    return void out.push(text);
  }
  if (v === null) return void out.push("null");
  switch (typeof v) {
    case "string":
      return void out.push(quotePy(v));
    case "boolean":
      return void out.push(v ? "true" : "false");
    case "number":
      return void out.push(Number.isInteger(v) ? String(v) : floatJson(v));
  }
  if (v instanceof PyFloat) return void out.push(floatJson(v.v));
  if (v instanceof PyDateTime) return void out.push(quotePy(v.str()));
  if (v instanceof PyDate) return void out.push(quotePy(v.iso()));
  if (Array.isArray(v)) {
    out.push("[");
    v.forEach((x, i) => {
      if (i) out.push(", ");
      write(x, out, sort, depth + 1, memo);
    });
    return void out.push("]");
  }
  const entries: [string, PyValue][] = v instanceof Map ? [...v] : isModel(v) ? Object.entries(v) : [];
  if (!(v instanceof Map) && !isModel(v)) throw typeError(`Object of type ${typeof v} is not JSON serializable`);
  if (sort) entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  out.push("{");
  entries.forEach(([k, x], i) => {
    if (i) out.push(", ");
    out.push(quotePy(k), ": ");
    write(x, out, sort, depth + 1, memo);
  });
  out.push("}");
}

function floatJson(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  return floatRepr(x);
}
