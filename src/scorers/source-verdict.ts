/**
 * Scorer `source_verdict`: the verdict another harness recorded for this
 * row (an import's `verdict:<score>` column: promptfoo's pass, an Inspect
 * score, an lm-eval metric), used where Assay has no scorer with the
 * source's semantics. Nothing is recomputed: the reward is the source's
 * number (C 1, P 0.5, I and N 0 already converted; booleans 1/0), also
 * kept as the structured dimension `source:<label>`. A column holding a
 * list has one verdict per attempt (an imported Harbor task's trials), read
 * at the attempt's index. A row without one is unscored, never 0. Pure, no
 * I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";

export function scoreSourceVerdict({ row, spec, attempt_index }: ScoreInputOf<"source_verdict">): ScoreResult {
  const cell = row?.[spec.column];
  const v = Array.isArray(cell) ? cell[attempt_index ?? 0] : cell;
  const value = typeof v === "boolean" ? (v ? 1 : 0) : typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null;
  if (value === null) return { reward: null, reason: `the source recorded no verdict in ${spec.column}` };
  const reward = Math.min(1, Math.max(0, value));
  return {
    reward,
    reason: `${spec.label}: the source's own verdict ${value} (recorded, not recomputed)`,
    structured: { dimensions: { [`source:${spec.label}`]: value } },
  };
}
