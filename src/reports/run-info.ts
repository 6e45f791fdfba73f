/**
 * How results name a run's targets: a label for people and an identity for
 * matching the same target across runs (previous-run comparison, history).
 * Stored targets hold no key. Pure.
 */
import type { StoredTarget } from "../domain/run-target";

/** A target's label: its display name, else the model (or the agent's profile). */
export function targetLabel(t: StoredTarget | null | undefined): string {
  if (!t) return "(none)";
  if (t.name) return t.name;
  if (t.kind === "outputs") return `outputs ${t.dataset}`;
  return t.kind === "agent" ? `agent ${t.profile}` : t.model;
}

/** The model a target calls (null for an agent). */
export function targetModel(t: StoredTarget | null | undefined): string | null {
  return t && t.kind === "model" ? t.model : null;
}

/**
 * Two targets are "the same" for comparisons when they call the same model
 * at the same base URL (an agent: the same runner and profile).
 */
export function targetIdentity(t: StoredTarget | null | undefined): string | null {
  if (!t) return null;
  if (t.kind === "outputs") return `outputs|${t.dataset}|${t.output_column}`;
  return t.kind === "agent" ? `agent|${t.runner_url}|${t.profile}` : `model|${t.base_url}|${t.model}`;
}

