/**
 * Re-scoring a finished run: the request body, and the checks of it against
 * the source run (which benchmarks, whether the spec can run). A re-score
 * is a new run whose attempts reuse the source's stored outputs with a new
 * scoring spec; only a judge is called. No I/O.
 */
import { z } from "zod";
import { CustomScoringSpec } from "./benchmark";
import type { FieldError } from "./errors";
import { BenchmarkIds } from "./run-config";
import { JudgeInput } from "./run-target";
import { compilePattern } from "../scorers/pattern";
import { needsJudge } from "../scorers/registry";
import type { ScoringSpec } from "../scorers/spec";

/** Source statuses a re-score may start from: the run ended, so its outputs are what they will be. */
export const RESCORABLE = ["completed", "failed", "cancelled"] as const;

export const RescoreBody = z.strictObject({
  /** Benchmarks of the source run to re-score, ids or names (default: all of them). */
  benchmarks: BenchmarkIds.optional(),
  /** The scoring spec applied to each re-scored benchmark instead of its own. */
  scoring: CustomScoringSpec,
  /** The model that grades, when `scoring` is an llm_judge (the only call a re-score makes). */
  judge: JudgeInput.nullable().optional(),
  display_name: z.string().trim().min(1).max(200).optional(),
});
export type RescoreBody = z.infer<typeof RescoreBody>;

/** What the checks read of the source run. */
export interface RescoreSource {
  id: string;
  benchmarkIds: readonly string[];
  target: { kind?: unknown };
  compareTarget: { kind?: unknown } | null;
}

/** The problems of a re-score request, each naming its field; `benchmarks` are ids (names resolved). */
export function rescoreErrors(body: RescoreBody, source: RescoreSource): FieldError[] {
  const errors: FieldError[] = [];
  if (source.target.kind === "agent" || source.compareTarget?.kind === "agent") {
    errors.push({ field: "id", message: "an agent run's attempts are verified by its runner: it cannot be re-scored here" });
  }
  (body.benchmarks ?? []).forEach((id, i) => {
    if (!source.benchmarkIds.includes(id)) errors.push({ field: `benchmarks.${i}`, message: `not a benchmark of run ${source.id}` });
  });
  if (body.scoring.type === "regex") {
    const compiled = compilePattern(body.scoring.pattern, body.scoring.flags);
    if (!compiled.ok) errors.push({ field: "scoring.pattern", message: `pattern does not compile with flags '${body.scoring.flags ?? ""}': ${compiled.error}` });
  }
  if (needsJudge(body.scoring as ScoringSpec) && !body.judge) {
    errors.push({ field: "judge", message: "llm_judge scoring needs a judge model: give `judge` (its call is the only one a re-score makes)" });
  }
  return errors;
}
