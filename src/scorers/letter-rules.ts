/**
 * Two published rules for reading a multiple-choice letter, each as its
 * harness writes it (the multiple_choice scorer's `extraction`):
 *
 * - simple_evals (openai/simple-evals, GPQA and MMLU): the first match of
 *   ANSWER_PATTERN_MULTICHOICE, `(?i)Answer[ \t]*:[ \t]*\$?([A-D])\$?`
 *   (re.search), compared as captured, so a lowercase letter does not count.
 * - first_letter (lm-evaluation-harness, mmlu_redux generative): the regex
 *   filter `\b([ABCD])\b` and take_first, so the first standalone capital
 *   A–D anywhere in the reply is the answer.
 *
 * Pure, no I/O.
 */

/** simple-evals' ANSWER_PATTERN_MULTICHOICE; its (?i) lets a lowercase letter match, which then never equals the key. */
const SIMPLE_EVALS = /Answer[ \t]*:[ \t]*\$?([A-Da-d])\$?/i;

/** lm-evaluation-harness's mmlu_redux generative filter. */
const FIRST_LETTER = /\b([ABCD])\b/;

export type LetterRule = "simple_evals" | "first_letter";

/** The letter a reply states under `rule`, as the harness extracts it (possibly lowercase for simple_evals), or null. */
export function letterBy(rule: LetterRule, output: string): string | null {
  const m = (rule === "simple_evals" ? SIMPLE_EVALS : FIRST_LETTER).exec(output);
  return m ? m[1]! : null;
}

/** The rule's name in a reason. */
export const RULE_NAMES: Record<LetterRule, string> = {
  simple_evals: "simple-evals' 'Answer: X' pattern",
  first_letter: "lm-evaluation-harness's first standalone A-D",
};
