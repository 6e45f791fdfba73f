/**
 * Python's operators, builtins and exceptions over PyValues, as the τ-bench
 * tools use them: int and float kept apart (1 + 2.0 is 3.0), comparisons
 * and arithmetic between wrong types raising the TypeError Python raises
 * (an agent that sends "2" for an int gets Python's message back, as it
 * would from the reference), str() and repr() as Python prints them, and
 * round() rounding half to even on the exact binary value. Pure, no I/O.
 */
import { isDict, isModel, MODEL_SHAPE, PyDate, PyDateTime, PyFloat, type PyNum, type PyValue } from "./values";

/** A Python exception: its class name and str(e). A tool's error message is "Error: " + str(e). */
export class PyException extends Error {
  readonly pyType: string;
  constructor(pyType: string, message: string) {
    super(message);
    this.pyType = pyType;
  }
}

export const valueError = (message: string) => new PyException("ValueError", message);
export const typeError = (message: string) => new PyException("TypeError", message);
/** KeyError's str() is the repr of the key. */
export const keyError = (key: PyValue) => new PyException("KeyError", repr(key));
export const attributeError = (message: string) => new PyException("AttributeError", message);
export const assertionError = (message = "") => new PyException("AssertionError", message);

/** type(v).__name__ */
export function typeName(v: PyValue | undefined): string {
  if (v === null || v === undefined) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
  if (typeof v === "string") return "str";
  if (v instanceof PyFloat) return "float";
  if (v instanceof PyDateTime) return "datetime";
  if (v instanceof PyDate) return "date";
  if (Array.isArray(v)) return "list";
  if (v instanceof Map) return "dict";
  if (isModel(v)) return (v as unknown as { [MODEL_SHAPE]: { name: string } })[MODEL_SHAPE].name;
  return "object";
}

export function isNum(v: PyValue | undefined): v is PyNum | boolean {
  return typeof v === "number" || typeof v === "boolean" || v instanceof PyFloat;
}

/** The numeric value of an int, float or bool. */
export function num(v: PyValue): number {
  if (typeof v === "number") return v;
  if (v instanceof PyFloat) return v.v;
  if (typeof v === "boolean") return v ? 1 : 0;
  throw typeError(`must be real number, not ${typeName(v)}`);
}

function isFloat(v: PyValue): boolean {
  return v instanceof PyFloat || (typeof v === "number" && !Number.isInteger(v));
}

function numeric(a: PyValue, b: PyValue, op: string, fn: (x: number, y: number) => number): PyNum {
  if (!isNum(a) || !isNum(b)) throw typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
  const r = fn(num(a), num(b));
  return isFloat(a) || isFloat(b) ? new PyFloat(r) : r;
}

/** a + b (numbers, or str + str, or list + list). */
export function add(a: PyValue, b: PyValue): PyValue {
  if (typeof a === "string" && typeof b === "string") return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (typeof a === "string") throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
  return numeric(a, b, "+", (x, y) => x + y);
}

/** a + b for numbers only (what the tools' arithmetic needs, typed); `op` "+=" for an augmented assignment's message. */
export function addN(a: PyValue, b: PyValue, op = "+"): PyNum {
  if (typeof a === "string" && op === "+") throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
  return numeric(a, b, op, (x, y) => x + y);
}

export function sub(a: PyValue, b: PyValue, op = "-"): PyNum {
  return numeric(a, b, op, (x, y) => x - y);
}

/** a * b; str * int repeats, as Python does. */
export function mul(a: PyValue, b: PyValue): PyValue {
  if (typeof a === "string" && typeof b === "number" && Number.isInteger(b)) return a.repeat(Math.max(0, b));
  if (typeof b === "string" && typeof a === "number" && Number.isInteger(a)) return b.repeat(Math.max(0, a));
  if (typeof a === "string" || typeof b === "string") {
    throw typeError(typeof a === "string" ? `can't multiply sequence by non-int of type '${typeName(b)}'` : `can't multiply sequence by non-int of type '${typeName(a)}'`);
  }
  return numeric(a, b, "*", (x, y) => x * y);
}

/** getattr(v, name) of a model's field; AttributeError for anything else, as Python words it. */
export function attr(v: PyValue, name: string): PyValue {
  if (isModel(v) && Object.prototype.hasOwnProperty.call(v, name)) return v[name]!;
  throw attributeError(`'${typeName(v)}' object has no attribute '${name}'`);
}

/** isinstance(v, dict) */
export function isDictValue(v: PyValue): v is Map<string, PyValue> {
  return v instanceof Map;
}

/** a / b: always a float in Python 3. */
export function truediv(a: PyValue, b: PyValue): PyFloat {
  if (!isNum(a) || !isNum(b)) throw typeError(`unsupported operand type(s) for /: '${typeName(a)}' and '${typeName(b)}'`);
  if (num(b) === 0) throw new PyException("ZeroDivisionError", isFloat(a) || isFloat(b) ? "float division by zero" : "division by zero");
  return new PyFloat(num(a) / num(b));
}

