/**
 * The options of an eval run: how many attempts, which tasks, sampling and
 * limits. Strict at every level (an unknown key is refused by name), with
 * defaults filled so a stored run states everything it will use. No I/O.
 */
import { z } from "zod";
import type { FieldError } from "./errors";
import { RunBudget } from "./run-budget";
import { CACHE_MODES, DEFAULT_CACHE_TTL_DAYS, MAX_CACHE_TTL_DAYS } from "./response-cache-key";
import { UserModelInput, type StoredUserModel } from "./run-target";

export const MAX_ATTEMPTS = 100;
export const MAX_TASK_KEYS = 1000;
export const MAX_SUBSETS = 100;

const Label = z.string().min(1).max(200);
const TaskKeys = z.array(Label).max(MAX_TASK_KEYS);
const Subsets = z.array(Label).min(1).max(MAX_SUBSETS);
const SampleLimit = z.number().int().min(1).max(10_000_000);
const FewShot = z.number().int().min(0).max(20);

/** Which of a benchmark's tasks run, applied in this order: split, subsets, include/exclude, shuffle, skip, limit. */
export const TaskSelection = z.strictObject({
  /** Only rows of this split (default: the benchmark's own split, else every row). */
  split: Label.optional(),
  /** Only rows of these subsets. */
  subsets: Subsets.optional(),
  /** Only these task keys. */
  include: TaskKeys.optional(),
  /** Never these task keys. */
  exclude: TaskKeys.optional(),
  /** Shuffle the selected tasks with `seed` before skip/limit. */
  shuffle: z.boolean().default(false),
  /** Seed of the shuffle, so a selection can be repeated exactly. */
  seed: z.number().int().min(0).max(2 ** 31 - 1).default(0),
  /** Drop this many tasks from the front. */
  skip: z.number().int().min(0).max(10_000_000).default(0),
  /** Keep at most this many tasks. */
  limit: SampleLimit.optional(),
});
export type TaskSelection = z.infer<typeof TaskSelection>;

/**
 * A benchmark's own selection: each field given replaces the same field of
 * the run's `select` (seed 004's per-source select), the rest is inherited.
 */
export const TaskSelectionOverride = z.strictObject({
  split: Label.optional(),
  subsets: Subsets.optional(),
  include: TaskKeys.optional(),
  exclude: TaskKeys.optional(),
  shuffle: z.boolean().optional(),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  skip: z.number().int().min(0).max(10_000_000).optional(),
  limit: SampleLimit.optional(),
});
export type TaskSelectionOverride = z.infer<typeof TaskSelectionOverride>;

/** A calendar date, YYYY-MM-DD (one issue whatever is wrong with it). */
const CalendarDate = z.string().refine((d) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}, "a calendar date as YYYY-MM-DD");

/**
 * Which tasks of a benchmark that dates them (LiveCodeBench) run, by release date, as LiveCodeBench's start_date and
 * end_date select problems: `start` keeps tasks released at or after that day's midnight, `end` those released at or
 * before it (so a task released later on the end day is left out, as upstream does).
 */
export const ReleaseWindow = z
  .strictObject({
    start: CalendarDate.optional(),
    end: CalendarDate.optional(),
  })
  .refine((w) => w.start === undefined || w.end === undefined || w.start <= w.end, { message: "must not be before start", path: ["end"] });
export type ReleaseWindow = z.infer<typeof ReleaseWindow>;

/** Overrides for one benchmark of the run: each replaces the run-wide value for that benchmark only. */
export const BenchmarkOverrides = z.strictObject({
  sample_limit: SampleLimit.optional(),
  few_shot: FewShot.optional(),
  subsets: Subsets.optional(),
  /** This benchmark's attempts per task (its k). */
  attempts: z.number().int().min(1).max(MAX_ATTEMPTS).optional(),
  select: TaskSelectionOverride.optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  max_output_tokens: z.number().int().min(1).max(200_000).optional(),
  /** How this multiple-choice benchmark is asked: generate (a reply with a letter) or loglikelihood (src/execution/loglikelihood-request.ts). */
  mc_mode: z.enum(["generate", "loglikelihood"]).optional(),
  /** Only tasks released in this window, for a benchmark that dates its tasks (its options' date_column). */
  release_window: ReleaseWindow.optional(),
});
export type BenchmarkOverrides = z.infer<typeof BenchmarkOverrides>;

export const MISSING_POLICIES = ["unknown", "as_failure"] as const;

/** The field schemas without defaults: the create schema adds defaults, the patch schema makes them nullable. */
const field = {
  attempts: z.number().int().min(1).max(MAX_ATTEMPTS),
  sample_limit: SampleLimit,
  select: TaskSelection,
  few_shot: FewShot,
  temperature: z.number().min(0).max(2),
  top_p: z.number().gt(0).max(1),
  max_output_tokens: z.number().int().min(1).max(200_000),
  timeout_s: z.number().int().min(1).max(3600),
  concurrency: z.union([
    z.number().int().min(1).max(1000),
    // A band (src/execution/concurrency-band.ts): starts at min and adapts to the endpoint; equal values pin it.
    z
      .strictObject({ min: z.number().int().min(1).max(1000), max: z.number().int().min(1).max(1000) })
      .refine((b) => b.min <= b.max, { message: "min must not exceed max", path: ["min"] }),
  ]),
  missing_policy: z.enum(MISSING_POLICIES),
  mc_mode: z.enum(["generate", "loglikelihood"]),
  per_benchmark: z.record(z.string().min(1).max(200), BenchmarkOverrides),
  budget: RunBudget,
  cache: z.enum(CACHE_MODES),
  cache_ttl_days: z.number().int().min(1).max(MAX_CACHE_TTL_DAYS),
  batch: z.boolean(),
  user_model: UserModelInput,
};

