/**
 * The options a run of one benchmark accepts, described for clients (the
 * SDKs' `list_options`, the dashboard): each option's type, default, bounds
 * and allowed values, read from the RunOptions schema itself so the
 * description cannot drift from what the API validates. The benchmark fills
 * in what is its own (its few-shot default, its subsets). Pure, no I/O.
 */
import { z } from "zod";
import { RunOptions } from "./run-options";

/** One accepted option. Nested objects (select, per_benchmark entries) list their own fields. */
export interface OptionSpec {
  /** The key in `options` (dotted for nested fields: `select.limit`). */
  name: string;
  /** JSON type: integer, number, boolean, string, array, object. */
  type: string;
  /** What the run uses when the option is omitted; absent when omitting means "not applied". */
  default?: unknown;
  minimum?: number;
  maximum?: number;
  /** Exclusive lower bound (top_p > 0). */
  exclusive_minimum?: number;
  /** The values accepted, when the option is an enumeration (or a list of a benchmark's subsets). */
  allowed?: unknown[];
  description: string;
  /** Fields of an object-valued option. */
  fields?: OptionSpec[];
}

/** Why each option exists, in the words a user reads. Every RunOptions key must be here (a test checks). */
export const OPTION_DESCRIPTIONS: Record<string, string> = {
  attempts: "Attempts per task: the k of pass@k and pass^k",
  sample_limit: "Run at most this many tasks per benchmark (a quick run); omitted runs every selected task",
  select: "Which tasks run, applied in order: split, subsets, include/exclude, shuffle, skip, limit",
  "select.split": "Only rows of this split (default: the benchmark's own split, else every row)",
  "select.subsets": "Only rows of these subsets",
  "select.include": "Only these task keys",
  "select.exclude": "Never these task keys",
  "select.shuffle": "Shuffle the selected tasks with seed before skip and limit",
  "select.seed": "Seed of the shuffle, so a selection can be repeated exactly",
  "select.skip": "Drop this many tasks from the front",
  "select.limit": "Keep at most this many tasks",
  few_shot: "Few-shot examples in each prompt; overrides the benchmark's own setting",
  temperature: "Sampling temperature sent to the target",
  top_p: "Nucleus sampling sent to the target; omitted leaves the endpoint's default",
  max_output_tokens: "Most tokens the target may generate per call",
  timeout_s: "Time limit of one model call, in seconds",
  concurrency: "Calls in flight at once against the target",
  missing_policy: "How an attempt without a reward counts: unknown (never 0, the default) or as_failure",
  per_benchmark: "Benchmark id → that benchmark's own values of sample_limit, few_shot, subsets, attempts, select (field by field), temperature, top_p and max_output_tokens",
};

/** A per_benchmark field means the run-wide option of the same name, for that benchmark only. */
function describe(name: string): string {
  if (OPTION_DESCRIPTIONS[name]) return OPTION_DESCRIPTIONS[name]!;
  const inner = name.startsWith("per_benchmark.") ? name.slice("per_benchmark.".length) : null;
  const same = inner === null ? undefined : OPTION_DESCRIPTIONS[inner] ?? OPTION_DESCRIPTIONS[`select.${inner}`];
  return same ? `For this benchmark only: ${same.charAt(0).toLowerCase()}${same.slice(1)}` : "";
}

type JsonSchema = {
  type?: string | string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
};

function specOf(name: string, s: JsonSchema): OptionSpec {
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") ?? "string" : s.type ?? (s.enum ? "string" : "object");
  const spec: OptionSpec = { name, type, description: describe(name) };
  if (s.default !== undefined) spec.default = s.default;
  if (s.minimum !== undefined) spec.minimum = s.minimum;
  if (s.maximum !== undefined) spec.maximum = s.maximum;
  if (s.exclusiveMinimum !== undefined) spec.exclusive_minimum = s.exclusiveMinimum;
  if (s.enum) spec.allowed = s.enum;
  const props = s.properties ?? (typeof s.additionalProperties === "object" ? s.additionalProperties.properties : undefined);
  if (props) {
    spec.fields = Object.entries(props).map(([k, v]) => specOf(`${name}.${k}`, v));
  }
  return spec;
}

/** Every option of RunOptions, in schema order, without a benchmark's own values. */
export function runOptionSpecs(): OptionSpec[] {
  const schema = z.toJSONSchema(RunOptions, { io: "input" }) as JsonSchema;
  return Object.entries(schema.properties ?? {}).map(([k, v]) => specOf(k, v));
}

/** What a benchmark contributes: its few-shot default and the subsets a run may choose among. */
export interface BenchmarkOptionFacts {
  few_shot: number;
  subsets: string[];
}

/** The options a run of this benchmark accepts, with the benchmark's own defaults and allowed subsets filled in. */
export function benchmarkOptionSpecs(facts: BenchmarkOptionFacts): OptionSpec[] {
  const fill = (spec: OptionSpec): OptionSpec => {
    const out = { ...spec, ...(spec.fields ? { fields: spec.fields.map(fill) } : {}) };
    const leaf = spec.name.split(".").at(-1);
    if (leaf === "few_shot" && spec.name === "few_shot") out.default = facts.few_shot;
    if (leaf === "subsets" && facts.subsets.length > 0) out.allowed = facts.subsets;
    return out;
  };
  return runOptionSpecs().map(fill);
}
