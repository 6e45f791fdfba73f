/**
 * Scorer `multiple_choice`: the answer letter (A–J) read from the output,
 * against the expected letter. A wrong or unreadable answer is a failure
 * (reward 0), never a missing score. Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";
import { cleanAnswer, quote } from "./text";

const LETTERS = "ABCDEFGHIJ";

/** Ways a model states its choice, most explicit first; the last hit of the first pattern that hits wins. */
const PATTERNS: RegExp[] = [
  // "The answer is (B)", "Answer: B", "correct option is **C**", "final answer: D."
  /(?:[Aa]nswer|[Oo]ption|[Cc]hoice)\s*(?:is|:|=|would be|will be)?\s*(?:[Oo]ption|[Cc]hoice|[Ll]etter)?\s*:?\s*[*_]*\(?([A-J])\)?[*_]*(?![A-Za-z0-9])/g,
  // "B) Paris", "(B) Paris", "B. Paris", "**B:** Paris" at the start of the output
  /^\s*[*_]*\(?([A-J])[).:][*_]*(?:\s|$)/g,
  // a parenthesised letter anywhere: "I pick (C)"
  /\(([A-J])\)/g,
  // a lone capital letter, but not the article "A" or the pronoun "I" (before a lowercase word other than "is", or "I'm")
  /(?<![A-Za-z0-9'’])([B-HJ]|[AI](?!['’]|\s+(?!is\b)[a-z]))(?![A-Za-z0-9'’])/g,
];

/** The answer letter an output states, or null. */
export function extractLetter(output: string, choices?: string[] | null): string | null {
  const bare = output.trim().replace(/^[*_`"'(\s]+|[*_`"').:\s]+$/g, "");
  if (/^[A-Ja-j]$/.test(bare)) return bare.toUpperCase();
  for (const re of PATTERNS) {
    let last: string | null = null;
    for (const m of output.matchAll(re)) last = m[1] ?? null;
    if (last) return last;
  }
  // No letter at all: an output that is exactly one option's text names that option.
  if (choices?.length) {
    const said = cleanAnswer(output).replace(/[.!]$/, "");
    const hits = choices.flatMap((c, i) => (cleanAnswer(c).replace(/[.!]$/, "") === said ? [i] : []));
    if (hits.length === 1 && hits[0]! < LETTERS.length) return LETTERS[hits[0]!]!;
  }
  return null;
}

/** The expected letter: a letter, "(B)", or an option's text when the choices are known. */
export function expectedLetter(expected: string, choices?: string[] | null): string | null {
  const e = expected.trim().replace(/^\(|\)$/g, "").replace(/[.)]$/, "");
  if (/^[A-Ja-j]$/.test(e)) return e.toUpperCase();
  const i = choices?.findIndex((c) => cleanAnswer(c) === cleanAnswer(expected)) ?? -1;
  return i >= 0 && i < LETTERS.length ? LETTERS[i]! : null;
}

export function scoreMultipleChoice({ output, expected, choices }: ScoreInputOf<"multiple_choice">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const want = expectedLetter(expected, choices);
  if (want === null) return { reward: null, reason: `the expected answer ${quote(expected)} is not an option letter` };
  const got = extractLetter(output, choices);
  if (got === null) return { reward: 0, reason: "no answer letter" };
  return got === want
    ? { reward: 1, reason: `answered ${got}, the correct letter` }
    : { reward: 0, reason: `answered ${got}, expected ${want}` };
}