export const RunOptions = z.strictObject({
  /** Attempts per task (k of pass@k). */
  attempts: field.attempts.default(1),
  /** Run at most this many tasks per benchmark (a quick run). */
  sample_limit: field.sample_limit.optional(),
  select: field.select.prefault({}),
  /** Few-shot examples; overrides the benchmark's own setting. */
  few_shot: field.few_shot.optional(),
  temperature: field.temperature.default(0),
  top_p: field.top_p.optional(),
  max_output_tokens: field.max_output_tokens.default(1024),
  /** Per attempt, in seconds. */
  timeout_s: field.timeout_s.default(120),
  /** Attempts in flight at once against the target: a number pins it; `{min, max}` adapts within the band. */
  concurrency: field.concurrency.default(8),
  /** How an attempt without a reward counts: unknown (never 0) or as_failure. */
  missing_policy: field.missing_policy.default("unknown"),
  /**
   * Multiple-choice benchmarks: generate (default: the model replies with a letter) or loglikelihood (each choice's
   * log-likelihood from the target's /v1/completions endpoint, acc and acc_norm as lm-evaluation-harness scores base models).
   */
  mc_mode: field.mc_mode.optional(),
  /** Benchmark id → overrides for that benchmark; ids must be among the run's benchmarks. */
  per_benchmark: field.per_benchmark.default({}),
  /** Limits on what the run's model calls spend (src/domain/run-budget.ts); passing one stops the run as budget_exhausted. */
  budget: field.budget.optional(),
  /** The response cache (src/storage/response-cache.ts): off, read_write (read and store replies) or read_only (read, never store). */
  cache: field.cache.default("off"),
  /** Days a reply this run stores stays readable. */
  cache_ttl_days: field.cache_ttl_days.default(DEFAULT_CACHE_TTL_DAYS),
  /** Submit the model calls through the provider's batch API (OpenAI Batch API, Anthropic Message Batches), polled by the cron; model targets with single-turn prompts only. */
  batch: field.batch.default(false),
  /**
   * The model that plays the user in agent benchmarks with a simulated user
   * (τ²-bench): provider, base_url, model, a write-only api_key (sealed at
   * rest with the run's keys) and params. Omitted: the run's judge.
   */
  user_model: field.user_model.optional(),
});
/** The options as stored: user_model without its key (StoredUserModel marks whether one is sealed). */
export type RunOptions = Omit<z.infer<typeof RunOptions>, "user_model"> & { user_model?: StoredUserModel | UserModelInput };

/**
 * A PATCH of options: each given top-level key replaces the stored one
 * wholesale (select and per_benchmark included); null puts a key back to its
 * default; keys not given are kept.
 */
export const RunOptionsPatch = z.strictObject({
  attempts: field.attempts.nullable().optional(),
  sample_limit: field.sample_limit.nullable().optional(),
  select: field.select.nullable().optional(),
  few_shot: field.few_shot.nullable().optional(),
  temperature: field.temperature.nullable().optional(),
  top_p: field.top_p.nullable().optional(),
  max_output_tokens: field.max_output_tokens.nullable().optional(),
  timeout_s: field.timeout_s.nullable().optional(),
  concurrency: field.concurrency.nullable().optional(),
  missing_policy: field.missing_policy.nullable().optional(),
  mc_mode: field.mc_mode.nullable().optional(),
  per_benchmark: field.per_benchmark.nullable().optional(),
  budget: field.budget.nullable().optional(),
  cache: field.cache.nullable().optional(),
  cache_ttl_days: field.cache_ttl_days.nullable().optional(),
  batch: field.batch.nullable().optional(),
  /** A new user model replaces the stored one; its key is kept while provider and URL origin stay the same (as a judge's), null clears it. */
  user_model: field.user_model.nullable().optional(),
});
export type RunOptionsPatch = z.infer<typeof RunOptionsPatch>;

/** The stored options with a patch applied, defaults refilled. */
export function mergeRunOptions(stored: RunOptions, patch: RunOptionsPatch): RunOptions {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  // Both inputs are already valid, so this only refills defaults. The user model is the caller's to seal (run-config.ts); its stored form is not an input.
  const { user_model, ...rest } = merged;
  return { ...RunOptions.parse(rest), ...(user_model ? { user_model: user_model as RunOptions["user_model"] } : {}) };
}

/** per_benchmark entries that name a benchmark the run does not have. */
export function perBenchmarkErrors(options: RunOptions, benchmarkIds: readonly string[]): FieldError[] {
  const known = new Set(benchmarkIds);
  return Object.keys(options.per_benchmark)
    .filter((id) => !known.has(id))
    .map((id) => ({ field: `options.per_benchmark.${id}`, message: "not one of the run's benchmarks" }));
}
