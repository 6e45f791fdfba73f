/**
 * Scorer `mmmu`: MMMU's published evaluation (MMMU-Benchmark/MMMU,
 * mmmu/utils/eval_utils.py at bb0b95a), written again here, not copied.
 * Multiple choice, parse_multi_choice_response then eval_multi_choice:
 * the reply stripped of , . ! ? ; : ' at its ends and padded with spaces;
 * candidates are the letters written "(X)", else " X ", else (for a reply
 * of more than five words) the options whose text it contains; of several,
 * the one written last; right when it is the gold letter. Open questions,
 * parse_open_response then eval_open: the lower-cased reply split into
 * lines, from each the shortest tail after "could be ", "so ", "is ",
 * "thus ", "therefore ", "final ", "answer ", "result " (and "=" on the
 * last line), plus every number in those tails; each normalised as
 * normalize_str does (a number, commas removed, rounded to 2 decimals; a
 * one-letter text padded with a space so it cannot match inside a word);
 * right when a number equals a gold number or a gold text is contained in
 * a predicted text. A gold answer may be a list of right answers.
 * What differs: where upstream picks a random letter for a reply naming
 * none (random.choice, seeded once per process), this picks one from a
 * hash of the question id and the reply, so a re-score gives the same
 * reward and the expected score is upstream's; numbers round half to even
 * on exact binary ties as Python's round does, and \d and \b are ASCII
 * (Python's are Unicode). Pure, no I/O.
 */
import { pyFloat } from "./python-float";
import type { ScoreInputOf, ScoreResult } from "./types";

const LETTERS = "ABCDEFGHIJ";
const STRIP = [",", ".", "!", "?", ";", ":", "'"];
const KEY_INDICATORS = ["could be ", "so ", "is ", "thus ", "therefore ", "final ", "answer ", "result "];

/** Python's str.strip(c) for one character c. */
function stripChar(s: string, c: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === c) a++;
  while (b > a && s[b - 1] === c) b--;
  return s.slice(a, b);
}

/** A stable 32-bit hash (FNV-1a) for the deterministic stand-in of upstream's random choice. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** parse_multi_choice_response: the letter a reply names, and how it was found. */
export function parseMultiChoice(response: string, options: readonly string[], salt: string): { letter: string; how: "bracket" | "letter" | "text" | "none" } {
  const choices = LETTERS.slice(0, options.length).split("");
  let r = response;
  for (const c of STRIP) r = stripChar(r, c);
  r = ` ${r} `;
  let how: "bracket" | "letter" | "text" | "none" = "bracket";
  let candidates = choices.filter((c) => r.includes(`(${c})`));
  if (candidates.length === 0) {
    how = "letter";
    candidates = choices.filter((c) => r.includes(` ${c} `));
  }
  // Python's str.split() with no argument: runs of whitespace, ends ignored.
  if (candidates.length === 0 && r.split(/\s+/).filter(Boolean).length > 5) {
    how = "text";
    const lower = r.toLowerCase();
    candidates = choices.filter((c, i) => lower.includes(options[i]!.toLowerCase()));
  }
  if (candidates.length === 0) return { letter: choices[fnv1a(`${salt}\n${response}`) % choices.length]!, how: "none" };
  if (candidates.length === 1) return { letter: candidates[0]!, how };
  const lower = r.toLowerCase();
  const at = candidates.map((c) => (how === "bracket" ? r.lastIndexOf(`(${c})`) : how === "letter" ? r.lastIndexOf(` ${c} `) : lower.lastIndexOf(options[choices.indexOf(c)]!.toLowerCase())));
  // np.argmax: the first of the largest.
  let best = 0;
  for (let i = 1; i < at.length; i++) if (at[i]! > at[best]!) best = i;
  return { letter: candidates[best]!, how };
}

/** Python's round(x, 2): to two decimals, half to even on an exact binary tie. */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return x;
  // An exact tie (x * 100 ends in .5 exactly) is a multiple of 1/8, where both products below are exact.
  const scaled = x * 100;
  if (Number.isInteger(x * 8) && Math.abs(scaled % 1) === 0.5) {
    const down = Math.floor(scaled);
    return (down % 2 === 0 ? down : down + 1) / 100;
  }
  return Number(x.toFixed(2));
}

