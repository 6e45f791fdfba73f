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
  concurrency: "Calls in flight at once against the target: a number pins it; {min, max} starts at min and adapts to the endpoint within the band (grows while calls succeed, shrinks on 429s and errors)",
  "concurrency.min": "The band's lower bound, where the run starts",
  "concurrency.max": "The band's upper bound",
  cache: "Response cache: off (default), read_write (reuse a stored reply of the same request and attempt index, store new successful ones) or read_only (reuse, never store); errors are never cached",
  cache_ttl_days: "Days a reply this run stores in the response cache stays readable",
  batch: "Submit the model calls through the provider's batch API (OpenAI Batch API, Anthropic Message Batches: about half the price, answered within 24 h) instead of one call each; requests that fail in the batch are retried as normal calls, requests the batch expires on end missing (never 0). Model targets with single-turn text prompts only",
  missing_policy: "How an attempt without a reward counts: unknown (never 0, the default) or as_failure",
  mc_mode:
    "Multiple-choice benchmarks only: generate (the model replies with a letter, the default) or loglikelihood (each choice's log-likelihood from the target's OpenAI-compatible /v1/completions endpoint with echo and logprobs, scored as lm-evaluation-harness scores base models: acc and acc_norm)",
  budget: "Limits on what the run's model calls spend; before each call the run reserves its estimate, and the first call that would pass a limit is not sent: the calls in flight land and the run ends cancelled (budget_exhausted)",
  "budget.max_cost_usd": "Most the model calls may cost, in USD at the target's price (the target must state a price)",
  "budget.max_input_tokens": "Most input (prompt) tokens over the run's model calls",
  "budget.max_output_tokens": "Most output tokens over the run's model calls (each call reserves its max_output_tokens)",
  per_benchmark: "Benchmark id → that benchmark's own values of sample_limit, few_shot, subsets, attempts, select (field by field), temperature, top_p, max_output_tokens, mc_mode and release_window",
  // Only per benchmark (a window means something only for tasks that carry a release date), so described by its inner name.
  release_window:
    "Only tasks released within these calendar dates, as LiveCodeBench's start_date/end_date compare them (to pick problems published after a model's training cutoff); refused for a benchmark whose tasks carry no date",
  "release_window.start": "Keep tasks released at or after this day's midnight (YYYY-MM-DD)",
  "release_window.end": "Keep tasks released at or before this day's midnight (YYYY-MM-DD): one released later that day is left out, as upstream does",
  user_model:
    "Agent benchmarks with a simulated user (τ²-bench): the model that plays the user; default the run's judge. Its key is sealed at rest and never returned",
  "user_model.provider": "openai (any OpenAI-compatible endpoint) or anthropic",
  "user_model.base_url": "The user model's API base URL",
  "user_model.model": "The user model's name at that endpoint",
  "user_model.api_key": "The user model's API key (write-only)",
  "user_model.params": "Extra body fields sent with each of its calls (e.g. reasoning_effort)",
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
  anyOf?: JsonSchema[];
};

function specOf(name: string, schema: JsonSchema): OptionSpec {
  // A choice of shapes (concurrency: a number or a band) is described by its first, with the object's fields.
  const s = schema.anyOf?.length ? { ...schema.anyOf[0], default: schema.default, properties: schema.anyOf.find((x) => x.properties)?.properties } : schema;
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
  /** Whether mc_mode may be loglikelihood (an inline multiple-choice benchmark); absent counts as yes. */
  multiple_choice?: boolean;
}

/** The options a run of this benchmark accepts, with the benchmark's own defaults and allowed subsets filled in. */
export function benchmarkOptionSpecs(facts: BenchmarkOptionFacts): OptionSpec[] {
  const fill = (spec: OptionSpec): OptionSpec => {
    const out = { ...spec, ...(spec.fields ? { fields: spec.fields.map(fill) } : {}) };
    const leaf = spec.name.split(".").at(-1);
    if (leaf === "few_shot" && spec.name === "few_shot") out.default = facts.few_shot;
    if (leaf === "subsets" && facts.subsets.length > 0) out.allowed = facts.subsets;
    // A benchmark that is not multiple choice is only ever asked generatively (loglikelihood is a 422 for it).
    if (leaf === "mc_mode" && facts.multiple_choice === false) out.allowed = ["generate"];
    return out;
  };
  return runOptionSpecs().map(fill);
}
