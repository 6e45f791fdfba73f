/**
 * The scorer registry: one scorer per ScoringSpec type, and scoreAttempt,
 * which dispatches on a stored spec. A test keeps the registry and the spec
 * union in step. No I/O of its own (the LLM judge calls the injected judge).
 */
import type { ScoringSpec } from "./spec";
import type { ScoreDeps, ScoreInput, ScoreInputOf, ScoreResult, SpecOf } from "./types";
import { scoreCodeExecution } from "./code-execution";
import { scoreContains } from "./contains";
import { scoreExactMatch } from "./exact-match";
import { scoreFunctionCall } from "./function-call/score";
import { scoreGridMatch } from "./grid-match";
import { scoreInstructionChecks } from "./instruction-checks";
import { scoreLlmJudge } from "./llm-judge";
import { scoreAnls } from "./anls";
import { scoreMathVision } from "./math-vision";
import { scoreLivecodebench } from "./livecodebench";
import { scoreBirdSql } from "./bird-sql";
import { scoreMathvista } from "./mathvista";
import { scoreMmmu } from "./mmmu";
import { scoreOcrbench } from "./ocrbench";
import { scoreRelaxedAccuracy } from "./relaxed-accuracy";
import { scoreVlmChoice } from "./vlm-choice";
import { scoreYesNo } from "./yes-no";
import { scoreLoglikelihood } from "./loglikelihood";
import { scoreMultipleChoice } from "./multiple-choice";
import { scoreMtBenchJudge } from "./mt-bench-judge";
import { scoreNumeric } from "./numeric";
import { scoreRedTeamJudge } from "./red-team-judge";
import { scoreRegex } from "./regex";
import { scoreSourceVerdict } from "./source-verdict";
import { scoreSupergpqa } from "./supergpqa";
import { scoreSwebench } from "./swebench";
import { scoreTau2 } from "./tau2";
import { scoreXstestJudge, scoreXstestStringMatch } from "./xstest";

export type ScorerType = ScoringSpec["type"];

export type ScorerEntry<T extends ScorerType> =
  | { kind: "pure"; score: (input: ScoreInputOf<T>) => ScoreResult }
  | {
      kind: "model";
      score: (input: ScoreInputOf<T>, deps: ScoreDeps) => Promise<ScoreResult>;
      /** Whether this spec calls the judge (default: always); τ² imports score NL assertions from recorded verdicts instead. */
      callsJudge?: (spec: SpecOf<T>) => boolean;
    }
  /** A rule that asks the run's judge where the rule cannot read the reply, when the run has one; it scores without a judge too. */
  | { kind: "assisted"; score: (input: ScoreInputOf<T>, deps: ScoreDeps) => Promise<ScoreResult> }
  | { kind: "sandbox"; score: (input: ScoreInputOf<T>, deps: ScoreDeps) => Promise<ScoreResult> };

/** Keyed by the spec's `type`, the name stored with every benchmark. */
export const SCORERS: { [T in ScorerType]: ScorerEntry<T> } = {
  contains: { kind: "pure", score: scoreContains },
  exact_match: { kind: "pure", score: scoreExactMatch },
  regex: { kind: "pure", score: scoreRegex },
  numeric: { kind: "pure", score: scoreNumeric },
  multiple_choice: { kind: "pure", score: scoreMultipleChoice },
  loglikelihood: { kind: "pure", score: scoreLoglikelihood },
  grid_match: { kind: "pure", score: scoreGridMatch },
  math_vision: { kind: "pure", score: scoreMathVision },
  supergpqa: { kind: "pure", score: scoreSupergpqa },
  mmmu: { kind: "pure", score: scoreMmmu },
  relaxed_accuracy: { kind: "pure", score: scoreRelaxedAccuracy },
  anls: { kind: "pure", score: scoreAnls },
  ocrbench: { kind: "pure", score: scoreOcrbench },
  yes_no: { kind: "assisted", score: scoreYesNo },
  mathvista: { kind: "assisted", score: scoreMathvista },
  vlm_choice: { kind: "assisted", score: scoreVlmChoice },
  llm_judge: { kind: "model", score: scoreLlmJudge },
  mt_bench_judge: { kind: "model", score: scoreMtBenchJudge },
  instruction_checks: { kind: "pure", score: scoreInstructionChecks },
  code_execution: { kind: "sandbox", score: scoreCodeExecution },
  livecodebench: { kind: "sandbox", score: scoreLivecodebench },
  bird_sql: { kind: "sandbox", score: scoreBirdSql },
  function_call: { kind: "pure", score: scoreFunctionCall },
  source_verdict: { kind: "pure", score: scoreSourceVerdict },
  swebench: { kind: "pure", score: scoreSwebench },
  tau2: { kind: "model", score: scoreTau2, callsJudge: (spec) => spec.rule === "tau2" && spec.nl === "judge" },
  xstest_string_match: { kind: "pure", score: scoreXstestStringMatch },
  xstest_judge: { kind: "model", score: scoreXstestJudge },
  red_team_judge: { kind: "model", score: scoreRedTeamJudge },
};

/** Scorers whose structured results carry dimensions or groups that /scores pools per benchmark (src/db/run-dimensions.ts). */
export const DIMENSION_SCORERS: ReadonlySet<string> = new Set<ScorerType>([
  "llm_judge", "mt_bench_judge", "instruction_checks", "loglikelihood", "source_verdict", "swebench", "tau2", "xstest_string_match", "xstest_judge", "red_team_judge", "yes_no",
  // The evalplus harness reports pass@1 on base and on base+plus (HumanEval+, MBPP+); SuperGPQA its miss rate and accuracy per difficulty.
  "code_execution", "supergpqa",
]);

/** Whether scoring with this spec calls the run's judge model (a run needs a judge then). */
export function needsJudge(spec: ScoringSpec): boolean {
  const entry = SCORERS[spec.type] as ScorerEntry<ScorerType>;
  return entry.kind === "model" && (entry.callsJudge?.(spec as SpecOf<ScorerType>) ?? true);
}

/** Whether scoring with this spec executes code in the sandbox (a deployment needs ASSAY_SANDBOX_URL then). */
export function needsSandbox(spec: ScoringSpec): boolean {
  return SCORERS[spec.type].kind === "sandbox";
}

/** Scores one attempt's output with the scorer its spec names. */
export async function scoreAttempt(input: ScoreInput, deps: ScoreDeps = {}): Promise<ScoreResult> {
  const entry = SCORERS[input.spec.type] as ScorerEntry<ScorerType>;
  return entry.kind === "pure" ? entry.score(input as ScoreInputOf<ScorerType>) : entry.score(input as ScoreInputOf<ScorerType>, deps);
}