export function neg(a: PyValue): PyNum {
  if (!isNum(a)) throw typeError(`bad operand type for unary -: '${typeName(a)}'`);
  return isFloat(a) ? new PyFloat(-num(a)) : -num(a);
}

export function abs(a: PyValue): PyNum {
  if (!isNum(a)) throw typeError(`bad operand type for abs(): '${typeName(a)}'`);
  return isFloat(a) ? new PyFloat(Math.abs(num(a))) : Math.abs(num(a));
}

/** max(a, b) of numbers, keeping the winner's type. */
export function max2(a: PyValue, b: PyValue): PyValue {
  return gt(b, a) ? b : a;
}

function order(a: PyValue, b: PyValue, op: string): number {
  if (isNum(a) && isNum(b)) return num(a) - num(b);
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof PyDate && b instanceof PyDate && !(a instanceof PyDateTime) && !(b instanceof PyDateTime)) return a.ordinal() - b.ordinal();
  if (a instanceof PyDateTime && b instanceof PyDateTime) return a.epochMicros() - b.epochMicros();
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!eq(a[i]!, b[i]!)) return order(a[i]!, b[i]!, op);
    }
    return a.length - b.length;
  }
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

export const lt = (a: PyValue, b: PyValue) => order(a, b, "<") < 0;
export const le = (a: PyValue, b: PyValue) => order(a, b, "<=") <= 0;
export const gt = (a: PyValue, b: PyValue) => order(a, b, ">") > 0;
export const ge = (a: PyValue, b: PyValue) => order(a, b, ">=") >= 0;

/** a == b as Python compares: 1 == 1.0 == True, dicts by content, models by type and fields. */
export function eq(a: PyValue | undefined, b: PyValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (isNum(a) && isNum(b)) return num(a) === num(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => eq(x, b[i]));
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !eq(v, b.get(k))) return false;
    return true;
  }
  if (a instanceof PyDateTime || b instanceof PyDateTime) return a instanceof PyDateTime && b instanceof PyDateTime && a.epochMicros() === b.epochMicros();
  if (a instanceof PyDate || b instanceof PyDate) return a instanceof PyDate && b instanceof PyDate && a.ordinal() === b.ordinal();
  if (isModel(a) && isModel(b)) {
    if (typeName(a) !== typeName(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => eq(a[k], b[k]));
  }
  return false;
}

/** Hashable as a dict key: a str (the only keys the τ-bench dicts have) or a number. */
function hashKey(k: PyValue): string {
  if (typeof k === "string") return k;
  if (Array.isArray(k) || k instanceof Map || isModel(k)) throw typeError(`unhashable type: '${typeName(k)}'`);
  return `\u0000${typeName(k)}:${String(k)}`;
}

