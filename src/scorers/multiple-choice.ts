/**
 * Scorer `multiple_choice`: the answer letter read from the output, against
 * the expected letter. Letters run A–J, or further (up to Z) when the row
 * has more than ten choices (TruthfulQA MC1 has up to 13). A wrong or
 * unreadable answer is a failure (reward 0), never a missing score. With
 * `extraction: "mmlu_pro"` the letter is read as MMLU-Pro's evaluation
 * reads it (mmlu-pro-answer.ts says how), including its seeded guess for a
 * reply with none; with `simple_evals` or `first_letter`, by that harness's
 * own rule (letter-rules.ts). Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";
import { cleanAnswer, quote } from "./text";
import { letterBy, RULE_NAMES } from "./letter-rules";
import { extractMmluProAnswer, UPSTREAM_GUESS } from "./mmlu-pro-answer";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Letters read when the choices are unknown or at most ten. */
const DEFAULT_LETTERS = 10;

/** The letters a row's answer may use: A–J, or A up to its last choice beyond J. */
function lettersFor(choices?: string[] | null): string {
  return ALPHABET.slice(0, Math.min(ALPHABET.length, Math.max(DEFAULT_LETTERS, choices?.length ?? 0)));
}

/**
 * Ways a model states its choice, most explicit first; the last hit of the
 * first pattern that hits wins. `last` is the highest letter allowed.
 */
function patterns(last: string): RegExp[] {
  const any = `[A-${last}]`;
  // A lone capital beyond J only counts when the row has that many choices.
  const beyond = last > "J" ? `|[K-${last}]` : "";
  return [
    // "The answer is (B)", "Answer: B", "correct option is **C**", "final answer: D."
    new RegExp(`(?:[Aa]nswer|[Oo]ption|[Cc]hoice)\\s*(?:is|:|=|would be|will be)?\\s*(?:[Oo]ption|[Cc]hoice|[Ll]etter)?\\s*:?\\s*[*_]*\\(?(${any})\\)?[*_]*(?![A-Za-z0-9])`, "g"),
    // "B) Paris", "(B) Paris", "B. Paris", "**B:** Paris" at the start of the output
    new RegExp(`^\\s*[*_]*\\(?(${any})[).:][*_]*(?:\\s|$)`, "g"),
    // a parenthesised letter anywhere: "I pick (C)"
    new RegExp(`\\((${any})\\)`, "g"),
    // a lone capital letter, but not the article "A" or the pronoun "I" (before a lowercase word other than "is", or "I'm")
    new RegExp(`(?<![A-Za-z0-9'’])([B-HJ]${beyond}|[AI](?!['’]|\\s+(?!is\\b)[a-z]))(?![A-Za-z0-9'’])`, "g"),
  ];
}

const PATTERNS_BY_LAST = new Map<string, RegExp[]>();

function patternsFor(letters: string): RegExp[] {
  const last = letters[letters.length - 1]!;
  let found = PATTERNS_BY_LAST.get(last);
  if (!found) PATTERNS_BY_LAST.set(last, (found = patterns(last)));
  return found;
}

/** One letter among `letters`, either case. */
function isLetter(text: string, letters: string): boolean {
  return text.length === 1 && letters.includes(text.toUpperCase());
}

/** The answer letter an output states, or null. */
export function extractLetter(output: string, choices?: string[] | null): string | null {
  const letters = lettersFor(choices);
  const bare = output.trim().replace(/^[*_`"'(\s]+|[*_`"').:\s]+$/g, "");
  if (isLetter(bare, letters)) return bare.toUpperCase();
  for (const re of patternsFor(letters)) {
    let last: string | null = null;
    for (const m of output.matchAll(re)) last = m[1] ?? null;
    if (last) return last;
  }
  // No letter at all: an output that is exactly one option's text names that option.
  if (choices?.length) {
    const said = cleanAnswer(output).replace(/[.!]$/, "");
    const hits = choices.flatMap((c, i) => (cleanAnswer(c).replace(/[.!]$/, "") === said ? [i] : []));
    if (hits.length === 1 && hits[0]! < letters.length) return letters[hits[0]!]!;
  }
  return null;
}

/** The expected letter: a letter, "(B)", or an option's text when the choices are known. */
export function expectedLetter(expected: string, choices?: string[] | null): string | null {
  const letters = lettersFor(choices);
  const e = expected.trim().replace(/^\(|\)$/g, "").replace(/[.)]$/, "");
  if (isLetter(e, letters)) return e.toUpperCase();
  const i = choices?.findIndex((c) => cleanAnswer(c) === cleanAnswer(expected)) ?? -1;
  return i >= 0 && i < letters.length ? letters[i]! : null;
}

/** MMLU-Pro's verdict (mmlu-pro-answer.ts): upstream's three extraction steps, then its seeded guess. */
function scoreMmluPro(output: string, want: string, choices: string[] | null | undefined, row: Record<string, unknown> | undefined): ScoreResult {
  const got = extractMmluProAnswer(output);
  if (got) {
    return got.letter === want
      ? { reward: 1, reason: `answered ${got.letter} (read by '${got.step}'), the correct letter` }
      : { reward: 0, reason: `answered ${got.letter} (read by '${got.step}'), expected ${want}` };
  }
  const n = choices?.length ?? 0;
  const guess = n >= 1 && n <= UPSTREAM_GUESS.length ? UPSTREAM_GUESS[n - 1]! : null;
  if (guess === null) return { reward: 0, reason: "no answer letter" };
  // Upstream compares its guess with answer_index (not `answer`, the key everywhere else).
  const key = typeof row?.answer_index === "number" ? row.answer_index : ALPHABET.indexOf(want);
  const reason = `no answer letter; upstream's seeded guess for ${n} options is ${ALPHABET[guess]}`;
  return guess === key ? { reward: 1, reason: `${reason}, which is the key` } : { reward: 0, reason: `${reason}, not the key` };
}

export function scoreMultipleChoice({ output, expected, choices, spec, row }: ScoreInputOf<"multiple_choice">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const want = expectedLetter(expected, choices);
  if (want === null) return { reward: null, reason: `the expected answer ${quote(expected)} is not an option letter` };
  if (spec.extraction === "mmlu_pro") return scoreMmluPro(output, want, choices, row);
  if (spec.extraction === "simple_evals" || spec.extraction === "first_letter") {
    const got = letterBy(spec.extraction, output);
    const rule = RULE_NAMES[spec.extraction];
    if (got === null) return { reward: 0, reason: `no answer letter by ${rule}` };
    return got === want ? { reward: 1, reason: `answered ${got} (${rule}), the correct letter` } : { reward: 0, reason: `answered ${got} (${rule}), expected ${want}` };
  }
  const got = extractLetter(output, choices);
  if (got === null) return { reward: 0, reason: "no answer letter" };
  return got === want
    ? { reward: 1, reason: `answered ${got}, the correct letter` }
    : { reward: 0, reason: `answered ${got}, expected ${want}` };
}
