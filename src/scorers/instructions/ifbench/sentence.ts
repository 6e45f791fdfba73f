/**
 * IFBench's `sentence:` family: alliteration growing from sentence to
 * sentence, a keyword in the N-th sentence, and each sentence N words
 * longer than the one before. Sentences come from ../tokenize.ts (NLTK
 * Punkt upstream). Pure, no I/O.
 */
import { codePoints, deletePunctuation, escapeRegExp, lstrip, PUNCTUATION, splitWhitespace, strip, WORD_BOUNDARY } from "../python-text";
import { splitSentences } from "../tokenize";
import type { Checker } from "../types";

const STRIP = `${PUNCTUATION} `;

function wordCount(sentence: string): number {
  return splitWhitespace(strip(deletePunctuation(sentence))).length;
}

export const SENTENCE: Record<string, Checker> = {
  "sentence:alliteration_increment": (response) => {
    let previous = -1;
    for (const sentence of splitSentences(response)) {
      const words = splitWhitespace(sentence.toLowerCase())
        .map((w) => lstrip(w, STRIP))
        .filter((w) => w);
      let alliteration = 0;
      let chained = false;
      for (let i = 0; i + 1 < words.length; i++) {
        if (codePoints(words[i]!)[0] === codePoints(words[i + 1]!)[0]) {
          alliteration += chained ? 1 : 2;
          chained = true;
        } else chained = false;
      }
      if (alliteration <= previous) return false;
      previous = alliteration;
    }
    return true;
  },
  "sentence:keyword": (response, args) => {
    const n = args.num("N");
    const sentences = splitSentences(response);
    if (sentences.length < n) return false;
    const re = new RegExp(`${WORD_BOUNDARY}${escapeRegExp(args.str("word"))}${WORD_BOUNDARY}`, "iu");
    return re.test(sentences[Math.trunc(n - 1)]!);
  },
  "sentence:increment": (response, args) => {
    const step = args.num("small_n");
    const sentences = splitSentences(response);
    if (sentences.length === 0) return false;
    let previous = wordCount(sentences[0]!);
    for (const sentence of sentences.slice(1)) {
      const n = wordCount(sentence);
      if (n !== previous + step) return false;
      previous = n;
    }
    return true;
  },
};
