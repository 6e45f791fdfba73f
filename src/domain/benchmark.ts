/**
 * Custom benchmarks: the scoring a project may choose, the checks of a
 * definition against its dataset revision's real columns, splits and
 * subsets, and how a row becomes a prompt. Pure, no I/O.
 */
import { z } from "zod";
import type { FieldError } from "./errors";
import { compilePattern } from "../scorers/pattern";
import { ContainsSpec, CustomCodeExecutionSpec, ExactMatchSpec, LlmJudgeSpec, MultipleChoiceSpec, NumericSpec, RegexSpec } from "../scorers/spec";
import { cellText, parseTemplate, renderTemplate } from "./template";

export const MAX_FEW_SHOT = 20;
export const MAX_TEMPLATE_CHARS = 20_000;

/**
 * The scoring of a custom benchmark: the members of ScoringSpec named in
 * CUSTOM_SCORING_TYPES (a test keeps the two lists in step).
 */
export const CustomScoringSpec = z.discriminatedUnion("type", [
  ContainsSpec,
  ExactMatchSpec,
  RegexSpec,
  NumericSpec,
  MultipleChoiceSpec,
  LlmJudgeSpec,
  CustomCodeExecutionSpec,
]);
export type CustomScoringSpec = z.infer<typeof CustomScoringSpec>;

/** Options stored with a benchmark and applied by every run of it. */
export interface BenchmarkOptions {
  /** Solved examples put before each prompt (0 = none). */
  few_shot: number;
  /** Dataset subsets to draw from; empty means all. */
  subsets: string[];
  /** The column whose value is a row's subset, when not the revision's own (subset, subject or category). */
  subset_column?: string;
  /** The column whose value is the image sent with each prompt (src/domain/images.ts). */
  image_column?: string;
  /** The column holding each task's release date, which a run's per-benchmark `release_window` filters by (built-ins that date their tasks). */
  date_column?: string;
}

/** A custom benchmark definition as the API receives it, shape already validated. */
export interface CustomBenchmarkInput {
  dataset: string;
  split?: string;
  prompt_column?: string;
  prompt_template?: string;
  answer_column: string;
  scoring: CustomScoringSpec;
  subsets?: string[];
  subset_column?: string;
  image_column?: string;
}

/** What the checks need to know of a dataset revision. */
export interface RevisionShape {
  columns: { name: string; type: string }[];
  splits: string[];
  subsets: string[];
}

const list = (names: string[]) => (names.length ? names.map((n) => `'${n}'`).join(", ") : "(none)");

/**
 * Every problem with a definition, each naming its field; empty when it is
 * sound. `revision` is undefined when the dataset ref resolved to nothing.
 */
export function checkCustomBenchmark(input: CustomBenchmarkInput, revision: RevisionShape | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const hasColumn = input.prompt_column !== undefined;
  const hasTemplate = input.prompt_template !== undefined;
  if (hasColumn === hasTemplate) {
    const message = hasColumn
      ? "give prompt_column or prompt_template, not both"
      : "give prompt_column (the column holding the prompt) or prompt_template (text with {column} placeholders)";
    errors.push({ field: "prompt_column", message }, { field: "prompt_template", message });
  }
  const parsed = hasTemplate ? parseTemplate(input.prompt_template!) : undefined;
  if (parsed && !parsed.ok) errors.push({ field: "prompt_template", message: parsed.error });
  if (parsed?.ok && parsed.columns.length === 0) {
    errors.push({ field: "prompt_template", message: "the template uses no {column}, so every prompt would be the same" });
  }
  if (input.scoring.type === "regex") {
    const compiled = compilePattern(input.scoring.pattern, input.scoring.flags);
    if (!compiled.ok) errors.push({ field: "scoring.pattern", message: `pattern does not compile with flags '${input.scoring.flags ?? ""}': ${compiled.error}` });
  }

  if (!revision) {
    errors.push({ field: "dataset", message: `no dataset revision '${input.dataset}' in this project (expected name@version)` });
    return errors;
  }
  const names = revision.columns.map((c) => c.name);
  const known = (field: string, column: string) => {
    if (!names.includes(column)) errors.push({ field, message: `no column '${column}' in ${input.dataset}; its columns: ${list(names)}` });
  };
  if (hasColumn) known("prompt_column", input.prompt_column!);
  if (parsed?.ok) for (const column of parsed.columns) known("prompt_template", column);
  known("answer_column", input.answer_column);
  if (input.scoring.type === "code_execution") checkCodeColumns(input.scoring, known, errors);
  if (input.split !== undefined && !revision.splits.includes(input.split)) {
    errors.push({ field: "split", message: `no split '${input.split}' in ${input.dataset}; its splits: ${list(revision.splits)}` });
  }
  if (input.image_column !== undefined) known("image_column", input.image_column);
  if (input.subset_column !== undefined) known("subset_column", input.subset_column);
  // With a subset column of its own, the subsets are checked against that column's values (read from the rows).
  else (input.subsets ?? []).forEach((subset, i) => {
    if (!revision.subsets.includes(subset)) {
      errors.push({ field: `subsets.${i}`, message: `no subset '${subset}' in ${input.dataset}; its subsets: ${list(revision.subsets)}` });
    }
  });
  return errors;
}

/**
 * A code benchmark's columns: the tests always; the entry point when the humaneval harness calls
 * check(<entry point>); the prompt and setup columns when given.
 */
function checkCodeColumns(
  spec: Extract<CustomScoringSpec, { type: "code_execution" }>,
  known: (field: string, column: string) => void,
  errors: FieldError[],
): void {
  known("scoring.test_column", spec.test_column);
  if (spec.prompt_column !== undefined) known("scoring.prompt_column", spec.prompt_column);
  if (spec.setup_column !== undefined) known("scoring.setup_column", spec.setup_column);
  if (spec.entry_point_column !== undefined) known("scoring.entry_point_column", spec.entry_point_column);
  else if (spec.harness === "humaneval") {
    errors.push({ field: "scoring.entry_point_column", message: "the humaneval harness calls check(<entry point>): name the column holding the function's name" });
  }
}

/** Where a benchmark's prompt comes from: one column, or a template over several. */
export interface PromptSource {
  promptColumn: string | null;
  promptTemplate: string | null;
}

/** The prompt for one dataset row (the template was checked when the benchmark was saved). */
export function renderPrompt(source: PromptSource, row: Record<string, unknown>): string {
  if (source.promptTemplate !== null) {
    const parsed = parseTemplate(source.promptTemplate);
    if (!parsed.ok) throw new Error(`stored prompt template is invalid: ${parsed.error}`);
    return renderTemplate(parsed.parts, row);
  }
  return cellText(source.promptColumn === null ? undefined : row[source.promptColumn]);
}
