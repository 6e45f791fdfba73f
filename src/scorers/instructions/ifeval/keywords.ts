/**
 * IFEval's `keywords:` family, as google-research `instruction_following_eval`
 * checks it: existence (every keyword found, case-insensitive), frequency
 * (occurrences compared with a threshold), forbidden words (none as a whole
 * word) and letter frequency. Keywords are regular expressions upstream
 * (`re.search(keyword, ...)`), and so they are here. Pure, no I/O.
 */
import { pythonPattern, WORD_BOUNDARY } from "../python-text";
import { compare, type Checker } from "../types";

function countMatches(re: RegExp, text: string): number {
  let n = 0;
  for (const _ of text.matchAll(re)) n++;
  return n;
}

export const KEYWORDS: Record<string, Checker> = {
  "keywords:existence": (response, args) => args.strList("keywords").every((k) => pythonPattern(k, "i").test(response)),
  "keywords:frequency": (response, args) =>
    compare(countMatches(pythonPattern(args.str("keyword").trim(), "gi"), response), args.relation("relation"), args.num("frequency")),
  "keywords:forbidden_words": (response, args) =>
    !args.strList("forbidden_words").some((w) => pythonPattern(`${WORD_BOUNDARY}${w}${WORD_BOUNDARY}`, "i").test(response)),
  "keywords:letter_frequency": (response, args) => {
    const letter = args.str("letter").trim().toLowerCase();
    let n = 0;
    for (const ch of response.toLowerCase()) if (ch === letter) n++;
    return compare(n, args.relation("let_relation"), args.num("let_frequency"));
  },
};
