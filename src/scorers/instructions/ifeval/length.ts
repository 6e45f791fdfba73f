/**
 * IFEval's `length_constraints:` family: sentences (NLTK Punkt upstream,
 * ../tokenize.ts here), paragraphs separated by `***`, words (`\w+` runs),
 * and the first word of the n-th of exactly N paragraphs separated by blank
 * lines. Pure, no I/O.
 */
import { strip, lstrip, splitWhitespace } from "../python-text";
import { countSentences, countWords } from "../tokenize";
import { compare, type Checker } from "../types";

export const LENGTH: Record<string, Checker> = {
  "length_constraints:number_sentences": (response, args) =>
    compare(countSentences(response), args.relation("relation"), args.num("num_sentences")),
  "length_constraints:number_paragraphs": (response, args) => {
    const paragraphs = response.split(/\s?\*\*\*\s?/u);
    let n = paragraphs.length;
    for (let i = 0; i < paragraphs.length; i++) {
      if (strip(paragraphs[i]!)) continue;
      // An empty piece is allowed only at either end (a leading or trailing ***).
      if (i === 0 || i === paragraphs.length - 1) n--;
      else return false;
    }
    return n === args.num("num_paragraphs");
  },
  "length_constraints:number_words": (response, args) => compare(countWords(response), args.relation("relation"), args.num("num_words")),
  "length_constraints:nth_paragraph_first_word": (response, args) => {
    const want = args.num("num_paragraphs");
    const nth = args.num("nth_paragraph");
    const firstWord = args.str("first_word").toLowerCase();
    const paragraphs = response.split("\n\n");
    const n = paragraphs.filter((p) => strip(p)).length;
    if (nth > n) return false;
    const paragraph = strip(paragraphs[nth - 1] ?? "");
    if (!paragraph) return false;
    let word = strip(splitWhitespace(paragraph)[0]!);
    word = lstrip(lstrip(word, "'"), '"');
    let first = "";
    for (const ch of word) {
      if (".,?!'\"".includes(ch)) break;
      first += ch.toLowerCase();
    }
    return n === want && first === firstWord;
  },
};
