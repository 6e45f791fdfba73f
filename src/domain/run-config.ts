/**
 * An eval run's configuration as written by a client (create and edit
 * bodies) and as kept (benchmarks, stored targets, options, and the keys to
 * seal). Turning a body into a configuration, applying an edit and copying
 * are pure; checks that need storage (benchmarks visible, profile exists)
 * live with the caller. No I/O.
 */
import { z } from "zod";
import type { FieldError } from "./errors";
import { budgetErrors } from "./run-budget";
import { mergeRunOptions, perBenchmarkErrors, RunOptions, RunOptionsPatch } from "./run-options";
import {
  JudgeInput,
  keyEndpoint,
  nextKey,
  storeJudge,
  storeTarget,
  storeUserModel,
  TargetInput,
  type Endpointed,
  type RunSecrets,
  type SecretSlot,
  type StoredJudge,
  type StoredTarget,
  type StoredUserModel,
  type UserModelInput,
} from "./run-target";

export const MAX_RUN_BENCHMARKS = 20;

/** Benchmark ids in the order given; duplicates are dropped by `dedupe`. */
export const BenchmarkIds = z.array(z.string().min(1).max(200)).min(1).max(MAX_RUN_BENCHMARKS);
const DisplayName = z.string().trim().min(1).max(200);

export const CreateRunBody = z.strictObject({
  display_name: DisplayName.optional(),
  benchmarks: BenchmarkIds,
  target: TargetInput,
  /** A second target scored on the same tasks (A/B). */
  compare_target: TargetInput.nullable().optional(),
  /** The model that grades LLM-judge benchmarks. */
  judge: JudgeInput.nullable().optional(),
  options: RunOptions.prefault({}),
  /** Makes create idempotent: the same id returns the same run. */
  request_id: z.string().min(1).max(200).optional(),
});
export type CreateRunBody = z.infer<typeof CreateRunBody>;

/**
 * An edit of a draft. A given target replaces the stored one wholesale (a
 * kind switch drops every field of the old kind and its key); an omitted
 * api_key keeps the sealed one while provider and origin stay the same.
 * compare_target and judge: null clears. options: see RunOptionsPatch.
 */
export const PatchRunBody = z.strictObject({
  display_name: DisplayName.nullable().optional(),
  benchmarks: BenchmarkIds.optional(),
  target: TargetInput.optional(),
  compare_target: TargetInput.nullable().optional(),
  judge: JudgeInput.nullable().optional(),
  options: RunOptionsPatch.optional(),
});
export type PatchRunBody = z.infer<typeof PatchRunBody>;

/** Everything a run is configured with; `secrets` are the plain keys, sealed by storage. */
export interface RunConfig {
  display_name: string | null;
  benchmarks: string[];
  target: StoredTarget;
  compare_target: StoredTarget | null;
  judge: StoredJudge | null;
  options: RunOptions;
  secrets: RunSecrets;
}

