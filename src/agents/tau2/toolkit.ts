/**
 * A τ² toolkit: a class's tools and other callable methods over one
 * database, called with keyword arguments as Python binds them (an unknown
 * argument or a missing one is the TypeError Python raises, naming the
 * method as `AirlineTools.book_reservation()`), and a tool's result turned
 * into the string the agent reads exactly as τ²'s Environment.to_json_str
 * does. Each tool carries the definition the agent is offered (name, our own
 * description, JSON Schema of its parameters). Pure, no I/O.
 */
import { dumpsPy } from "./py/json";
import { attributeError, PyException, str, typeError, typeName, valueError } from "./py/ops";
import { isModel, PyDate, PyDateTime, PyFloat, type PyValue } from "./py/values";

/** τ²'s ToolType: reads, writes, thinking, generic helpers (calculate, transfer). */
export type ToolKind = "read" | "write" | "think" | "generic";

/** JSON Schema as the providers take it (OpenAI function parameters, Anthropic input_schema). */
export type JsonSchema = Record<string, unknown>;

export interface ParamDef {
  name: string;
  schema: JsonSchema;
  /** Absent: the argument is required. */
  default?: PyValue;
}

/** Arguments after binding, by parameter name (defaults filled in). */
export type Args = Record<string, PyValue>;

/** A method of the toolkit's class: its signature and body. */
export interface MethodDef<Kit> {
  name: string;
  params: ParamDef[];
  run: (kit: Kit, a: Args) => PyValue;
}

/** A method the agent (or the user, for user tools) may call. */
export interface ToolDef<Kit> extends MethodDef<Kit> {
  kind: ToolKind;
  /** What the agent reads about it (Assay's own words). */
  description: string;
}

/** A tool as a provider takes it: name, description, JSON Schema of the arguments object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** The methods of one toolkit class. */
export interface ToolkitSpec<Kit> {
  /** The Python class name, which error messages carry (`AirlineTools`). */
  className: string;
  tools: ToolDef<Kit>[];
  /** Callable by initialization actions and assertions, not offered to anyone. */
  functions: MethodDef<Kit>[];
}

function quoted(names: string[]): string {
  const q = names.map((n) => `'${n}'`);
  if (q.length === 1) return q[0]!;
  if (q.length === 2) return `${q[0]} and ${q[1]}`;
  return `${q.slice(0, -1).join(", ")}, and ${q.at(-1)}`;
}

/** Binds keyword arguments to a signature as Python does, or raises its TypeError. */
export function bindArgs(qualname: string, params: ParamDef[], kwargs: Map<string, PyValue>): Args {
  const known = new Set(params.map((p) => p.name));
  for (const k of kwargs.keys()) {
    if (!known.has(k)) throw typeError(`${qualname}() got an unexpected keyword argument '${k}'`);
  }
  const missing = params.filter((p) => p.default === undefined && !kwargs.has(p.name)).map((p) => p.name);
  if (missing.length) {
    throw typeError(`${qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? "" : "s"}: ${quoted(missing)}`);
  }
  const out: Args = {};
  for (const p of params) out[p.name] = kwargs.has(p.name) ? kwargs.get(p.name)! : p.default!;
  return out;
}

/** One toolkit instance: a class's methods bound to one database (and whatever state the class keeps). */
export class Toolkit<Db, State = undefined> {
  private readonly byName: Map<string, MethodDef<Toolkit<Db, State>>>;
  private readonly toolNames: Set<string>;

  readonly spec: ToolkitSpec<Toolkit<Db, State>>;
  db: Db;
  readonly state: State;

  constructor(spec: ToolkitSpec<Toolkit<Db, State>>, db: Db, state: State) {
    this.spec = spec;
    this.db = db;
    this.state = state;
    this.byName = new Map([...spec.functions, ...spec.tools].map((m) => [m.name, m]));
    this.toolNames = new Set(spec.tools.map((t) => t.name));
  }

  hasTool(name: string): boolean {
    return this.toolNames.has(name);
  }

  toolKind(name: string): ToolKind | null {
    return this.spec.tools.find((t) => t.name === name)?.kind ?? null;
  }

  /** ToolKitBase.use_tool: only tools; an unknown name is τ²'s ValueError. */
  useTool(name: string, kwargs: Map<string, PyValue>): PyValue {
    if (!this.hasTool(name)) throw valueError(`Tool '${name}' not found.`);
    return this.call(name, kwargs);
  }

  /** getattr(toolkit, name)(**kwargs): any method, as initialization actions and assertions call them. */
  call(name: string, kwargs: Map<string, PyValue>): PyValue {
    const m = this.byName.get(name);
    if (!m) throw attributeError(`'${this.spec.className}' object has no attribute '${name}'`);
    return m.run(this, bindArgs(`${this.spec.className}.${name}`, m.params, kwargs));
  }

  /** The tools as a provider offers them. */
  definitions(): ToolDefinition[] {
    return this.spec.tools.map(toolDefinition);
  }
}

export function toolDefinition<Kit>(t: ToolDef<Kit>): ToolDefinition {
  const properties: Record<string, JsonSchema> = {};
  for (const p of t.params) properties[p.name] = p.schema;
  const required = t.params.filter((p) => p.default === undefined).map((p) => p.name);
  return { name: t.name, description: t.description, parameters: { type: "object", properties, required, additionalProperties: false } };
}

/** A parameter of the given JSON Schema and description; pass `default` for an optional one. */
export function param(name: string, schema: JsonSchema, description: string, dflt?: PyValue): ParamDef {
  return { name, schema: { ...schema, description }, ...(dflt !== undefined ? { default: dflt } : {}) };
}

export const STRING = { type: "string" } as const;
export const INTEGER = { type: "integer" } as const;
export const NUMBER = { type: "number" } as const;
export const BOOLEAN = { type: "boolean" } as const;

// τ²'s to_json_str walks dicts, lists and tuples, turning numbers and booleans into their str() and dates into
// isoformat; a model inside is its model_dump(), left as it is (dates there go through json.dumps' default=str).
function processed(v: PyValue): PyValue {
  if (v === null || typeof v === "string" || isModel(v)) return v;
  if (typeof v === "number" || typeof v === "boolean" || v instanceof PyFloat) return str(v);
  if (Array.isArray(v)) return v.map(processed);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, processed(x)]));
  if (v instanceof PyDateTime || v instanceof PyDate) return v.iso();
  throw valueError(`Unsupported type: ${typeName(v)}`);
}

/** Environment.to_json_str: a str as it is, anything else json.dumps(processed, default=str). */
export function toolResultText(v: PyValue): string {
  return typeof v === "string" ? v : dumpsPy(processed(v));
}

/** The text of an error a tool raised, as τ² returns it to the agent: "Error: " + str(e). */
export function toolErrorText(e: unknown): string {
  if (e instanceof PyException) return `Error: ${e.message}`;
  // A fault of this implementation, not of the call: said plainly rather than dressed as Python's.
  return `Error: ${e instanceof Error ? e.message : String(e)}`;
}
