/**
 * IFEval's `change_case:` family: all capitals in English, all lowercase in
 * English (Python's `isupper`/`islower`, then language identification; text
 * the detector cannot place counts as English, as upstream treats
 * langdetect's failure), and the number of all-capital words (NLTK
 * `word_tokenize` upstream, ../tokenize.ts here) against a threshold.
 * Pure, no I/O.
 */
import { detectLanguage } from "../language-detect";
import { isLower, isUpper } from "../python-text";
import { wordTokenize } from "../tokenize";
import { compare, type Checker } from "../types";

function english(response: string): boolean {
  const lang = detectLanguage(response);
  return lang === null || lang === "en";
}

export const CASE: Record<string, Checker> = {
  "change_case:english_capital": (response) => isUpper(response) && english(response),
  "change_case:english_lowercase": (response) => isLower(response) && english(response),
  "change_case:capital_word_frequency": (response, args) =>
    compare(wordTokenize(response).filter(isUpper).length, args.relation("capital_relation"), args.num("capital_frequency")),
};
