/**
 * Scorer `math_vision`: MATH-Vision's published evaluation
 * (mathllm/MATH-V, evaluation/evaluate.py and evaluation/utils.py at
 * 1d361180), written again here, not copied. What follows upstream:
 *  - the answer extraction of evaluate(): a reply ending " X." / " (X)."
 *    or starting "X\n" / "(X)\n" / "(X) X\n" is the letter X; a reply whose
 *    text after its last "is " is a number is that number; without
 *    \boxed{}, the text after the last "the final answer is", "the answer
 *    is", "the correct answer is" or "the answer should be" (either case),
 *    up to its line end or ". "; with several \boxed{}, the last one;
 *  - find_math_answer(): lower case, the \boxed{...} content, the part after
 *    the last "=" or "\approx", LaTeX clean-up (\text, \left/\right,
 *    degrees, spaces, units m^3/km/units) and _strip_string (dfrac/tfrac,
 *    $, \%, leading ".", "0.5" as \frac{1}{2}, "a/b" as \frac{a}{b}), then
 *    "(a)" → "a" for the option letters and trailing "." removed;
 *  - is_equal(): correct when the normalised answer equals the gold letter
 *    or the gold option's text (both lower case), equal text, equal tuples
 *    "(x,y)" / "[x,y]" with each element evaluated and rounded to 2
 *    decimals, or the same value rounded to 2 decimals.
 * What differs: upstream evaluates values with latex2sympy and Python's
 * eval; here a small evaluator reads numbers, + - * / ^, \cdot, \times,
 * \div, \frac, \sqrt, \pi, e and parentheses or braces (implicit products
 * such as 2\sqrt{3} included). An answer it cannot evaluate (a symbolic
 * expression with variables) is compared as normalised text only, where
 * sympy might have found the two equal. The gold answer is taken as
 * written, as upstream does (only lower-cased).
 * Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";

const LETTERS = "ABCDE";
const FLAGS = ["the final answer is", "the answer is", "the correct answer is", "the answer should be"];

/** Python's float() on a string, near enough: a decimal or exponent number, inf or nan. */
function isNumber(s: string): boolean {
  return /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(s) || /^\s*[+-]?(?:inf|infinity|nan)\s*$/i.test(s);
}

/** Python's str.rstrip(chars) / lstrip(chars) for one character. */
const rstrip = (s: string, c: string) => {
  let end = s.length;
  while (end > 0 && s[end - 1] === c) end--;
  return s.slice(0, end);
};
const lstrip = (s: string, c: string) => {
  let start = 0;
  while (start < s.length && s[start] === c) start++;
  return s.slice(start);
};
/** Python's str.split(sep)[-1]. */
const afterLast = (s: string, sep: string) => s.slice(s.lastIndexOf(sep) === -1 ? 0 : s.lastIndexOf(sep) + sep.length);
/** Python's str.split(sep)[0]. */
const beforeFirst = (s: string, sep: string) => (s.indexOf(sep) === -1 ? s : s.slice(0, s.indexOf(sep)));

/** evaluate()'s extraction, before find_math_answer. */
function extractRaw(response: string): string {
  let answer = response.trim();
  for (const c of LETTERS) {
    if (answer.endsWith(` ${c}.`) || answer.endsWith(` (${c}).`) || answer.startsWith(`${c}\n`) || answer.startsWith(`(${c})\n`) || answer.startsWith(`(${c}) ${c}\n`)) {
      answer = c;
    }
  }
  const afterIs = rstrip(afterLast(answer, "is "), ".");
  if (isNumber(afterIs)) answer = afterIs;
  if (!answer.includes("oxed{")) {
    for (const lower of FLAGS) {
      for (const flag of [lower, lower.replaceAll("the", "The")]) {
        const had = answer.includes(flag);
        answer = afterLast(answer, flag).trim();
        if (had) answer = beforeFirst(beforeFirst(answer, "\n"), ". ");
      }
    }
  } else if (answer.split("oxed{").length - 1 > 1) {
    answer = "\\boxed{" + afterLast(answer, "oxed{");
  }
  return answer;
}

function fixSqrt(s: string): string {
  if (!s.includes("\\sqrt")) return s;
  const [head, ...rest] = s.split("\\sqrt");
  return head + rest.map((p) => (p.length > 0 && p[0] !== "{" ? `\\sqrt{${p[0]}}${p.slice(1)}` : `\\sqrt${p}`)).join("");
}

