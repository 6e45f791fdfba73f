/**
 * IFBench's `count:` family, as allenai/IFBench `instructions.py` checks it:
 * words in a range, unique words, distinct coordinating conjunctions,
 * listed person names, numbers, punctuation coverage with an interrobang,
 * a Japanese word at every N-th position, pronouns (NLTK `word_tokenize`
 * upstream, ../tokenize.ts here) and five keywords with counts 1, 2, 3, 5, 7.
 * Pure, no I/O.
 */
import { countOccurrences, deletePunctuation, escapeRegExp, isDigit, PUNCTUATION, splitWhitespace, strip, WORD_BOUNDARY } from "../python-text";
import { countWords, wordTokenize } from "../tokenize";
import type { Checker } from "../types";

const CONJUNCTIONS = new Set(["and", "but", "for", "nor", "or", "so", "yet"]);
const STRIP = `${PUNCTUATION} `;

/** The names `count:person_names` looks for (upstream's list). */
export const PERSON_NAMES = [
  "Emma", "Liam", "Sophia", "Jackson", "Olivia", "Noah", "Ava", "Lucas", "Isabella", "Mason", "Mia", "Ethan", "Charlotte",
  "Alexander", "Amelia", "Benjamin", "Harper", "Leo", "Zoe", "Daniel", "Chloe", "Samuel", "Lily", "Matthew", "Grace", "Owen",
  "Abigail", "Gabriel", "Ella", "Jacob", "Scarlett", "Nathan", "Victoria", "Elijah", "Layla", "Nicholas", "Audrey", "David",
  "Hannah", "Christopher", "Penelope", "Thomas", "Nora", "Andrew", "Aria", "Joseph", "Claire", "Ryan", "Stella", "Jonathan",
];

const PRONOUNS = new Set(
  ("i me we us you he him she her it they them my mine our ours your yours his hers its their theirs myself ourselves yourself " +
    "yourselves himself herself itself themselves this that these those who whom whose which what whoever whomever whatever " +
    "whichever anybody anyone anything everybody everyone everything nobody nothing somebody someone something each either " +
    "neither both all some any none").split(" "),
);

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;

export const COUNT: Record<string, Checker> = {
  "count:word_count_range": (response, args) => {
    const n = countWords(response);
    return args.num("min_words") <= n && n <= args.num("max_words");
  },
  "count:unique_word_count": (response, args) =>
    new Set(splitWhitespace(response.toLowerCase()).map((w) => strip(w, STRIP))).size >= args.num("N"),
  "count:conjunctions": (response, args) => {
    // Upstream collects the words as written, so "and" and "And," count as two.
    const found = splitWhitespace(response).filter((w) => CONJUNCTIONS.has(strip(w, STRIP).toLowerCase()));
    return new Set(found).size >= args.num("small_n");
  },
  "count:person_names": (response, args) =>
    PERSON_NAMES.filter((name) => new RegExp(`${WORD_BOUNDARY}${escapeRegExp(name)}${WORD_BOUNDARY}`, "u").test(response)).length >= args.num("N"),
  "count:numbers": (response, args) => (deletePunctuation(response).match(/\p{Nd}+/gu) ?? []).length === args.num("N"),
  "count:punctuation": (response) => {
    if (!(response.includes("!?") || response.includes("?!") || response.includes("‽"))) return false;
    let rest = response.replace("?!", "");
    if (rest.length === response.length) rest = response.replace("!?", "");
    const need = new Set([".", ",", "!", "?", ";", ":"]);
    for (const ch of rest) need.delete(ch);
    return need.size === 0;
  },
  "count:words_japanese": (response, args) => {
    const every = args.num("N");
    const words = splitWhitespace(response);
    for (let i = 0; i < words.length; i++) {
      const word = strip(words[i]!, STRIP);
      if ((i + 1) % every === 0 && word && !isDigit(word) && !JAPANESE.test(word)) return false;
    }
    return true;
  },
  "count:pronouns": (response, args) =>
    wordTokenize(response.replaceAll("/", " ").toLowerCase()).filter((w) => PRONOUNS.has(w)).length >= args.num("N"),
  "count:keywords_multiple": (response, args) => {
    const value = response.toLowerCase();
    const want: [string, number][] = [["keyword1", 1], ["keyword2", 2], ["keyword3", 3], ["keyword4", 5], ["keyword5", 7]];
    return want.every(([key, n]) => countOccurrences(value, args.str(key).trim().toLowerCase()) === n);
  },
};
