/**
 * SuperGPQA's scorer, following its evaluation script (SuperGPQA/SuperGPQA,
 * eval/eval.py, zero-shot mode): the answer letter is read from the reply
 * by `extract_option_labels` (three patterns: "The answer is X",
 * "Answer: X", a line that is only the letter, each tried on the reply's
 * last line and then on the whole reply; the reply's right end stripped
 * first, as Python's rstrip does), else by `extract_option_content` (the
 * same three shapes around an option's text, mapped back to its letter).
 * Reward 1 when the letter equals the row's `answer_letter`, else 0; no
 * letter at all is a miss (0, and the `miss` dimension eval.py reports as
 * its miss rate). The row's difficulty names a second dimension
 * (`easy`/`middle`/`hard`: the reward), so /scores shows eval.py's
 * accuracy per difficulty. Pure, no I/O.
 *
 * The patterns are eval.py's, written for RE2 (re2js), so a reply cannot
 * make matching take more than linear time. What that takes, and where it
 * could differ:
 * - Python's `\s` and `\w` are spelled out as the classes Python 3 uses
 *   (its whitespace set; `[\p{L}\p{N}_]`, which Python's `\w` equals), and
 *   eval.py's case-insensitive letters as the characters Python's
 *   IGNORECASE matches (`i` also İ and ı, `s` also ſ). So, as in eval.py,
 *   "the answer is c" extracts "c", which is not "C": incorrect, not a miss.
 * - The letter class is A–J whatever the option count, as eval.py passes
 *   'ABCDEFGHIJ'; a letter past the options is extracted and is wrong.
 * - eval.py gives each search 5 s and counts a timeout as no match; its
 *   nested quantifiers can backtrack for longer on long runs of `(`, `$`,
 *   `{`, `[`, `*` or `}`. RE2 finds the match (or none) there instead.
 * - RE2 and Python's `re` take the same leftmost-first, priority-ordered
 *   match on these patterns; Unicode tables may differ by a version
 *   (Python 3.11: Unicode 14).
 */
import { RE2JS } from "re2js";
import type { ScoreInputOf, ScoreResult } from "./types";

/** Python's whitespace (`str.isspace`, and what `\s` matches in a str pattern). */
const PY_SPACE_CHARS = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
const S = "[\\t\\n\\x{b}\\f\\r\\x{1c}-\\x{20}\\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}]";
/** Inside a bracket: the same set, for `[\s:\.\*)]`. */
const S_IN = S.slice(1, -1);
const W = "[\\p{L}\\p{N}_]";
/** `[^\w\r\n]`. */
const NOT_W_OR_EOL = "[^\\p{L}\\p{N}_\\r\\n]";

/** A letter as Python's IGNORECASE matches it. */
function anyCase(letter: string): string {
  const extra = letter === "i" ? "\\x{130}\\x{131}" : letter === "s" ? "\\x{17f}" : "";
  return `[${letter.toUpperCase()}${letter}${extra}]`;
}
const word = (w: string, ignoreCase: boolean) => (ignoreCase ? [...w].map(anyCase).join("") : w);

/**
 * eval.py's pattern tail after the head: the wrappers before the answer
 * (`*`, `$`, `{`, `(`, `[`, `\` and \boxed{, \mathbf{, \mathrm{, \text{),
 * the answer as group 1, then what may close it and one ending character.
 */
function tail(answer: string, ignoreCase: boolean): string {
  const cmd = (name: string) => `\\\\${word(name, ignoreCase)}`;
  const wrappers = `(?:[*$\\{(\\[\\\\]*?(?:(?:${cmd("boxed")}|${cmd("mathbf")}|${cmd("mathrm")}|${cmd("text")})\\{)?)*`;
  return `${wrappers}${S}*(${answer})(?:\\\\?\\}?\\$?\\)?\\]?\\}?)*(?:[${S_IN}:.*)]|$)`;
}

