/**
 * The scorer registry: one scorer per ScoringSpec type, and scoreAttempt,
 * which dispatches on a stored spec. A test keeps the registry and the spec
 * union in step. No I/O of its own (the LLM judge calls the injected judge).
 */
import type { ScoringSpec } from "./spec";
import type { ScoreDeps, ScoreInput, ScoreInputOf, ScoreResult } from "./types";
import { scoreContains } from "./contains";
import { scoreExactMatch } from "./exact-match";
import { scoreLlmJudge } from "./llm-judge";
import { scoreMultipleChoice } from "./multiple-choice";
import { scoreNumeric } from "./numeric";
import { scoreRegex } from "./regex";

export type ScorerType = ScoringSpec["type"];

export type ScorerEntry<T extends ScorerType> =
  | { kind: "pure"; score: (input: ScoreInputOf<T>) => ScoreResult }
  | { kind: "model"; score: (input: ScoreInputOf<T>, deps: ScoreDeps) => Promise<ScoreResult> };

/** Keyed by the spec's `type`, the name stored with every benchmark. */
export const SCORERS: { [T in ScorerType]: ScorerEntry<T> } = {
  contains: { kind: "pure", score: scoreContains },
  exact_match: { kind: "pure", score: scoreExactMatch },
  regex: { kind: "pure", score: scoreRegex },
  numeric: { kind: "pure", score: scoreNumeric },
  multiple_choice: { kind: "pure", score: scoreMultipleChoice },
  llm_judge: { kind: "model", score: scoreLlmJudge },
};

/** Whether scoring with this spec calls the run's judge model (a run needs a judge then). */
export function needsJudge(spec: ScoringSpec): boolean {
  return SCORERS[spec.type].kind === "model";
}

/** Scores one attempt's output with the scorer its spec names. */
export async function scoreAttempt(input: ScoreInput, deps: ScoreDeps = {}): Promise<ScoreResult> {
  const entry = SCORERS[input.spec.type] as ScorerEntry<ScorerType>;
  return entry.kind === "pure" ? entry.score(input as ScoreInputOf<ScorerType>) : entry.score(input as ScoreInputOf<ScorerType>, deps);
}
