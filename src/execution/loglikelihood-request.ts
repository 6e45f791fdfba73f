/**
 * Log-likelihood mode of multiple-choice benchmarks (`options.mc_mode`): which
 * mode a run's benchmark uses, the scoring spec it is planned with, and the
 * context and continuations one attempt sends, built as lm-evaluation-harness
 * builds them: few-shot examples (context + " " + gold continuation) joined by
 * a blank line before the document's context; each continuation is " " + the
 * choice (lm-eval's default target delimiter). Pure, no I/O.
 */
import { z } from "zod";
import type { FieldError } from "../domain/errors";
import type { RunOptions } from "../domain/run-options";
import type { ScoringSpec } from "../scorers/spec";
import { LoglikelihoodSpec } from "../scorers/spec";
import { expectedLetter } from "../scorers/multiple-choice";

export const MC_MODES = ["generate", "loglikelihood"] as const;
export const McMode = z.enum(MC_MODES);
export type McMode = z.infer<typeof McMode>;

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** lm-eval's fewshot_delimiter and target_delimiter. */
const FEWSHOT_DELIMITER = "\n\n";
const TARGET_DELIMITER = " ";

type LoglikelihoodScoring = z.infer<typeof LoglikelihoodSpec>;

type ModeOptions = Pick<RunOptions, "per_benchmark" | "mc_mode">;

/** The run's mode for one benchmark: its per_benchmark value, else the run's, else generate. */
export function mcModeFor(options: ModeOptions, benchmarkId: string): McMode {
  return options.per_benchmark[benchmarkId]?.mc_mode ?? options.mc_mode ?? "generate";
}

/** Whether any benchmark of the run could be asked by log-likelihood (then its benchmarks and targets are checked). */
export function usesLoglikelihood(options: ModeOptions): boolean {
  return options.mc_mode === "loglikelihood" || Object.values(options.per_benchmark).some((p) => p.mc_mode === "loglikelihood");
}

/**
 * What a run asking for log-likelihood gets wrong: a benchmark that is not
 * multiple choice (or runs on an agent runner), a target that has no
 * completions endpoint (an Anthropic model, an agent). An OpenAI-compatible
 * endpoint without /v1/completions can only be told by calling it: its
 * attempts fail with that reason.
 */
export function mcModeErrors(
  options: ModeOptions,
  benchmarks: readonly { id: string; kind: string; scoring: unknown }[],
  targets: readonly (["target" | "compare_target", { kind: string; provider?: string } | null])[],
): FieldError[] {
  const errors: FieldError[] = [];
  let any = false;
  for (const b of benchmarks) {
    if (mcModeFor(options, b.id) !== "loglikelihood") continue;
    any = true;
    const field = options.per_benchmark[b.id]?.mc_mode ? `options.per_benchmark.${b.id}.mc_mode` : "options.mc_mode";
    const type = (b.scoring as { type?: unknown } | null)?.type;
    if (type !== "multiple_choice" || b.kind !== "inline") {
      errors.push({ field, message: `${b.id} is not a multiple-choice benchmark (its scorer is ${String(type)}): only multiple-choice benchmarks can be scored by log-likelihood; give it mc_mode "generate" under per_benchmark, or drop the run-wide mc_mode` });
    }
  }
  if (!any) return errors;
  for (const [slot, t] of targets) {
    if (!t) continue;
    if (t.kind === "agent") errors.push({ field: slot, message: "log-likelihood mode calls a model's /v1/completions endpoint; an agent target has none" });
    else if (t.kind === "model" && t.provider !== "openai") {
      errors.push({ field: `${slot}.provider`, message: `log-likelihood mode needs an OpenAI-compatible /v1/completions endpoint with echo and logprobs (vLLM serves one); the ${t.provider} API has none` });
    }
  }
  return errors;
}

/** The spec a benchmark is scored with in log-likelihood mode; null when its scoring is not multiple choice. */
export function loglikelihoodScoring(spec: ScoringSpec | { type: string }): LoglikelihoodScoring | null {
  if (spec.type !== "multiple_choice") return null;
  const ll = (spec as Extract<ScoringSpec, { type: "multiple_choice" }>).loglikelihood ?? {};
  return LoglikelihoodSpec.parse({ type: "loglikelihood", ...ll });
}

/** What one attempt sends: one prompt per choice, context + continuations[i]. */
export interface LoglikelihoodRequest {
  context: string;
  continuations: string[];
  /** acc_norm's divisors: the characters of each choice without the delimiter. */
  choiceTexts: string[];
}

/** Where a row's question and choices are. */
export interface LoglikelihoodColumns {
  /** The question column (default `question`). */
  prompt_column: string | null;
  /** The expected-answer column (default `answer_letter`): a letter or an option's text. */
  answer_column: string | null;
}

function optionsOf(row: Record<string, unknown>): string[] | null {
  const c = row.options ?? row.choices;
  return Array.isArray(c) && c.length >= 2 && c.every((x) => typeof x === "string") ? (c as string[]) : null;
}

/** One document's context and choices in the spec's style; null when the row has no question or options. */
function documentOf(style: LoglikelihoodScoring["continuation"], row: Record<string, unknown>, cols: LoglikelihoodColumns): { context: string; choices: string[] } | null {
  const question = row[cols.prompt_column ?? "question"];
  const options = optionsOf(row);
  if (typeof question !== "string" || !options) return null;
  if (style === "option_text") return { context: question, choices: options };
  const lettered = options.map((o, i) => `${LETTERS[i]}. ${o}`).join("\n");
  return { context: `${question.trim()}\n${lettered}\nAnswer:`, choices: options.map((_, i) => LETTERS[i]!) };
}

/** The gold index of a row, or null. */
function goldOf(row: Record<string, unknown>, cols: LoglikelihoodColumns): number | null {
  const expected = row[cols.answer_column ?? "answer_letter"];
  if (typeof expected !== "string") return null;
  const letter = expectedLetter(expected, optionsOf(row));
  return letter === null ? null : LETTERS.indexOf(letter);
}

/** The request of one attempt; throws with a reason a user can act on when the row cannot be asked this way. */
export function loglikelihoodRequest(
  spec: LoglikelihoodScoring,
  row: Record<string, unknown>,
  examples: Record<string, unknown>[],
  cols: LoglikelihoodColumns,
): LoglikelihoodRequest {
  const doc = documentOf(spec.continuation, row, cols);
  if (!doc) throw new Error(`log-likelihood mode needs the row's question (column '${cols.prompt_column ?? "question"}') and a list of options`);
  const shots = examples.flatMap((e) => {
    const ex = documentOf(spec.continuation, e, cols);
    const gold = goldOf(e, cols);
    return ex && gold !== null && gold < ex.choices.length ? [ex.context + TARGET_DELIMITER + ex.choices[gold]!] : [];
  });
  const context = shots.length ? shots.join(FEWSHOT_DELIMITER) + FEWSHOT_DELIMITER + doc.context : doc.context;
  return { context, continuations: doc.choices.map((c) => TARGET_DELIMITER + c), choiceTexts: doc.choices };
}