/** `key in container` for a dict, list or str. */
export function contains(container: PyValue, key: PyValue): boolean {
  if (container instanceof Map) return container.has(hashKey(key));
  if (Array.isArray(container)) return container.some((x) => eq(x, key));
  if (typeof container === "string") {
    if (typeof key !== "string") throw typeError(`'in <string>' requires string as left operand, not ${typeName(key)}`);
    return container.includes(key);
  }
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

/** d[key] for a dict (KeyError when absent). */
export function getItem(d: PyValue, key: PyValue): PyValue {
  if (d instanceof Map) {
    const k = hashKey(key);
    if (!d.has(k)) throw keyError(key);
    return d.get(k)!;
  }
  if (Array.isArray(d)) {
    if (typeof key !== "number" || !Number.isInteger(key)) throw typeError(`list indices must be integers or slices, not ${typeName(key)}`);
    const i = key < 0 ? d.length + key : key;
    if (i < 0 || i >= d.length) throw new PyException("IndexError", "list index out of range");
    return d[i]!;
  }
  if (typeof d === "string") throw typeError(`string indices must be integers, not '${typeName(key)}'`);
  throw typeError(`'${typeName(d)}' object is not subscriptable`);
}

/** len(x) */
export function len(v: PyValue): number {
  if (typeof v === "string" || Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  throw typeError(`object of type '${typeName(v)}' has no len()`);
}

/** iter(x) as an array: list items, dict keys, str characters. */
export function iter(v: PyValue): PyValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof Map) return [...v.keys()];
  if (typeof v === "string") return [...v];
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

/** seq.count(x): a list's equal items, a str's non-overlapping occurrences of a substring. */
export function count(seq: PyValue, x: PyValue): number {
  if (Array.isArray(seq)) return seq.reduce<number>((n, y) => (eq(x, y) ? n + 1 : n), 0);
  if (typeof seq === "string") {
    if (typeof x !== "string") throw typeError(`must be str, not ${typeName(x)}`);
    if (x === "") return seq.length + 1;
    return seq.split(x).length - 1;
  }
  throw attributeError(`'${typeName(seq)}' object has no attribute 'count'`);
}

/** zip(a, b) as a list of pairs (the shorter one decides). */
export function zip(a: PyValue, b: PyValue): [PyValue, PyValue][] {
  const xs = iter(a);
  const ys = iter(b);
  return xs.slice(0, Math.min(xs.length, ys.length)).map((x, i) => [x, ys[i]!]);
}

/** sorted(list): Python's stable sort, TypeError on mixed types. */
export function sorted<T extends PyValue>(list: readonly T[], key: (v: T) => PyValue = (v) => v, reverse = false): T[] {
  const keyed = list.map((v, i) => ({ v, k: key(v), i }));
  keyed.sort((a, b) => {
    const c = order(a.k, b.k, "<");
    return c !== 0 ? (reverse ? -c : c) : a.i - b.i;
  });
  return keyed.map((e) => e.v);
}

/** x.lower() for a str; AttributeError otherwise, as Python says it. */
export function lower(v: PyValue): string {
  if (typeof v !== "string") throw attributeError(`'${typeName(v)}' object has no attribute 'lower'`);
  return v.toLowerCase();
}

/** bool(x) */
export function truthy(v: PyValue | undefined): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (v instanceof PyFloat) return v.v !== 0;
  if (typeof v === "string" || Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  return true;
}

/**
 * round(x, ndigits): an int stays an int; a float rounds its exact binary
 * value to the nearest, half to even (round(2.675, 2) is 2.67, round(0.125, 2)
 * is 0.12).
 */
export function round(v: PyValue, ndigits: number): PyNum {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  const x = num(v);
  if (!Number.isFinite(x)) return new PyFloat(x);
  // toFixed rounds the exact binary value to nearest, ties away from zero; only an exact tie needs Python's even neighbour.
  const away = Math.abs(x).toFixed(ndigits);
  const exact = Math.abs(x).toFixed(100);
  const dot = exact.indexOf(".");
  const kept = ndigits > 0 ? exact.slice(0, dot + 1 + ndigits) : exact.slice(0, dot);
  const tail = exact.slice(dot + 1 + ndigits);
  const even = /^50*$/.test(tail) && Number(kept.at(-1)) % 2 === 0;
  const r = Number(even ? kept : away);
  return new PyFloat(x < 0 ? -r : r);
}

/** repr(float): the shortest digits that round-trip, Python's layout (2.0, 1e-05, 1e+16). */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expText] = x.toExponential().split("e") as [string, string];
  const exp = Number(expText);
  const negative = mant.startsWith("-");
  const digits = mant.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${"0".repeat(exp + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** format(x, ".2f"): fixed digits, half to even on the exact value as Python's formatting does. */
export function fixed(v: PyValue, digits: number): string {
  const r = round(typeof v === "number" && Number.isInteger(v) ? new PyFloat(v) : v, digits);
  return num(r).toFixed(digits);
}

// Python's str.isprintable(): everything but the "Other" and separator categories (space excepted).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** repr(str): single quotes unless the text has ' and no ", escapes as Python writes them. */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch !== " " && NON_PRINTABLE.test(ch)) {
      out += cp < 0x100 ? `\\x${cp.toString(16).padStart(2, "0")}` : cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\U${cp.toString(16).padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** repr(x) */
export function repr(v: PyValue | undefined): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : floatRepr(v);
  if (v instanceof PyFloat) return floatRepr(v.v);
  if (typeof v === "string") return strRepr(v);
  if (v instanceof PyDateTime) {
    const parts = [v.year, v.month, v.day, v.hour, v.minute, ...(v.second || v.microsecond ? [v.second] : []), ...(v.microsecond ? [v.microsecond] : [])];
    return `datetime.datetime(${parts.join(", ")})`;
  }
  if (v instanceof PyDate) return `datetime.date(${v.year}, ${v.month}, ${v.day})`;
  if (Array.isArray(v)) return `[${v.map(repr).join(", ")}]`;
  if (isDict(v)) return `{${[...v].map(([k, x]) => `${strRepr(k)}: ${repr(x)}`).join(", ")}}`;
  if (isModel(v)) return `${typeName(v)}(${Object.entries(v).map(([k, x]) => `${k}=${repr(x)}`).join(", ")})`;
  return String(v);
}

/** str(x): as print() or an f-string shows it. */
export function str(v: PyValue | undefined): string {
  if (typeof v === "string") return v;
  if (v instanceof PyDateTime) return v.str();
  if (v instanceof PyDate) return v.iso();
  if (isModel(v)) return Object.entries(v).map(([k, x]) => `${k}=${repr(x)}`).join(" ");
  return repr(v);
}
