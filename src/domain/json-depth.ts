/**
 * The nesting bound on JSON that enters Assay (request bodies, dataset rows,
 * runner callbacks): deeper values are refused with a 422 naming the field,
 * because every recursive walk further in (zod, templates, canonical JSON,
 * the dashboard) would otherwise be driven by the input. Iterative, so the
 * check itself cannot overflow the stack. Pure, no I/O.
 */

/** Most levels of arrays and objects one JSON value may nest (the value itself is level 1 when it is a container). */
export const MAX_JSON_DEPTH = 64;

/** Path segments named in a refusal before the rest is elided. */
const NAMED_SEGMENTS = 8;

/**
 * The path to the first container nested deeper than `limit` levels, or
 * undefined when the value stays within it. Walks with its own stack.
 */
export function tooDeepPath(value: unknown, limit: number = MAX_JSON_DEPTH): (string | number)[] | undefined {
  // Each entry keeps its parent instead of a copied path, so a wide value costs no more than its size.
  type At = { value: unknown; depth: number; key: string | number; parent: At | undefined };
  const stack: At[] = [{ value, depth: 0, key: "", parent: undefined }];
  while (stack.length) {
    const at = stack.pop()!;
    if (at.value === null || typeof at.value !== "object") continue;
    const depth = at.depth + 1;
    if (depth > limit) {
      const path: (string | number)[] = [];
      for (let p: At | undefined = at; p?.parent; p = p.parent) path.unshift(p.key);
      return path;
    }
    if (Array.isArray(at.value)) {
      for (let i = at.value.length - 1; i >= 0; i--) stack.push({ value: at.value[i], depth, key: i, parent: at });
    } else {
      const entries = Object.entries(at.value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], depth, key: entries[i]![0], parent: at });
    }
  }
  return undefined;
}

/** A too-deep path as a dotted field name, its first segments kept and the rest elided: `params.a.0.0.0.0.0.0.…`. */
export function depthField(path: (string | number)[], prefix?: string): string {
  const shown = path.slice(0, NAMED_SEGMENTS).map(String);
  if (path.length > NAMED_SEGMENTS) shown.push("…");
  return [prefix, ...shown].filter((s) => s !== undefined && s !== "").join(".") || "(body)";
}

/** The refusal message for a value nested past the limit. */
export const TOO_DEEP_MESSAGE = `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;