/** normalize_str: a number (rounded to 2 decimals), or lower-case text (one letter padded both ways). */
export function normalizeStr(s: string): (string | number)[] {
  const t = s.trim();
  const n = pyFloat(t.replaceAll(",", ""));
  if (n !== null) return [round2(n)];
  const lower = t.toLowerCase();
  return lower.length === 1 ? [` ${lower}`, `${lower} `] : [lower];
}

/** extract_numbers: numbers with thousands commas, in scientific notation, then simple ones, as found. */
export function extractNumbers(s: string): string[] {
  const commas = s.match(/-?\b\d{1,3}(?:,\d{3})+\b/g) ?? [];
  const scientific = s.match(/-?\d+(?:\.\d+)?[eE][+-]?\d+/g) ?? [];
  const simple = s.match(/-?(?:\d+\.\d+|\.\d+|\d+\b)(?![eE][+-]?\d+)(?![,\d])/g) ?? [];
  return [...commas, ...scientific, ...simple];
}

/** parse_open_response: the normalised predictions of a reply, without repeats. */
export function parseOpen(response: string): (string | number)[] {
  const r = stripChar(response.trim(), ".").toLowerCase();
  // Upstream splits on ". " before a capital after lower-casing, so in effect only on newlines; kept as written.
  const subs = r.split(/\.\s(?=[A-Z])|\n/);
  const keys: string[] = [];
  subs.forEach((sub, index) => {
    const indicators = index === subs.length - 1 ? [...KEY_INDICATORS, "="] : KEY_INDICATORS;
    let shortest: string | null = null;
    for (const ind of indicators) {
      if (!sub.includes(ind)) continue;
      const tail = sub.split(ind).pop()!.trim();
      // `if not shortest_key_response`: an empty tail counts as none found yet.
      if (!shortest) shortest = tail;
      else if (tail.length < shortest.length) shortest = tail;
    }
    if (shortest && ![":", ",", ".", "!", "?", ";", "'"].includes(shortest.trim())) keys.push(shortest);
  });
  const base = keys.length ? keys : [r];
  const preds = [...base, ...base.flatMap(extractNumbers)];
  const out: (string | number)[] = [];
  for (const p of preds.flatMap(normalizeStr)) if (!out.some((o) => Object.is(o, p) || o === p)) out.push(p);
  return out;
}

/** eval_open: a predicted number equal to a gold one, or a gold text inside a predicted text. */
export function evalOpen(gold: readonly string[], preds: readonly (string | number)[]): boolean {
  const norm = gold.flatMap(normalizeStr);
  return preds.some((p) => (typeof p === "string" ? norm.some((g) => typeof g === "string" && p.includes(g)) : norm.some((g) => g === p)));
}

export function scoreMmmu(input: ScoreInputOf<"mmmu">): ScoreResult {
  const row = input.row ?? {};
  const type = row.question_type;
  const id = typeof row.id === "string" ? row.id : "";
  if (type === "multiple-choice") {
    const options = Array.isArray(row.options) ? row.options.map(String) : null;
    const gold = typeof row.answer === "string" ? row.answer : input.expected;
    if (!options || options.length < 2 || !gold) return { reward: null, reason: "the row has no options or no answer letter" };
    const { letter, how } = parseMultiChoice(input.output, options, id);
    const right = letter === gold;
    const found = how === "none" ? `names no option, so a letter is drawn as upstream's random choice would (${letter})` : `reads as (${letter})`;
    return { reward: right ? 1 : 0, reason: `the reply ${found}; the answer is (${gold})` };
  }
  if (type === "open") {
    const gold = Array.isArray(row.answers) ? row.answers.map(String) : input.expected !== null ? [input.expected] : null;
    if (!gold || gold.length === 0) return { reward: null, reason: "the row has no answer" };
    const preds = parseOpen(input.output);
    const right = evalOpen(gold, preds);
    return { reward: right ? 1 : 0, reason: `${right ? "a prediction matches" : "no prediction matches"} ${gold.map((g) => JSON.stringify(g)).join(" or ")} (predictions: ${preds.slice(0, 8).map((p) => JSON.stringify(p)).join(", ")})` };
  }
  return { reward: null, reason: `the row's question_type is ${JSON.stringify(type)}, neither multiple-choice nor open` };
}