export function dedupe(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function keyOf(input: { api_key?: string | null } | { kind: string } | null | undefined): string | undefined {
  return input && "api_key" in input && typeof input.api_key === "string" ? input.api_key : undefined;
}

/** A new run's configuration; errors name per_benchmark entries that match no benchmark. */
export function configFromCreate(body: CreateRunBody): { config: RunConfig; errors: FieldError[] } {
  const secrets: RunSecrets = {};
  const slots: [SecretSlot, string | undefined][] = [
    ["target", keyOf(body.target)],
    ["compare_target", keyOf(body.compare_target)],
    ["judge", keyOf(body.judge)],
  ];
  for (const [slot, key] of slots) if (key !== undefined) secrets[slot] = key;
  const userKey = keyOf(body.options.user_model);
  if (userKey !== undefined) secrets.user_model = userKey;
  const config: RunConfig = {
    display_name: body.display_name ?? null,
    benchmarks: dedupe(body.benchmarks),
    target: storeTarget(body.target, secrets.target !== undefined),
    compare_target: body.compare_target ? storeTarget(body.compare_target, secrets.compare_target !== undefined) : null,
    judge: body.judge ? storeJudge(body.judge, secrets.judge !== undefined) : null,
    options: body.options.user_model ? { ...body.options, user_model: storeUserModel(body.options.user_model as UserModelInput, userKey !== undefined) } : body.options,
    secrets,
  };
  return { config, errors: [...perBenchmarkErrors(config.options, config.benchmarks), ...budgetErrors(config.options.budget, [config.target, config.compare_target], config.options.batch)] };
}

/** A draft's configuration after an edit, or the fields the edit gets wrong. */
export function applyPatch(current: RunConfig, patch: PatchRunBody): { config: RunConfig; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const secrets: RunSecrets = { ...current.secrets };
  const next: RunConfig = { ...current, secrets };

  if (patch.display_name !== undefined) next.display_name = patch.display_name;
  if (patch.benchmarks !== undefined) next.benchmarks = dedupe(patch.benchmarks);

  // The key a slot keeps: `after` is the new target or judge as given, `before` the stored one.
  const rekey = (slot: SecretSlot, after: TargetInput | JudgeInput, before: Endpointed) => {
    const given = "api_key" in after ? after.api_key : undefined;
    const outcome = nextKey(
      `${slot}.api_key`,
      given,
      { endpoint: keyEndpoint(before), key: current.secrets[slot] },
      keyEndpoint(after),
    );
    if ("error" in outcome) {
      errors.push(outcome.error);
      return false;
    }
    if (outcome.key === undefined) delete secrets[slot];
    else secrets[slot] = outcome.key;
    return outcome.key !== undefined;
  };

  if (patch.target !== undefined) {
    const hasKey = rekey("target", patch.target, current.target);
    next.target = storeTarget(patch.target, hasKey);
  }
  if (patch.compare_target === null) {
    next.compare_target = null;
    delete secrets.compare_target;
  } else if (patch.compare_target !== undefined) {
    const hasKey = rekey("compare_target", patch.compare_target, current.compare_target);
    next.compare_target = storeTarget(patch.compare_target, hasKey);
  }
  if (patch.judge === null) {
    next.judge = null;
    delete secrets.judge;
  } else if (patch.judge !== undefined) {
    const hasKey = rekey("judge", patch.judge, current.judge);
    next.judge = storeJudge(patch.judge, hasKey);
  }
  if (patch.options !== undefined) next.options = mergeRunOptions(current.options, patch.options);
  // The user model's key, as a judge's: a new one replaces, null clears, omitted it is kept on the same provider and origin.
  const um = patch.options?.user_model;
  if (um === null) delete secrets.user_model;
  else if (um !== undefined) {
    const before = current.options.user_model as StoredUserModel | undefined;
    const outcome = nextKey("options.user_model.api_key", um.api_key, { endpoint: keyEndpoint(before), key: current.secrets.user_model }, keyEndpoint(um));
    if ("error" in outcome) errors.push(outcome.error);
    else if (outcome.key === undefined) delete secrets.user_model;
    else secrets.user_model = outcome.key;
    next.options = { ...next.options, user_model: storeUserModel(um, secrets.user_model !== undefined) };
  }

  errors.push(...perBenchmarkErrors(next.options, next.benchmarks), ...budgetErrors(next.options.budget, [next.target, next.compare_target], next.options.batch));
  return { config: next, errors };
}

/** The configuration a copy starts from: the same, with no key at all. */
export function configForCopy(source: RunConfig): RunConfig {
  const strip = <T extends object>(t: T): T => {
    const { api_key_set: _dropped, ...rest } = t as T & { api_key_set?: true };
    return rest as T;
  };
  return {
    ...source,
    target: strip(source.target),
    compare_target: source.compare_target ? strip(source.compare_target) : null,
    judge: source.judge ? strip(source.judge) : null,
    options: source.options.user_model ? { ...source.options, user_model: strip(source.options.user_model) } : source.options,
    secrets: {},
  };
}

/**
 * Benchmark ids the run may not use, named by their index in `given` (the
 * list as sent): unknown to the project, or archived. `keep` lists ids the
 * run already had, which stay allowed after being archived.
 */
/** per_benchmark release windows on benchmarks whose tasks carry no release date (only a benchmark with a date_column can be windowed). */
export function releaseWindowErrors(options: RunConfig["options"], found: readonly { id: string; name: string; options: unknown }[]): FieldError[] {
  const byId = new Map(found.map((b) => [b.id, b]));
  return Object.entries(options.per_benchmark).flatMap(([id, per]) => {
    const b = byId.get(id);
    if (!per.release_window || !b) return [];
    if (typeof (b.options as { date_column?: unknown } | null)?.date_column === "string") return [];
    return [{ field: `options.per_benchmark.${id}.release_window`, message: `${b.name}'s tasks carry no release date; a release window applies to benchmarks that date their tasks (LiveCodeBench v6)` }];
  });
}

export function benchmarkErrors(
  given: readonly string[],
  found: readonly { id: string; archivedAt: string | null }[],
  keep: readonly string[] = [],
): FieldError[] {
  const byId = new Map(found.map((b) => [b.id, b]));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  given.forEach((id, i) => {
    if (seen.has(id)) return;
    seen.add(id);
    const b = byId.get(id);
    if (!b) errors.push({ field: `benchmarks.${i}`, message: `no benchmark with id or name '${id}' in this project or the built-ins` });
    else if (b.archivedAt && !keep.includes(id)) errors.push({ field: `benchmarks.${i}`, message: "archived: restore it to use it in a new run" });
  });
  return errors;
}
