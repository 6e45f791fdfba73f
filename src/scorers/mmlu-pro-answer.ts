/**
 * MMLU-Pro's answer extraction, as TIGER-AI-Lab/MMLU-Pro's
 * evaluate_from_api.py does it (extract_answer → extract_again →
 * extract_final), and its rule for a reply with no letter:
 *
 * 1. the first match of `answer is \(?([A-J])\)?` (case-sensitive, so "The
 *    answer is (C)" and "the answer is C" both count);
 * 2. else the first line (a greedy `.*` within a line) matching
 *    `[aA]nswer:\s*([A-J])`, its last such "Answer: X" (`\s*` may cross
 *    line breaks, as in Python);
 * 3. else the last standalone capital A–J anywhere (`\b[A-J]\b`, so a
 *    sentence-initial article "A" counts, as it does upstream);
 * 4. else no letter: upstream's update_result() credits a seeded random
 *    guess, `random.seed(12345); random.randint(0, len(options) - 1)`
 *    compared with `answer_index`. Re-seeded before each draw, that guess
 *    is a fixed option for each option count; the table below is CPython's
 *    value for 1–10 options, so the verdict is the one upstream's summary
 *    counts, and the reason says it was a guess.
 *
 * Differences: Python's `\b` and `\s` are Unicode-aware and so are the
 * patterns here (the `u` flag); letters come from the row's options only
 * through the pattern ([A-J]), exactly as upstream, so a letter past the
 * row's last option is read and scored wrong. Pure, no I/O.
 */

/** CPython's `random.seed(12345); random.randint(0, n - 1)` for n = 1..10 (index n - 1). */
export const UPSTREAM_GUESS = [0, 1, 1, 3, 3, 3, 3, 6, 6, 6] as const;

const FIRST = /answer is \(?([A-J])\)?/u;
// Python's `.` stops at "\n" only; `[^\n]` says the same in JavaScript.
const AGAIN = /[^\n]*[aA]nswer:\s*([A-J])/u;
const FINAL = /(?<![\p{L}\p{N}_])[A-J](?![\p{L}\p{N}_])/gu;

/** The letter an MMLU-Pro reply gives, and which of upstream's three steps found it; null when none does. */
export function extractMmluProAnswer(output: string): { letter: string; step: "answer is" | "Answer:" | "last letter" } | null {
  const first = FIRST.exec(output);
  if (first) return { letter: first[1]!, step: "answer is" };
  const again = AGAIN.exec(output);
  if (again) return { letter: again[1]!, step: "Answer:" };
  let last: string | null = null;
  for (const m of output.matchAll(FINAL)) last = m[0];
  return last ? { letter: last, step: "last letter" } : null;
}
