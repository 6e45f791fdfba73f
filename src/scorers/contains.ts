/** Scorer `contains`: the expected answer appears anywhere in the output. Pure, no I/O. */
import type { ScoreInputOf, ScoreResult } from "./types";
import { collapse, quote } from "./text";

/** Whitespace runs count as one space on both sides; case is ignored unless spec.ignore_case is false. */
export function scoreContains({ output, expected, spec }: ScoreInputOf<"contains">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const ignoreCase = spec.ignore_case ?? true;
  const fold = (s: string) => (ignoreCase ? collapse(s).toLowerCase() : collapse(s));
  const needle = fold(expected);
  if (!needle) return { reward: null, reason: "the expected answer is empty" };
  if (!output.trim()) return { reward: 0, reason: "the output is empty" };
  return fold(output).includes(needle)
    ? { reward: 1, reason: `the output contains ${quote(expected)}` }
    : { reward: 0, reason: `the output does not contain ${quote(expected)}${ignoreCase ? "" : " (case-sensitive)"}` };
}
