/**
 * What an eval run evaluates (a model endpoint, an agent runner with a
 * profile, or outputs already recorded in a dataset revision) and the judge
 * it may use: input schemas, the stored form with the
 * key taken out, the public view, and the rule for keeping a sealed key
 * across an edit. No I/O.
 */
import { z } from "zod";
import type { FieldError } from "./errors";
import { parseProfileRef } from "./profile";

export const PROVIDERS = ["openai", "anthropic"] as const;
export type Provider = (typeof PROVIDERS)[number];

export const MAX_PARAMS_BYTES = 16_384;

/** Names that mean a credential: those go in api_key (sealed) or a profile's secret params, never in plain params. */
const SECRET_NAME = /^(api[_-]?key|x-api-key|authorization|password|secret|access[_-]?token|bearer)$/i;

function hasSecretName(value: unknown, depth = 0): boolean {
  if (depth > 8 || value === null || typeof value !== "object") return false;
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_NAME.test(k) || hasSecretName(v, depth + 1)) return true;
  }
  return false;
}

/** An http(s) URL without user:password (credentials in a URL would be shown back). */
const HttpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http or https URL" })
  .max(2000)
  // Zod runs refinements after a failed format check too, so parse defensively.
  .refine((u) => {
    const url = URL.parse(u);
    return !url || (!url.username && !url.password);
  }, "must not carry credentials; send the key as api_key");

/** A credential: accepted on write, sealed at rest, never shown. null clears it on an edit. */
const ApiKey = z
  .string()
  .min(1)
  .max(8000)
  .nullable()
  .optional()
  .describe("Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it");

/** Extra request parameters passed to the provider or runner as given (e.g. reasoning_effort). */
export const Params = z
  .record(z.string().min(1).max(200), z.unknown())
  .refine((p) => JSON.stringify(p).length <= MAX_PARAMS_BYTES, `must be at most ${MAX_PARAMS_BYTES} bytes as JSON`)
  .refine((p) => !hasSecretName(p), "must not hold credentials; send them as api_key or in a profile's secret params");

/** Price per million tokens, so a run's cost can be computed. */
export const Price = z.strictObject({
  input_per_mtok: z.number().min(0).max(1e6),
  output_per_mtok: z.number().min(0).max(1e6),
});

/** A profile reference `name@version`. */
export const ProfileRef = z
  .string()
  .max(200)
  .refine((ref) => parseProfileRef(ref) !== undefined, "must be name@version");

const Name = z.string().trim().min(1).max(200);

export const ModelTargetInput = z.strictObject({
  kind: z.literal("model"),
  provider: z.enum(PROVIDERS),
  /** The API base, e.g. https://api.openai.com/v1 or any OpenAI-compatible endpoint. */
  base_url: HttpUrl,
  model: z.string().min(1).max(200),
  api_key: ApiKey,
  params: Params.default({}),
  price: Price.optional(),
  /** A display label (default: the model). */
  name: Name.optional(),
});

export const AgentTargetInput = z.strictObject({
  kind: z.literal("agent"),
  /** The external runner that executes agent attempts. */
  runner_url: HttpUrl,
  /** A profile of this project, `name@version`; its secret params stay sealed in the profile. */
  profile: ProfileRef,
  params: Params.default({}),
  name: Name.optional(),
});

/** A column name of a dataset revision (checked against the revision when the run is written). */
const ColumnName = z.string().trim().min(1).max(200);

/**
 * Outputs already recorded: a dataset revision whose rows are matched to the
 * benchmark's tasks by task key (or, without key_column, row i to task row i),
 * several rows per task being its attempts in attempt_column (else file)
 * order. No model is called.
 */
export const OutputsTargetInput = z.strictObject({
  kind: z.literal("outputs"),
  /** The revision holding the outputs, `name@version`, uploaded through the datasets API. */
  dataset: z.string().max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}@[1-9][0-9]{0,8}$/, "must be name@version"),
  /** The column holding each output's task key; omitted, outputs row i is the output of the task at row index i. */
  key_column: ColumnName.optional(),
  /** The column holding the output text. */
  output_column: ColumnName,
  /** The column ordering a task's outputs as attempts 0, 1, ...; omitted, file order. */
  attempt_column: ColumnName.optional(),
  /** A display label (default: `outputs <dataset>`). */
  name: Name.optional(),
});

export const TargetInput = z.discriminatedUnion("kind", [ModelTargetInput, AgentTargetInput, OutputsTargetInput]);
export type TargetInput = z.infer<typeof TargetInput>;

export const JudgeInput = z.strictObject({
  provider: z.enum(PROVIDERS),
  base_url: HttpUrl,
  model: z.string().min(1).max(200),
  api_key: ApiKey,
});
export type JudgeInput = z.infer<typeof JudgeInput>;

/** The public form: the key appears only as {set: true}, and only when one is sealed. */
export type KeyView = { api_key?: { set: true } };

/**
 * A run's user simulator (τ²-bench: `options.user_model`), an endpoint like
 * the judge's: its key is write-only, sealed at rest with the run's other
 * keys (slot `user_model`), and the stored options keep only whether one is
 * set. Omitted, the run's judge plays the user.
 */