function fixFracs(s: string): string {
  const [head, ...rest] = s.split("\\frac");
  let out = head!;
  for (const sub of rest) {
    out += "\\frac";
    if (sub.length > 0 && sub[0] === "{") out += sub;
    else {
      if (sub.length < 2) return s;
      const [a, b] = [sub[0]!, sub[1]!];
      out += b !== "{" ? `{${a}}{${b}}${sub.slice(2)}` : `{${a}}${b}${sub.slice(2)}`;
    }
  }
  return out;
}

function fixSlash(s: string): string {
  const parts = s.split("/");
  if (parts.length !== 2) return s;
  const [a, b] = parts as [string, string];
  if (!/^-?\d+$/.test(a) || !/^-?\d+$/.test(b) || s !== `${Number(a)}/${Number(b)}`) return s;
  return `\\frac{${Number(a)}}{${Number(b)}}`;
}

function stripString(input: string): string {
  let s = input.replaceAll("\n", "").replaceAll("\\!", "").replaceAll("\\\\", "\\");
  s = s.replaceAll("tfrac", "frac").replaceAll("dfrac", "frac").replaceAll("\\left", "").replaceAll("\\right", "");
  s = s.replaceAll("^{\\circ}", "").replaceAll("^\\circ", "").replaceAll("\\$", "").replaceAll("$", "");
  s = beforeFirst(s, "\\text{ ");
  s = s.replaceAll("\\%", "");
  s = s.replaceAll(" .", " 0.").replaceAll("{.", "{0.");
  if (s.length === 0) return s;
  if (s[0] === ".") s = "0" + s;
  if (s.split("=").length === 2) s = afterLast(s, "=");
  if (s.split("\\approx").length === 2) s = afterLast(s, "\\approx");
  if (s.includes("sqrt")) s = fixSqrt(s);
  s = s.replaceAll(" ", "");
  // Upstream fixes \frac only when the answer has a square root; kept as it is.
  if (s.includes("sqrt")) s = fixFracs(s);
  if (s === "0.5") s = "\\frac{1}{2}";
  return fixSlash(s);
}

/** utils.find_math_answer. */
export function findMathAnswer(input: string): string {
  let s = input.toLowerCase();
  s = s.replaceAll("{}", "");
  const boxed = [...s.matchAll(/oxed\{([\s\S]*)\}/g)];
  let ans = boxed.length ? boxed[boxed.length - 1]![1]! : s;
  const close = ans.indexOf("}");
  if (close !== -1 && (ans.indexOf("{") === -1 || close < ans.indexOf("{"))) ans = beforeFirst(ans, "}");
  ans = afterLast(ans, "=");
  ans = afterLast(ans, "\\approx");
  ans = ans.replaceAll(" ", "").replaceAll("\\,", "").replaceAll("∞", "\\infty");
  ans = ans.replaceAll("+\\infty", "\\infty").replaceAll("\\\\", "\\").replaceAll("\n", "");
  ans = ans.replaceAll("\\text", "").replaceAll("\\mbox", "").replaceAll("bmatrix", "pmatrix");
  ans = ans.replaceAll("\\left", "").replaceAll("\\right", "").replaceAll("^{\\circ}", "");
  ans = ans.replaceAll("^\\circ", "").replaceAll("{m}^3", "").replaceAll("m^3", "");
  ans = ans.replaceAll("{units}", "").replaceAll("units", "").replaceAll("{km}", "").replaceAll("km", "");
  return stripString(ans);
}

/** The model's answer as upstream's evaluate() records it (model_answer). */
export function mathVisionAnswer(response: string): string {
  let answer = findMathAnswer(extractRaw(response));
  for (const c of "abcde") answer = answer.replaceAll(`(${c})`, c).replaceAll(`{${c}}`, c);
  return lstrip(rstrip(answer, "."), ":").trim();
}

// ---------------------------------------------------------------- values

/** Bound on evaluator work: an answer is short; anything longer is compared as text. */
const MAX_EXPR_CHARS = 200;

/**
 * The value of a numeric LaTeX expression, or null when it is not one (a
 * variable, a relation, text). Recursive descent over a bounded input.
 */
