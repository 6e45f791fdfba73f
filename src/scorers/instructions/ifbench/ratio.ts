/**
 * IFBench's `ratio:` family: stopword share at most a percentage, twice as
 * many statements as questions, equal statements, questions and
 * exclamations, character-trigram overlap with a reference within ±2
 * points, and three sentences of equal length. Sentences come from
 * ../tokenize.ts (NLTK Punkt upstream). Pure, no I/O.
 */
import { codePoints, strip } from "../python-text";
import { countStopwords, countWords, splitSentences } from "../tokenize";
import type { Checker } from "../types";

function trigrams(text: string): Set<string> {
  const cps = codePoints(text);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= cps.length; i++) out.add(`${cps[i]}\u0000${cps[i + 1]}\u0000${cps[i + 2]}`);
  return out;
}

function endings(response: string): { statements: number; questions: number; exclamations: number } {
  const sentences = splitSentences(response);
  return {
    statements: sentences.filter((s) => s.endsWith(".")).length,
    questions: sentences.filter((s) => s.endsWith("?")).length,
    exclamations: sentences.filter((s) => s.endsWith("!")).length,
  };
}

export const RATIO: Record<string, Checker> = {
  "ratio:stop_words": (response, args) => {
    const words = countWords(response);
    if (words === 0) return false;
    return (countStopwords(response) / words) * 100 <= args.num("percentage");
  },
  "ratio:sentence_type": (response) => {
    const e = endings(response);
    return e.statements === 2 * e.questions;
  },
  "ratio:sentence_balance": (response) => {
    const e = endings(response);
    return e.statements === e.questions && e.questions === e.exclamations;
  },
  "ratio:overlap": (response, args) => {
    const mine = trigrams(response);
    if (mine.size === 0) return false;
    const ref = trigrams(args.str("reference_text"));
    let shared = 0;
    for (const g of mine) if (ref.has(g)) shared++;
    const pct = (shared / mine.size) * 100;
    const want = args.num("percentage");
    return want - 2 <= pct && pct <= want + 2;
  },
  "ratio:sentence_words": (response) => {
    const sentences = splitSentences(response);
    if (sentences.length !== 3) return false;
    const len = codePoints(strip(sentences[0]!)).length;
    return sentences.every((s) => codePoints(strip(s)).length === len);
  },
};
