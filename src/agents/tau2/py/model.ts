/**
 * pydantic's models, as far as the τ-bench domains use them: a model is a
 * named list of typed fields (declaration order is dump order), validated in
 * lax mode (an int given for a float field becomes a float, "2" for an int
 * becomes 2, a dict for a model field becomes that model), with defaults,
 * extra keys ignored or forbidden, and unions of models chosen by the member
 * that validates. Validation builds new lists and dicts but keeps a model
 * instance given for a model field as it is (pydantic's default), which the
 * tools' aliasing depends on. A failure raises ValidationError with
 * pydantic's message layout. Pure, no I/O.
 */
import { PyException, repr, typeName } from "./ops";
import { isModel, MODEL_SHAPE, PyDate, PyDateTime, PyFloat, type PyModelObject, type PyNum, type PyValue } from "./values";

export type Shape =
  | { readonly k: "str" }
  | { readonly k: "int" }
  | { readonly k: "float" }
  | { readonly k: "bool" }
  | { readonly k: "any" }
  | { readonly k: "date" }
  | { readonly k: "datetime" }
  | { readonly k: "lit"; readonly values: readonly string[] }
  | { readonly k: "opt"; readonly of: Shape }
  | { readonly k: "list"; readonly of: Shape }
  | { readonly k: "dict"; readonly of: Shape }
  | AnyModelShape
  | { readonly k: "union"; readonly of: readonly AnyModelShape[] };

/** A field: its shape and, when it may be left out, the factory of its default. */
export interface FieldDef<S extends Shape = Shape> {
  readonly shape: S;
  readonly default?: () => PyValue;
}

type Fields = Record<string, Shape | FieldDef>;

export interface ModelShape<F extends Fields> {
  readonly k: "model";
  readonly name: string;
  readonly fields: F;
  /** pydantic's extra="forbid" (telecom's models): an unknown key is an error, not ignored. */
  readonly forbidExtra: boolean;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModelShape = ModelShape<any>;

/** The TypeScript type of a value of a shape. Numeric fields are PyNum: Python lets an int sit in a float field after assignment. */
export type Infer<S> = S extends { k: "str" }
  ? string
  : S extends { k: "int" } | { k: "float" }
    ? PyNum
    : S extends { k: "bool" }
      ? boolean
      : S extends { k: "any" }
        ? PyValue
        : S extends { k: "date" }
          ? PyDate
          : S extends { k: "datetime" }
            ? PyDateTime | PyDate
            : S extends { k: "lit"; values: readonly (infer L)[] }
              ? L
              : S extends { k: "opt"; of: infer O }
                ? Infer<O> | null
                : S extends { k: "list"; of: infer O }
                  ? Infer<O>[]
                  : S extends { k: "dict"; of: infer O }
                    ? Map<string, Infer<O>>
                    : S extends ModelShape<infer F>
                      ? ModelOf<F>
                      : S extends { k: "union"; of: readonly (infer M)[] }
                        ? Infer<M>
                        : never;

export type ModelOf<F extends Fields> = { -readonly [K in keyof F]: F[K] extends FieldDef<infer S> ? Infer<S> : Infer<F[K]> };

export const S = {
  str: { k: "str" },
  int: { k: "int" },
  float: { k: "float" },
  bool: { k: "bool" },
  any: { k: "any" },
  date: { k: "date" },
  datetime: { k: "datetime" },
} as const;

export const lit = <const L extends string>(...values: L[]) => ({ k: "lit", values }) as const;
export const opt = <O extends Shape>(of: O) => ({ k: "opt", of }) as const;
export const list = <O extends Shape>(of: O) => ({ k: "list", of }) as const;
export const dict = <O extends Shape>(of: O) => ({ k: "dict", of }) as const;
export const union = <const M extends readonly AnyModelShape[]>(...of: M) => ({ k: "union", of }) as const;
/** A field with a default (the factory runs for each instance, as default_factory does). */
export const withDefault = <Sh extends Shape>(shape: Sh, factory: () => PyValue): FieldDef<Sh> => ({ shape, default: factory });

export function model<const F extends Fields>(name: string, fields: F, opts: { forbidExtra?: boolean } = {}): ModelShape<F> {
  return { k: "model", name, fields, forbidExtra: opts.forbidExtra === true };
}

function fieldDef(f: Shape | FieldDef): FieldDef {
  return "shape" in f ? f : { shape: f };
}

/** The pydantic version whose error links the messages carry. */
const PYDANTIC_DOCS = "https://errors.pydantic.dev/2.11/v";

interface LineError {
  loc: (string | number)[];
  msg: string;
  type: string;
  input: PyValue | undefined;
}

/** pydantic's ValidationError: str() is its multi-line report. */
export class ValidationError extends PyException {
  readonly title: string;
  readonly errors: LineError[];
  constructor(title: string, errors: LineError[]) {
    super("ValidationError", formatErrors(title, errors));
    this.title = title;
    this.errors = errors;
  }
}

function truncated(s: string): string {
  return s.length > 50 ? `${s.slice(0, 25)}...${s.slice(-24)}` : s;
}

function formatErrors(title: string, errors: LineError[]): string {
  const lines = [`${errors.length} validation error${errors.length === 1 ? "" : "s"} for ${title}`];
  for (const e of errors) {
    if (e.loc.length) lines.push(e.loc.join("."));
    const input = e.input === undefined ? "" : `, input_value=${truncated(repr(e.input))}, input_type=${typeName(e.input)}`;
    lines.push(`  ${e.msg} [type=${e.type}${input}]`);
    lines.push(`    For further information visit ${PYDANTIC_DOCS}/${e.type}`);
  }
  return lines.join("\n");
}

const BOOL_TEXT: Record<string, boolean> = { "0": false, off: false, f: false, false: false, n: false, no: false, "1": true, on: true, t: true, true: true, y: true, yes: true };
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;

class Validator {
  errors: LineError[] = [];

