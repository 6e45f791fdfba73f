/**
 * The stored scorer spec of a benchmark: a name plus its arguments, so any
 * attempt can be re-scored later from what was saved. No I/O.
 */
import { z } from "zod";

export const ContainsSpec = z.strictObject({
  type: z.literal("contains"),
  /** Compare case-insensitively (default true). */
  ignore_case: z.boolean().default(true),
});

export const ExactMatchSpec = z.strictObject({ type: z.literal("exact_match") });

/** A JavaScript regular expression source; compiles or the benchmark is refused. */
export const RegexPattern = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => {
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  }, "pattern is not a valid regular expression");

export const RegexSpec = z.strictObject({
  type: z.literal("regex"),
  pattern: RegexPattern,
  /** Which capture group holds the answer (default 1, or 0 when the pattern has none). */
  group: z.number().int().min(0).max(20).optional(),
  flags: z.string().regex(/^[imsu]*$/).optional(),
});

export const NumericSpec = z.strictObject({
  type: z.literal("numeric"),
  /** strict: only '#### N'; flexible: the last number in the output (default). */
  mode: z.enum(["strict", "flexible"]).default("flexible"),
});

export const MultipleChoiceSpec = z.strictObject({ type: z.literal("multiple_choice") });

export const LlmJudgeSpec = z.strictObject({
  type: z.literal("llm_judge"),
  criteria: z.string().trim().min(1).max(10_000),
});

export const ScoringSpec = z.discriminatedUnion("type", [
  ContainsSpec,
  ExactMatchSpec,
  RegexSpec,
  NumericSpec,
  MultipleChoiceSpec,
  LlmJudgeSpec,
]);
export type ScoringSpec = z.infer<typeof ScoringSpec>;

/**
 * What a project may choose for a custom benchmark: seed 003's four kinds,
 * plus the numeric and multiple-choice scorers the built-ins use.
 */
export const CUSTOM_SCORING_TYPES = ["contains", "exact_match", "regex", "numeric", "multiple_choice", "llm_judge"] as const;
