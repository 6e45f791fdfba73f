/**
 * Sentence and word tokenization standing in for the NLTK tokenizers the
 * upstream checkers call: `count_words` (NLTK's `RegexpTokenizer(r"\w+")`,
 * exact), `splitSentences` (an approximation of the Punkt English model
 * behind `sent_tokenize`: the same candidate positions and decision rules,
 * with a short built-in abbreviation list instead of the trained one) and
 * `wordTokenize` (an approximation of NLTK's Treebank-style
 * `word_tokenize`). Where the approximations differ from NLTK the agreement
 * test on real responses counts it. Pure, no I/O.
 */
import { isSpace, lstrip, rstrip, WORD_CHAR } from "./python-text";

const WORDS = new RegExp(`${WORD_CHAR}+`, "gu");

/** NLTK's `RegexpTokenizer(r"\w+")` tokens: runs of Unicode word characters. */
export function wordRuns(text: string): string[] {
  return text.match(WORDS) ?? [];
}

/** Upstream `count_words`: the number of `\w+` runs. */
export function countWords(text: string): number {
  return wordRuns(text).length;
}

/** NLTK's English stopword list (the entries a `\w+` token can equal). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its " +
    "itself they them their theirs themselves what which who whom this that these those am is are was were be been being have " +
    "has had having do does did doing a an the and but if or because as until while of at by for with about against between " +
    "into through during before after above below to from up down in out on off over under again further then once here there " +
    "when where why how all any both each few more most other some such no nor not only own same so than too very s t can will " +
    "just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn " +
    "wasn weren won wouldn"
  ).split(" "),
);

/** Upstream `count_stopwords`: `\w+` tokens whose lowercase is an NLTK English stopword. */
export function countStopwords(text: string): number {
  return wordRuns(text).filter((t) => STOPWORDS.has(t.toLowerCase())).length;
}

/**
 * Abbreviations Punkt's English model does not end a sentence after (its
 * trained list is longer; these are the common ones in model answers).
 */
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr prof sr jr st mt vs etc e.g i.e u.s u.k u.s.a a.m p.m inc ltd co corp no nos vol pp fig approx dept est " +
    "gen col lt sgt capt gov sen rep rev jan feb mar apr jun jul aug sep sept oct nov dec ft ave blvd cf al viz ca"
  ).split(" "),
);

/** Characters Punkt treats as non-word punctuation right after a sentence end. */
const NON_WORD = new Set([")", '"', ";", "}", "]", "*", ":", "@", "'", "(", "{", "[", "!", "?"]);
const NUMBER = /^-?[.,]?\d[\d,.-]*$/;
const INITIAL = /^[\p{L}]$/u;

function firstUpper(tok: string): boolean {
  const c = lstrip(tok, "\"'`([{*")[0] ?? "";
  return c !== c.toLowerCase();
}
function firstLower(tok: string): boolean {
  const c = lstrip(tok, "\"'`([{*")[0] ?? "";
  return c !== c.toUpperCase();
}
/** A capitalised common word after an abbreviation or ellipsis starts a sentence (Punkt's orthographic heuristic, approximated). */
function commonStarter(tok: string): boolean {
  const w = lstrip(tok, "\"'`([{*").replace(/[^\p{L}].*$/u, "").toLowerCase();
  return firstUpper(tok) && (STOPWORDS.has(w) || STARTERS.has(w));
}

/** Words besides the stopwords that Punkt's model has seen lowercase, so a capitalised one after a period starts a sentence. */
const STARTERS = new Set(
  "let please thank note remember however also overall additionally finally first second third next yes hello hi many one we'll".split(" "),
);

function endsSentence(word: string, punct: string, next: string): boolean {
  if (punct !== ".") return true;
  if (word.endsWith(".")) return commonStarter(next); // an ellipsis
  const typ = lstrip(word, "\"'`([{*").toLowerCase();
  const lastPart = typ.includes("-") ? typ.slice(typ.lastIndexOf("-") + 1) : typ;
  if (ABBREVIATIONS.has(typ) || ABBREVIATIONS.has(lastPart)) return commonStarter(next);
  if (NUMBER.test(typ)) return !firstLower(next);
  if (INITIAL.test(typ)) return commonStarter(next);
  return true;
}

