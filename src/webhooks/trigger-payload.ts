/**
 * What a signed call to a trigger may say, and how it fills the trigger's
 * run template. The payload names the model to evaluate: `model` and
 * `base_url` replace the target's own unless the template places them
 * with `{model}` / `{base_url}`; `{checkpoint}` and `{revision}` (and the
 * other two) may appear in the target's model, base_url, name, runner_url
 * or profile, in its top-level string params and in the display name. A
 * placeholder the call does not fill is an error naming that field. A
 * sealed API key is never sent to an origin other than the template's. No I/O.
 */
import { z } from "zod";
import type { FieldError } from "../domain/errors";
import type { RunConfig } from "../domain/run-config";
import { keyEndpoint, TargetInput, type StoredTarget } from "../domain/run-target";

export const TriggerPayload = z.strictObject({
  /** The model name to evaluate (replaces the template's, or fills {model}). */
  model: z.string().trim().min(1).max(200).optional(),
  /** The endpoint to call (replaces the template's, or fills {base_url}). */
  base_url: z.string().trim().min(1).max(2000).optional(),
  /** A checkpoint name or path; fills {checkpoint}. */
  checkpoint: z.string().trim().min(1).max(500).optional(),
  /** A model or code revision (a commit, a tag); fills {revision}. */
  revision: z.string().trim().min(1).max(200).optional(),
  /** The run's display name (else the template's, else "<trigger>: <model>@<revision>"). */
  display_name: z.string().trim().min(1).max(200).optional(),
});
export type TriggerPayload = z.infer<typeof TriggerPayload>;

const FIELDS = ["model", "base_url", "checkpoint", "revision"] as const;
type Field = (typeof FIELDS)[number];
const PLACEHOLDER = /\{(model|base_url|checkpoint|revision)\}/g;

/** The payload fields a string of the template uses. */
function uses(text: string): Field[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as Field);
}

function fill(text: string, payload: TriggerPayload, missing: Set<Field>): string {
  return text.replace(PLACEHOLDER, (_, name: Field) => {
    const value = payload[name];
    if (value === undefined) {
      missing.add(name);
      return "";
    }
    return value;
  });
}

/** The fields of a target that may hold placeholders. */
const TARGET_TEXT = ["model", "base_url", "name", "runner_url", "profile"] as const;

/**
 * The run a call creates: the template with the payload filled in, or the
 * fields the call gets wrong (named as payload fields where the payload
 * gave the value).
 */
export function fillTemplate(
  template: RunConfig,
  payload: TriggerPayload,
  triggerName: string,
): { config: RunConfig; errors: [] } | { config: null; errors: FieldError[] } {
  const missing = new Set<Field>();
  const errors: FieldError[] = [];
  const before = template.target;
  const target: Record<string, unknown> = { ...before };
  const placed = new Set<Field>();

  for (const key of TARGET_TEXT) {
    const v = target[key];
    if (typeof v !== "string") continue;
    for (const f of uses(v)) placed.add(f);
    target[key] = fill(v, payload, missing);
  }
  if (before.kind !== "outputs" && before.params) {
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(before.params)) {
      if (typeof v === "string") for (const f of uses(v)) placed.add(f);
      params[k] = typeof v === "string" ? fill(v, payload, missing) : v;
    }
    target.params = params;
  }
  for (const f of ["model", "base_url"] as const) {
    if (payload[f] === undefined || placed.has(f)) continue;
    if (before.kind === "model") target[f] = payload[f];
    else errors.push({ field: f, message: `this trigger's target is an agent: place {${f}} in its run template to use it` });
  }

  const templateName = template.display_name ? fill(template.display_name, payload, missing) : null;
  for (const f of missing) errors.push({ field: f, message: `this trigger's run template uses {${f}}; the call must send it` });
  if (errors.length) return { config: null, errors };

  const { api_key_set: hasKey, ...plain } = target as StoredTarget & { api_key_set?: true };
  const parsed = TargetInput.safeParse(plain);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const head = String(issue.path[0] ?? "");
      const field = (FIELDS as readonly string[]).includes(head) && payload[head as Field] !== undefined ? head : `run_template.target.${issue.path.join(".")}`;
      errors.push({ field, message: issue.message });
    }
    return { config: null, errors };
  }
  if (hasKey && keyEndpoint(parsed.data) !== keyEndpoint(before)) {
    return {
      config: null,
      errors: [{ field: "base_url", message: "the template's API key is sealed for another origin; a trigger never sends it elsewhere" }],
    };
  }

  const label = (plain as { model?: string; profile?: string }).model ?? (plain as { profile?: string }).profile ?? triggerName;
  const version = payload.revision ? `@${payload.revision}` : payload.checkpoint ? ` (${payload.checkpoint})` : "";
  const displayName = (payload.display_name ?? templateName ?? `${triggerName}: ${label}${version}`).slice(0, 200);
  const stored = (hasKey ? { ...parsed.data, api_key_set: true } : parsed.data) as StoredTarget & { api_key?: unknown };
  delete stored.api_key;
  return { config: { ...template, display_name: displayName, target: stored }, errors: [] };
}