  fail(loc: (string | number)[], type: string, msg: string, input: PyValue | undefined): null {
    this.errors.push({ loc, type, msg, input });
    return null;
  }

  run(shape: Shape, v: PyValue, loc: (string | number)[]): PyValue {
    switch (shape.k) {
      case "any":
        return v;
      case "str":
        return typeof v === "string" ? v : this.fail(loc, "string_type", "Input should be a valid string", v);
      case "int": {
        if (typeof v === "boolean") return v ? 1 : 0;
        if (typeof v === "number" && Number.isInteger(v)) return v;
        const x = v instanceof PyFloat ? v.v : typeof v === "number" ? v : null;
        if (x !== null) return Number.isInteger(x) ? x : this.fail(loc, "int_from_float", "Input should be a valid integer, got a number with a fractional part", v);
        if (typeof v === "string") return /^\s*[-+]?\d+\s*$/.test(v) ? Number(v.trim()) : this.fail(loc, "int_parsing", "Input should be a valid integer, unable to parse string as an integer", v);
        return this.fail(loc, "int_type", "Input should be a valid integer", v);
      }
      case "float": {
        if (v instanceof PyFloat) return v;
        if (typeof v === "number") return new PyFloat(v);
        if (typeof v === "boolean") return new PyFloat(v ? 1 : 0);
        if (typeof v === "string") {
          const x = Number(v.trim());
          return v.trim() && !Number.isNaN(x) ? new PyFloat(x) : this.fail(loc, "float_parsing", "Input should be a valid number, unable to parse string as a number", v);
        }
        return this.fail(loc, "float_type", "Input should be a valid number", v);
      }
      case "bool": {
        if (typeof v === "boolean") return v;
        if ((typeof v === "number" || v instanceof PyFloat) && (Number(v instanceof PyFloat ? v.v : v) === 0 || Number(v instanceof PyFloat ? v.v : v) === 1)) {
          return Number(v instanceof PyFloat ? v.v : v) === 1;
        }
        if (typeof v === "string" && v.toLowerCase() in BOOL_TEXT) return BOOL_TEXT[v.toLowerCase()]!;
        return typeof v === "string" ? this.fail(loc, "bool_parsing", "Input should be a valid boolean, unable to interpret input", v) : this.fail(loc, "bool_type", "Input should be a valid boolean", v);
      }
      case "date": {
        if (v instanceof PyDateTime) return new PyDate(v.year, v.month, v.day);
        if (v instanceof PyDate) return v;
        if (typeof v === "string") {
          const m = DATE_RE.exec(v);
          if (m) return new PyDate(Number(m[1]), Number(m[2]), Number(m[3]));
          return this.fail(loc, "date_from_datetime_parsing", "Input should be a valid date or datetime, invalid character in year", v);
        }
        return this.fail(loc, "date_type", "Input should be a valid date", v);
      }
      case "datetime": {
        if (v instanceof PyDateTime) return v;
        if (typeof v === "string") {
          const m = DATETIME_RE.exec(v);
          if (m) return new PyDateTime(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), Number((m[7] ?? "").padEnd(6, "0") || 0));
          return this.fail(loc, "datetime_from_date_parsing", "Input should be a valid datetime or date, invalid character in year", v);
        }
        return this.fail(loc, "datetime_type", "Input should be a valid datetime", v);
      }
      case "lit": {
        if (typeof v === "string" && shape.values.includes(v)) return v;
        const names = shape.values.map((x) => `'${x}'`);
        const expected = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
        return this.fail(loc, "literal_error", `Input should be ${expected}`, v);
      }
      case "opt":
        return v === null ? null : this.run(shape.of, v, loc);
      case "list":
        if (!Array.isArray(v)) return this.fail(loc, "list_type", "Input should be a valid list", v);
        return v.map((x, i) => this.run(shape.of, x, [...loc, i]));
      case "dict": {
        if (!(v instanceof Map)) return this.fail(loc, "dict_type", "Input should be a valid dictionary", v);
        const out = new Map<string, PyValue>();
        for (const [k, x] of v) out.set(k, this.run(shape.of, x, [...loc, k]));
        return out;
      }
      case "model":
        return this.model(shape, v, loc);
      case "union": {
        if (isModel(v)) {
          const own = shape.of.find((m) => (v as unknown as { [MODEL_SHAPE]: AnyModelShape })[MODEL_SHAPE] === m);
          if (own) return v;
        }
        const tries: LineError[][] = [];
        for (const m of shape.of) {
          const sub = new Validator();
          const out = sub.model(m, v, [...loc, m.name]);
          if (!sub.errors.length) return out;
          tries.push(sub.errors);
        }
        this.errors.push(...tries.flat());
        return null;
      }
    }
  }

