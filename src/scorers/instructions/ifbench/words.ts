/**
 * IFBench's `words:` family: words in alphabetical sequence, at most three
 * distinct vowels in a single paragraph, a consonant cluster in every word,
 * ten palindromes, prime word lengths, a verb first (NLTK's tagger
 * upstream; a verb list here), no word more than N times, alternating
 * syllable parity (syllapy upstream, ../syllables.ts here), each sentence
 * starting with the last word of the one before, each line starting and
 * ending with the same word, no two consecutive words with the same first
 * letter, a keyword at a given sentence and word, and a keyword second and
 * second to last. Pure, no I/O.
 */
import { codePoints, deletePunctuation, isAlnum, lstrip, PUNCTUATION, rstrip, splitWhitespace, strip } from "../python-text";
import { countSyllables } from "../syllables";
import { splitSentences, wordTokenize } from "../tokenize";
import type { Checker } from "../types";

const STRIP = `${PUNCTUATION} `;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
const CONSONANTS = new Set("bcdfghjklmnpqrstvwxyz");
const PRIMES = new Set([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]);

/**
 * Words NLTK's tagger reads as verbs at the start of a response: imperatives
 * and the forms of be/have/do. An approximation of `pos_tag(...)[0][1]`
 * containing "VB"; the agreement test counts where it differs.
 */
const VERBS = new Set(
  ("be is are was were am been being have has had having do does did done doing go get make take give keep let put set " +
    "see look find think know prove say tell ask use try write read list describe explain create imagine consider provide " +
    "start begin choose help show imagine build design develop compose craft draft generate prepare plan identify discuss " +
    "analyze analyse compare summarize summarise outline define calculate determine evaluate review check follow note remember " +
    "open add remove include place cut mix pour bake cook stir heat serve turn move bring call visit join learn practice focus " +
    "stay avoid enjoy buy sell pay send share post check run walk come eat drink wear wash clean fix install update download " +
    "meet picture envision visualize gather collect select pick combine measure preheat grab embrace explore discover unlock " +
    "transform elevate experience welcome introducing introduce dive delve step hold stand sit speak listen watch wait ensure " +
    "store protect prevent reduce increase improve apply submit contact email") .split(/\s+/),
);

function firstLetter(word: string): string {
  return codePoints(word)[0] ?? "";
}

export const WORDS_CHECKS: Record<string, Checker> = {
  "words:alphabet": (response) => {
    const words = splitWhitespace(strip(deletePunctuation(response), STRIP));
    if (words.length === 0) return false;
    let letter = firstLetter(words[0]!).toLowerCase();
    if (!ALPHABET.includes(letter) || letter === "") return false;
    for (const raw of words.slice(1)) {
      const word = strip(raw, STRIP).toLowerCase();
      if (!word) continue;
      letter = ALPHABET[(ALPHABET.indexOf(letter) + 1) % 26]!;
      if (firstLetter(word) !== letter) return false;
    }
    return true;
  },
  "words:vowel": (response) => {
    const paragraphs = strip(response).split("\n");
    if (paragraphs.length !== 1) return false;
    const vowels = new Set([...paragraphs[0]!.toLowerCase()].filter((c) => "aeiou".includes(c)));
    return vowels.size <= 3;
  },
  "words:consonants": (response) =>
    splitWhitespace(strip(response.toLowerCase())).every((word) => {
      const cps = codePoints(word);
      for (let i = 0; i + 1 < cps.length; i++) if (CONSONANTS.has(cps[i]!) && CONSONANTS.has(cps[i + 1]!)) return true;
      return false;
    }),
  "words:palindrome": (response) =>
    splitWhitespace(deletePunctuation(response).toLowerCase()).filter((w) => {
      const cps = codePoints(w);
      return cps.length >= 5 && cps.join("") === [...cps].reverse().join("");
    }).length >= 10,
  "words:prime_lengths": (response) => splitWhitespace(deletePunctuation(response)).every((w) => PRIMES.has(codePoints(w).length)),
  "words:start_verb": (response) => {
    const first = wordTokenize(response)[0];
    if (first === undefined) return false;
    // A leading -ing word ("Whirring and pulsing...") is tagged VBG.
    return VERBS.has(first.toLowerCase()) || /^\p{L}{2,}ing$/u.test(first);
  },
  "words:repeats": (response, args) => {
    const counts = new Map<string, number>();
    for (const w of splitWhitespace(deletePunctuation(response.toLowerCase()))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const max = args.num("small_n");
    return [...counts.values()].every((n) => n <= max);
  },
  "words:odd_even_syllables": (response) => {
    const parity = splitWhitespace(deletePunctuation(response).toLowerCase())
      .filter((w) => strip(w))
      .map((w) => countSyllables(w) % 2);
    return parity.every((p, i) => i === 0 || p !== parity[i - 1]);
  },
  "words:last_first": (response) => {
    const sentences = splitSentences(response);
    for (let i = 0; i + 1 < sentences.length; i++) {
      const last = splitWhitespace(rstrip(sentences[i]!, STRIP));
      const first = splitWhitespace(lstrip(sentences[i + 1]!, STRIP));
      if (last.length === 0 || first.length === 0) return false;
      if (last.at(-1)!.toLowerCase() !== first[0]!.toLowerCase()) return false;
    }
    return true;
  },
  "words:paragraph_last_first": (response) => {
    for (const line of response.split("\n")) {
      const paragraph = strip(line).toLowerCase();
      if (!paragraph) continue;
      const words = splitWhitespace(strip(paragraph, STRIP));
      if (words.length === 0) continue;
      if (words[0] !== words.at(-1)) return false;
    }
    return true;
  },
  "words:no_consecutive": (response) => {
    const words = splitWhitespace(deletePunctuation(response.toLowerCase()));
    for (let i = 0; i + 1 < words.length; i++) if (firstLetter(words[i]!) === firstLetter(words[i + 1]!)) return false;
    return true;
  },
  "words:keywords_specific_position": (response, args) => {
    const n = args.num("n");
    const m = args.num("m");
    const sentences = splitSentences(response);
    if (sentences.length < n) return false;
    const words = wordTokenize(sentences[n - 1]!).filter((t) => [...t].some((c) => isAlnum(c)));
    if (words.length < m) return false;
    return words[m - 1]!.toLowerCase() === args.str("keyword").trim().toLowerCase();
  },
  "words:words_position": (response, args) => {
    const keyword = args.str("keyword").trim().toLowerCase();
    const words = wordTokenize(response);
    if (words.length < 2) return false;
    // Upstream tests `words[-1] in string.punctuation`, a substring test.
    if (PUNCTUATION.includes(words.at(-1)!)) {
      if (words.length < 3) return false;
      return words[1]!.toLowerCase() === keyword && words.at(-3)!.toLowerCase() === keyword;
    }
    return words[1]!.toLowerCase() === keyword && words.at(-2)!.toLowerCase() === keyword;
  },
};