export const UserModelInput = z.strictObject({
  provider: z.enum(PROVIDERS),
  base_url: HttpUrl,
  model: z.string().min(1).max(200),
  api_key: ApiKey,
  /** Extra body fields sent with each of its calls (e.g. reasoning_effort). */
  params: Params.optional(),
});
export type UserModelInput = z.infer<typeof UserModelInput>;
export type StoredUserModel = Omit<UserModelInput, "api_key"> & { api_key_set?: true };
export type UserModelView = Omit<StoredUserModel, "api_key_set"> & KeyView;

/**
 * Hosted APIs that answer nothing without a key. An endpoint here given no
 * key is refused when a run is written or started, naming the field; a
 * self-hosted one (vLLM, a local server) may need none.
 */
export const KEYED_HOSTS = [
  "api.openai.com",
  "api.anthropic.com",
  "openrouter.ai",
  "api.together.xyz",
  "api.groq.com",
  "api.mistral.ai",
  "api.deepseek.com",
  "api.fireworks.ai",
  "generativelanguage.googleapis.com",
  "api.x.ai",
] as const;

/** Whether an endpoint at `baseUrl` is a hosted API that needs a key. */
export function needsKey(baseUrl: string): boolean {
  const host = URL.parse(baseUrl)?.hostname.toLowerCase() ?? "";
  return KEYED_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The stored form: the input without its key, marking only whether one is sealed. */
export type StoredModelTarget = Omit<z.infer<typeof ModelTargetInput>, "api_key"> & { api_key_set?: true };
export type StoredAgentTarget = z.infer<typeof AgentTargetInput>;
export type StoredOutputsTarget = z.infer<typeof OutputsTargetInput>;
export type StoredTarget = StoredModelTarget | StoredAgentTarget | StoredOutputsTarget;
export type StoredJudge = Omit<JudgeInput, "api_key"> & { api_key_set?: true };


export type ModelTargetView = Omit<StoredModelTarget, "api_key_set"> & KeyView;
export type TargetView = ModelTargetView | StoredAgentTarget | StoredOutputsTarget;
export type JudgeView = Omit<StoredJudge, "api_key_set"> & KeyView;

/** The sealed keys of a run, by slot. */
export type RunSecrets = { target?: string; compare_target?: string; judge?: string; user_model?: string };
export type SecretSlot = keyof RunSecrets;

function withoutKey<T extends { api_key?: unknown }>(input: T): Omit<T, "api_key"> {
  const { api_key: _dropped, ...rest } = input;
  return rest;
}

/** The stored form of a target; `hasKey` says whether a key is sealed for it. */
export function storeTarget(input: TargetInput, hasKey: boolean): StoredTarget {
  if (input.kind !== "model") return input;
  return hasKey ? { ...withoutKey(input), api_key_set: true } : withoutKey(input);
}

export function storeJudge(input: JudgeInput, hasKey: boolean): StoredJudge {
  return hasKey ? { ...withoutKey(input), api_key_set: true } : withoutKey(input);
}

function keyView<T extends { api_key_set?: true }>(stored: T): Omit<T, "api_key_set"> & KeyView {
  const { api_key_set, ...rest } = stored;
  return api_key_set ? { ...rest, api_key: { set: true } } : rest;
}

export function targetView(stored: StoredTarget): TargetView {
  return stored.kind === "model" ? keyView(stored) : stored;
}

export function judgeView(stored: StoredJudge): JudgeView {
  return keyView(stored);
}

export function storeUserModel(input: UserModelInput, hasKey: boolean): StoredUserModel {
  return hasKey ? { ...withoutKey(input), api_key_set: true } : withoutKey(input);
}

export function userModelView(stored: StoredUserModel): UserModelView {
  return keyView(stored);
}

/** Anything that may say where a key goes: a target or judge, input or stored. */
export type Endpointed = { kind?: string; provider?: string; base_url?: string } | null | undefined;

/** Where a key would be sent: provider and URL origin; undefined for a slot that takes no key. */
export function keyEndpoint(t: Endpointed): string | undefined {
  if (!t || t.kind === "agent" || t.kind === "outputs" || !t.provider || !t.base_url) return undefined;
  return `${t.provider} ${URL.parse(t.base_url)?.origin ?? t.base_url}`;
}

/** What an edit does to one slot's key. */
export type KeyOutcome = { key: string | undefined } | { error: FieldError };

/**
 * The key a slot holds after a write. A new key replaces, null clears, an
 * omitted key is kept only while the key would still go to the same provider
 * and origin: otherwise an edit of base_url could send the sealed key to a
 * server of the editor's choosing, so the caller must send it again or null.
 */
export function nextKey(
  field: string,
  given: string | null | undefined,
  before: { endpoint: string | undefined; key: string | undefined },
  afterEndpoint: string | undefined,
): KeyOutcome {
  if (afterEndpoint === undefined) return { key: undefined };
  if (typeof given === "string") return { key: given };
  if (given === null || before.key === undefined) return { key: undefined };
  if (before.endpoint === afterEndpoint) return { key: before.key };
  return {
    error: { field, message: "the provider or URL origin changed: send the key again, or null to clear it" },
  };
}