/** The three heads of eval.py's patterns: "The ... answer/option ... is", "Answer:" (the label patterns need the colon), a line that starts with the answer. */
function heads(labels: boolean): string[] {
  const ci = labels; // extract_option_labels searches with re.IGNORECASE; extract_option_content without flags
  const the = `[Tt]${word("he", ci)}${S}+(?:${W}+${S}+)?(?:${word("answer", ci)}|${word("option", ci)})(?:${W}+${S}+)?${S}+`;
  return [
    labels ? `${the}${word("i", ci)}${word("s", ci)}?:?${S}*` : `${the}is:?${S}*`,
    labels ? `${word("answer", true)}[*${S_IN}]*:${S}*` : `${word("answer", true)}${S}*`,
    `^${NOT_W_OR_EOL}*`,
  ];
}

const LETTERS = "ABCDEFGHIJ";
const LABEL_CLASS = `[${[...LETTERS].map((l) => anyCase(l.toLowerCase()).slice(1, -1)).join("")}]`;
const LABEL_PATTERNS = heads(true).map((h) => RE2JS.compile(h + tail(LABEL_CLASS, true)));

/** Python's str.rstrip(): its own whitespace set, not JavaScript's. */
export function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && PY_SPACE_CHARS.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Python's re.escape (3.7+): a backslash before each of its special characters. */
export function pyEscape(text: string): string {
  return text.replace(/[()[\]{}?*+\-|^$\\.&~# \t\n\r\v\f]/g, (c) => `\\${c}`);
}

function firstMatch(patterns: RE2JS[], text: string): string | null {
  const last = text.split("\n").at(-1)!;
  for (const target of [last, text]) {
    for (const re of patterns) {
      const m = re.matcher(target);
      if (m.find()) return m.group(1);
    }
  }
  return null;
}

/** eval.py's extract_option_labels: the letter the reply states, as matched (possibly lower case), or null. */
export function extractOptionLabel(reply: string): string | null {
  return firstMatch(LABEL_PATTERNS, pyRstrip(reply));
}

/** eval.py's extract_option_content: the option text the reply states (mapped through eval.py's escaped-text check), or null. */
export function extractOptionContent(reply: string, options: readonly string[]): string | null {
  if (options.length === 0) return null;
  const escaped = options.map(pyEscape);
  const group = options.map((o) => RE2JS.quote(o)).join("|");
  const found = firstMatch(
    heads(false).map((h) => RE2JS.compile(h + tail(group, false))),
    pyRstrip(reply),
  );
  if (found === null) return null;
  // eval.py compares the matched text with the escaped options, and returns the option whose escaped form it equals.
  const i = escaped.indexOf(found);
  return i >= 0 ? options[i]! : found;
}

/** The letter eval.py predicts for a zero-shot reply, or null (a miss). */
export function supergpqaPrediction(reply: string, options: readonly string[]): string | null {
  const label = extractOptionLabel(reply);
  if (label !== null) return label;
  const content = extractOptionContent(reply, options);
  if (!content) return null;
  const i = options.indexOf(content);
  return i >= 0 ? String.fromCharCode(65 + i) : null;
}

export function scoreSupergpqa(input: ScoreInputOf<"supergpqa">): ScoreResult {
  const expected = input.expected;
  if (expected === null) return { reward: null, reason: "the row has no answer letter" };
  const row = input.row ?? {};
  const options = input.choices ?? (Array.isArray(row[input.spec.options_column]) ? (row[input.spec.options_column] as unknown[]).map(String) : []);
  const predicted = supergpqaPrediction(input.output, options);
  const reward = predicted !== null && predicted !== "" && predicted === expected ? 1 : 0;
  const difficulty = row[input.spec.difficulty_column];
  const dimensions: Record<string, number> = { miss: predicted === null ? 1 : 0 };
  if (difficulty === "easy" || difficulty === "middle" || difficulty === "hard") dimensions[difficulty] = reward;
  const reason = predicted === null ? `no answer found (a miss); expected ${expected}` : reward ? `answered ${predicted}, correct` : `answered ${predicted}, expected ${expected}`;
  return { reward, reason, structured: { dimensions, report: { extracted: predicted, status: predicted === null ? "miss" : reward ? "correct" : "incorrect" } } };
}
