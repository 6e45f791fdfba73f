/**
 * Scorer `exact_match`: the whole output equals the expected answer after
 * formatting cleanup (see cleanAnswer). Trailing punctuation still differs:
 * "Paris." is not "Paris". Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";
import { cleanAnswer, quote } from "./text";

export function scoreExactMatch({ output, expected }: ScoreInputOf<"exact_match">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  if (!output.trim()) return { reward: 0, reason: "the output is empty" };
  return cleanAnswer(output) === cleanAnswer(expected)
    ? { reward: 1, reason: `the output equals ${quote(expected)}` }
    : { reward: 0, reason: `the output ${quote(output)} does not equal ${quote(expected)}` };
}