export function evaluateLatex(input: string): number | null {
  const src = input.replaceAll("\\left", "").replaceAll("\\right", "").replaceAll("\\cdot", "*").replaceAll("\\times", "*").replaceAll("\\div", "/").replaceAll("×", "*").replaceAll("÷", "/");
  if (src.length === 0 || src.length > MAX_EXPR_CHARS) return null;
  const tokens = src.match(/\\frac|\\sqrt|\\pi|π|\d+(?:\.\d*)?|\.\d+|[-+*/^(){}[\]]|\s+|./g) ?? [];
  const toks = tokens.filter((t) => !/^\s+$/.test(t));
  let i = 0;
  const peek = () => toks[i];
  const expect = (t: string) => {
    if (toks[i] !== t) throw new Error(`expected ${t}`);
    i++;
  };
  const group = (): number => {
    if (peek() === "{") {
      i++;
      const v = sum();
      expect("}");
      return v;
    }
    // \frac12 after clean-up is \frac{1}{2}; a bare single token is still read.
    return atom();
  };
  const atom = (): number => {
    const t = toks[i++];
    if (t === undefined) throw new Error("end");
    if (t === "(" || t === "{" || t === "[") {
      const close = t === "(" ? ")" : t === "{" ? "}" : "]";
      const v = sum();
      expect(close);
      return v;
    }
    if (t === "\\frac") {
      const a = group();
      const b = group();
      if (b === 0) throw new Error("div0");
      return a / b;
    }
    if (t === "\\sqrt") {
      if (peek() === "[") {
        i++;
        const n = sum();
        expect("]");
        return Math.pow(group(), 1 / n);
      }
      return Math.sqrt(group());
    }
    if (t === "\\pi" || t === "π") return Math.PI;
    if (t === "e") return Math.E;
    if (/^(?:\d|\.\d)/.test(t)) return Number(t);
    throw new Error(`token ${t}`);
  };
  const power = (): number => {
    const base = atom();
    if (peek() === "^") {
      i++;
      return Math.pow(base, unary());
    }
    return base;
  };
  const unary = (): number => {
    if (peek() === "-") {
      i++;
      return -unary();
    }
    if (peek() === "+") {
      i++;
      return unary();
    }
    return power();
  };
  const startsFactor = (t: string | undefined) => t !== undefined && (t === "(" || t === "{" || t === "\\frac" || t === "\\sqrt" || t === "\\pi" || t === "π" || t === "e" || /^(?:\d|\.\d)/.test(t));
  const product = (): number => {
    let v = unary();
    for (;;) {
      const t = peek();
      if (t === "*" || t === "/") {
        i++;
        const r = unary();
        if (t === "/" && r === 0) throw new Error("div0");
        v = t === "*" ? v * r : v / r;
      } else if (startsFactor(t)) v *= power();
      else return v;
    }
  };
  const sum = (): number => {
    let v = product();
    while (peek() === "+" || peek() === "-") v = toks[i++] === "+" ? v + product() : v - product();
    return v;
  };
  try {
    const v = sum();
    return i === toks.length && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** Python's round(x, 2) as text, integers without a fraction. */
function round2(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Number.isInteger(r) ? String(r) : String(r);
}

/** utils.eval_tuple: "(a,b)" or "[a,b]" with each element's value rounded to 2 decimals; unchanged when any element is not a value. */
function evalTuple(s: string): string {
  if (s.length < 2) return s;
  const open = s[0];
  const close = s[s.length - 1];
  const items = s.slice(1, -1).split(",");
  if (items.length <= 1 || !((open === "(" && close === ")") || (open === "[" && close === "]"))) return s;
  const out: string[] = [];
  for (const item of items) {
    if (item.includes("infty") || item === "a" || item === "-a") {
      out.push(item);
      continue;
    }
    const v = evaluateLatex(item);
    if (v === null) return s;
    out.push(round2(v));
  }
  return `${open}${out.join(",")}${close}`;
}

/** utils.is_equal. */
export function mathVisionEqual(a: string, b: string): boolean {
  let x = a.toLowerCase();
  let y = b.toLowerCase();
  if (x.replaceAll(" ", "") === "" || y.replaceAll(" ", "") === "") return false;
  if (x.trim() === y.trim()) return true;
  x = evalTuple(x);
  y = evalTuple(y);
  if (x === y) return true;
  const vx = evaluateLatex(x);
  const vy = evaluateLatex(y);
  return vx !== null && vy !== null && round2(vx) === round2(vy);
}

export function scoreMathVision(input: ScoreInputOf<"math_vision">): ScoreResult {
  const gold = input.expected?.trim() ?? "";
  if (!gold) return { reward: null, reason: "the row has no expected answer" };
  const choices = input.choices ?? [];
  const index = LETTERS.indexOf(gold);
  const goldValue = choices.length > 0 && index >= 0 ? (choices[index] ?? "") : "";
  const answer = mathVisionAnswer(input.output);
  const right = mathVisionEqual(gold, answer) || mathVisionEqual(goldValue, answer);
  const shown = answer === "" ? "no answer" : `'${answer.slice(0, 200)}'`;
  const expected = goldValue && goldValue !== gold ? `${gold} (${goldValue.slice(0, 200)})` : gold;
  return { reward: right ? 1 : 0, reason: right ? `answer ${shown} matches ${expected}` : `answer ${shown}; expected ${expected}` };
}
