/**
 * Python values as the τ-bench environments hold them, in TypeScript: the
 * reference tools are Python, and their results are compared byte for byte,
 * so what Python would print must be knowable from a value. Ints are plain
 * numbers; a float is a PyFloat (Python prints 2.0 where JavaScript prints
 * 2); dicts are Maps (insertion order, which JavaScript objects lose for
 * numeric keys such as retail's item ids); a pydantic model instance is a
 * plain object tagged with its shape (src/agents/tau2/py/model.ts); dates are
 * PyDate / PyDateTime. Pure, no I/O. (No parameter properties in this
 * folder: Node's type stripping runs it in scripts.)
 */

/** A Python float. Arithmetic goes through ops.ts, which keeps int and float apart as Python does. */
export class PyFloat {
  readonly v: number;
  constructor(v: number) {
    this.v = v;
  }
}

/** datetime.date */
export class PyDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  constructor(year: number, month: number, day: number) {
    this.year = year;
    this.month = month;
    this.day = day;
  }
  /** date.isoformat() and str(date): 2025-02-25 */
  iso(): string {
    return `${pad(this.year, 4)}-${pad(this.month, 2)}-${pad(this.day, 2)}`;
  }
  /** Days since 1970-01-01, for comparisons and date arithmetic. */
  ordinal(): number {
    return Math.round(Date.UTC(this.year, this.month - 1, this.day) / 86_400_000);
  }
  static fromOrdinal(days: number): PyDate {
    const d = new Date(days * 86_400_000);
    return new PyDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  addDays(n: number): PyDate {
    return PyDate.fromOrdinal(this.ordinal() + n);
  }
}

/** datetime.datetime (naive) */
export class PyDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly microsecond: number;
  constructor(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, microsecond = 0) {
    this.year = year;
    this.month = month;
    this.day = day;
    this.hour = hour;
    this.minute = minute;
    this.second = second;
    this.microsecond = microsecond;
  }
  private time(): string {
    const base = `${pad(this.hour, 2)}:${pad(this.minute, 2)}:${pad(this.second, 2)}`;
    return this.microsecond ? `${base}.${pad(this.microsecond, 6)}` : base;
  }
  /** datetime.isoformat(): 2025-01-20T14:30:00 */
  iso(): string {
    return `${new PyDate(this.year, this.month, this.day).iso()}T${this.time()}`;
  }
  /** str(datetime), which json.dumps(default=str) writes: 2025-01-20 14:30:00 */
  str(): string {
    return `${new PyDate(this.year, this.month, this.day).iso()} ${this.time()}`;
  }
  /** A sortable number (microseconds since 1970). */
  epochMicros(): number {
    return Date.UTC(this.year, this.month - 1, this.day, this.hour, this.minute, this.second) * 1000 + this.microsecond;
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** The key under which a model instance keeps its shape (non-enumerable, so spreading or JSON never sees it). */
export const MODEL_SHAPE = Symbol("py.model");

/** A pydantic model instance: its fields as own properties, in declaration order. */
export interface PyModelObject {
  [key: string]: PyValue;
}

export type PyDict = Map<string, PyValue>;

export type PyValue = null | boolean | number | string | PyFloat | PyDate | PyDateTime | PyValue[] | PyDict | PyModelObject;

/** A Python number: an int (a JavaScript number holding an integer) or a float. */
export type PyNum = number | PyFloat;

export function isModel(v: unknown): v is PyModelObject {
  return typeof v === "object" && v !== null && MODEL_SHAPE in v;
}

export function isDict(v: unknown): v is PyDict {
  return v instanceof Map;
}

/** Python's float(x) of a number: the value as a PyFloat. */
export function f(n: number): PyFloat {
  return new PyFloat(n);
}

/** A plain value (a tool's argument as JSON gives it) of a PyValue: numbers unwrapped, Maps as objects, dates as ISO text. */
export function toPlain(v: PyValue): unknown {
  if (v instanceof PyFloat) return v.v;
  if (v instanceof PyDate || v instanceof PyDateTime) return v.iso();
  if (Array.isArray(v)) return v.map(toPlain);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, toPlain(x)]));
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]));
  return v;
}

/**
 * A PyValue of plain JSON (JSON.parse's output): objects become dicts, and
 * a number is an int when it is an integer, else a float. Use loadsPy on
 * text instead wherever "2.0" must stay a float.
 */
export function fromPlain(v: unknown): PyValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isInteger(v) ? v : new PyFloat(v);
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  if (v instanceof PyFloat || v instanceof PyDate || v instanceof PyDateTime || v instanceof Map) return v as PyValue;
  if (typeof v === "object") return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromPlain(x)]));
  return String(v);
}