  model(shape: AnyModelShape, v: PyValue, loc: (string | number)[]): PyValue {
    if (isModel(v) && (v as unknown as { [MODEL_SHAPE]: AnyModelShape })[MODEL_SHAPE] === shape) return v;
    if (!(v instanceof Map)) return this.fail(loc, "model_type", `Input should be a valid dictionary or instance of ${shape.name}`, v);
    const out: Record<string, PyValue> = {};
    for (const [name, f] of Object.entries(shape.fields as Fields)) {
      const def = fieldDef(f);
      if (v.has(name)) out[name] = this.run(def.shape, v.get(name)!, [...loc, name]);
      else if (def.default) out[name] = def.default();
      else this.fail([...loc, name], "missing", "Field required", v);
    }
    if (shape.forbidExtra) {
      for (const [k, x] of v) if (!(k in (shape.fields as Fields))) this.fail([...loc, k], "extra_forbidden", "Extra inputs are not permitted", x);
    }
    return tagModel(shape, out);
  }
}

/** Marks a plain object (fields already in declaration order) as an instance of `shape`. */
export function tagModel<T extends Record<string, PyValue>>(shape: AnyModelShape, fields: T): T & PyModelObject {
  Object.defineProperty(fields, MODEL_SHAPE, { value: shape, enumerable: false });
  return fields as T & PyModelObject;
}

/** The shape of a model instance. */
export function shapeOf(v: PyModelObject): AnyModelShape {
  return (v as unknown as { [MODEL_SHAPE]: AnyModelShape })[MODEL_SHAPE];
}

/** TypeAdapter(shape).validate_python(v): the validated value, or ValidationError titled with the shape. */
export function validate<Sh extends Shape>(shape: Sh, v: PyValue, title?: string): Infer<Sh> {
  return validateValue(shape, v, title) as Infer<Sh>;
}

/** validate() without the static type: for shapes known only at run time. */
export function validateValue(shape: Shape, v: PyValue, title?: string): PyValue {
  const val = new Validator();
  const out = val.run(shape, v, []);
  if (val.errors.length) throw new ValidationError(title ?? (shape.k === "model" ? shape.name : shape.k), val.errors);
  return out;
}

/** Model(**kwargs): kwargs as a dict or a record of field values. */
export function construct<F extends Fields>(shape: ModelShape<F>, kwargs: Map<string, PyValue> | Record<string, PyValue>): ModelOf<F> {
  const input = kwargs instanceof Map ? kwargs : new Map(Object.entries(kwargs));
  return validateValue(shape, input) as unknown as ModelOf<F>;
}

/** construct() for a shape known only at run time. */
export function constructAny(shape: AnyModelShape, kwargs: Map<string, PyValue>): PyModelObject {
  return validateValue(shape, kwargs) as PyModelObject;
}

/** copy.deepcopy / model_copy(deep=True): new lists, dicts and models; floats and dates are immutable and shared. */
export function deepCopy<T extends PyValue>(v: T): T {
  if (v === null || typeof v !== "object" || v instanceof PyFloat || v instanceof PyDate || v instanceof PyDateTime) return v;
  if (Array.isArray(v)) return v.map(deepCopy) as T;
  if (v instanceof Map) return new Map([...(v as Map<string, PyValue>)].map(([k, x]) => [k, deepCopy(x)])) as T;
  const out: Record<string, PyValue> = {};
  for (const [k, x] of Object.entries(v as Record<string, PyValue>)) out[k] = deepCopy(x);
  return (isModel(v) ? tagModel(shapeOf(v), out) : out) as T;
}

/** model_dump(): models (recursively) as dicts in field order, everything else as it is. */
export function modelDump(v: PyValue): PyValue {
  if (Array.isArray(v)) return v.map(modelDump);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, modelDump(x)]));
  if (isModel(v)) return new Map(Object.entries(v).map(([k, x]) => [k, modelDump(x)]));
  return v;
}

/** addict's Dict.update: nested dicts merged key by key, anything else replaced. */
function mergeInto(base: Map<string, PyValue>, update: Map<string, PyValue>): Map<string, PyValue> {
  const out = new Map(base);
  for (const [k, v] of update) {
    const cur = out.get(k);
    out.set(k, cur instanceof Map && v instanceof Map ? mergeInto(cur, v) : v);
  }
  return out;
}

/** tau2's update_pydantic_model_with_dict: the model dumped, the update merged in, validated again as the same model. */
export function updateModel<T extends PyModelObject>(instance: T, update: Map<string, PyValue>): T {
  const dumped = modelDump(instance) as Map<string, PyValue>;
  return validateValue(shapeOf(instance), mergeInto(dumped, update)) as T;
}