/**
 * Sentences as NLTK's `sent_tokenize` finds them, approximately: a `.`,
 * `?` or `!` followed by whitespace and a token (or by closing punctuation)
 * ends a sentence unless it closes a known abbreviation, an initial or a
 * list number; newlines alone never do. Closing quotes and brackets after a
 * break stay with the sentence before.
 */
export function splitSentences(text: string): string[] {
  const cps = Array.from(text);
  const slices: [number, number][] = [];
  let lastBreak = 0;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (c !== "." && c !== "?" && c !== "!") continue;
    const after = cps[i + 1];
    if (after === undefined) continue;
    let next = "";
    let nextStart = -1;
    if (isSpace(after)) {
      let j = i + 1;
      while (j < cps.length && isSpace(cps[j]!)) j++;
      if (j >= cps.length) continue;
      nextStart = j;
      let k = j;
      while (k < cps.length && !isSpace(cps[k]!)) k++;
      next = cps.slice(j, k).join("");
    } else if (NON_WORD.has(after)) {
      if (c === "." && (after === "!" || after === "?")) continue;
      if ((after === "!" || after === "?") && c !== ".") continue; // "?!": the last mark decides
      next = after;
    } else continue;
    let s = i;
    while (s > 0 && !isSpace(cps[s - 1]!)) s--;
    const word = cps.slice(s, i).join("");
    if (!endsSentence(word, c, next)) continue;
    slices.push([lastBreak, i + 1]);
    lastBreak = nextStart >= 0 ? nextStart : i + 1;
  }
  slices.push([lastBreak, Array.from(rstrip(text)).length]);
  // Realign: closing quotes/brackets that open the next slice belong to the one before.
  for (let n = 1; n < slices.length; n++) {
    const [start] = slices[n]!;
    let j = start;
    while (j < cps.length && "\"')]}".includes(cps[j]!)) j++;
    if (j > start && (j >= cps.length || isSpace(cps[j]!))) {
      slices[n - 1]![1] = j;
      let k = j;
      while (k < cps.length && isSpace(cps[k]!)) k++;
      slices[n]![0] = k;
    }
  }
  // Punkt drops empty slices, so an empty text has no sentence.
  return slices.filter(([a, b]) => b > a).map(([a, b]) => cps.slice(a, b).join(""));
}

/** Upstream `count_sentences`. */
export function countSentences(text: string): number {
  return splitSentences(text).length;
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(can)(not)\b/gi, "$1 $2"],
  [/\b(d)('ye)\b/gi, "$1 $2"],
  [/\b(gim)(me)\b/gi, "$1 $2"],
  [/\b(gon)(na)\b/gi, "$1 $2"],
  [/\b(got)(ta)\b/gi, "$1 $2"],
  [/\b(lem)(me)\b/gi, "$1 $2"],
  [/\b(wan)(na)(?=\s)/gi, "$1 $2"],
];

/** One sentence in Treebank-style tokens. */
function treebank(sentence: string): string[] {
  let t = ` ${sentence} `;
  t = t.replace(/^(\s*)"/, "$1 `` ");
  t = t.replace(/(``)/g, " $1 ");
  t = t.replace(/([ ([{<])("|'{2})/g, "$1 `` ");
  t = t.replace(/([^.])(\.)([\])}>"']*)\s*$/u, "$1 $2 $3 ");
  t = t.replace(/([:,])([^\d])/g, " $1 $2");
  t = t.replace(/([:,])$/g, " $1 ");
  t = t.replace(/\.{2,}/g, " $& ");
  t = t.replace(/[;@#$%&]/g, " $& ");
  t = t.replace(/[?!]/g, " $& ");
  t = t.replace(/([^'])' /g, "$1 ' ");
  t = t.replace(/[*]/g, " $& ");
  t = t.replace(/[\][(){}<>]/g, " $& ");
  t = t.replace(/--/g, " -- ");
  t = t.replace(/"/g, " '' ");
  t = t.replace(/(\S)(''|'')/g, "$1 $2 ");
  t = t.replace(/([^' ])('[sS]|'[mM]|'[dD]|') /g, "$1 $2 ");
  t = t.replace(/([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) /g, "$1 $2 ");
  for (const [re, by] of CONTRACTIONS) t = t.replace(re, by);
  return t.split(/\s+/).filter((x) => x !== "");
}

/** NLTK's `word_tokenize`, approximately: sentences first, then Treebank rules per sentence. */
export function wordTokenize(text: string): string[] {
  return splitSentences(text).flatMap(treebank);
}
