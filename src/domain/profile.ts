/**
 * Profiles: versioned, immutable parameter sets for a target, named
 * `name@version`. Name rules, ref parsing and the canonical form whose MAC
 * decides "same content". Pure, no I/O.
 */
import { canonicalJson } from "../datasets/canonical-json";

/** Lowercase, may hold '/' for a team prefix: `team/eval`. */
export const PROFILE_NAME = /^[a-z0-9][a-z0-9._/-]{0,99}$/;
export const PROFILE_VERSION = /^[A-Za-z0-9._-]{1,50}$/;
/** Names of parameters and secret parameters: identifier-like. */
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;

/** Parses `name@version`; undefined unless both parts are valid. */
export function parseProfileRef(ref: string): { name: string; version: string } | undefined {
  const at = ref.indexOf("@");
  if (at === -1) return undefined;
  const name = ref.slice(0, at);
  const version = ref.slice(at + 1);
  return PROFILE_NAME.test(name) && PROFILE_VERSION.test(version) ? { name, version } : undefined;
}

/** The text a profile's content digest is computed over. */
export function profileContent(params: Record<string, unknown>, secretParams: Record<string, string>): string {
  return canonicalJson({ params, secret_params: secretParams });
}
