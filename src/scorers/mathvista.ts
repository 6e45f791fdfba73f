/**
 * Scorer `mathvista`: MathVista's answer extraction and check as VLMEvalKit
 * runs them on its MathVista_MINI table (vlmeval/dataset/utils/mathvista.py
 * post_check, MathVista_auxeval and build_mathvista_gpt4_prompt at
 * e8e78f05, after Lu et al. 2024), written again here.
 *  1. Prefetch: a multiple-choice reply whose option can_infer reads, or a
 *     free-form reply that is itself the integer / float answer, is checked
 *     as it is.
 *  2. Otherwise the answer is extracted: by the run's judge when it has one,
 *     with upstream's five in-context examples (one call, where upstream
 *     retries up to five times); without a judge, by a stated rule in place
 *     of the GPT extractor: the text after the last "answer is" or
 *     "Answer:" (to its line end, stripped of $ * and closing punctuation),
 *     else for a number answer the last number of the reply, else the reply.
 *  3. The extraction is checked: the option can_infer reads from it against
 *     the gold letter; int() / float() of it against an integer / float
 *     answer; for text and list answers the trimmed text against the
 *     answer's, as MathVista's own calculate_score compares them (VLMEvalKit
 *     compares str(None) there, so it never credits them).
 * The rule extractor reads less than a model would: a reply that states
 * its result only in prose ("eight") is wrong without a judge.
 * Pure but for the injected judge.
 */
import { pyFloat } from "./python-float";
import { quote } from "./text";
import type { ScoreDeps, ScoreInputOf, ScoreResult } from "./types";
import { canInfer, lettered } from "./vlmeval-text";

const EXAMPLES = [
  "Hint: Please answer the question requiring an integer answer and provide the final value,\ne.g., 1, 2, 3, at the end.\n\nQuestion: Which number is missing?\n\nModel response: The number missing in the sequence is 14.\n\nExtracted answer: 14\n",
  "Hint: Please answer the question requiring a floating-point number with one decimal place and provide the final value,\ne.g., 1.2, 1.3, 1.4, at the end.\n\nQuestion: What is the fraction of females facing the camera?\n\nModel response: The fraction of females facing the camera is 0.6,\nwhich means that six out of ten females in the group are facing the camera.\n\nExtracted answer: 0.6\n",
  "Hint: Please answer the question requiring a floating-point number with two decimal places and provide the final value,\ne.g., 1.23, 1.34, 1.45, at the end.\n\nQuestion: How much money does Luca need to buy a sour apple candy and a butter-scotch candy? (Unit: $)\n\nModel response: Luca needs $1.45 to buy a sour apple candy and a butterscotch candy.\n\nExtracted answer: 1.45\n",
  "Hint: Please answer the question requiring a Python list as an answer and provide the final list,\ne.g., [1, 2, 3], [1.2, 1.3, 1.4], at the end.\n\nQuestion: Between which two years does the line graph saw its maximum peak?\n\nModel response: The line graph saw its maximum peak between 2007 and 2008.\n\nExtracted answer: [2007, 2008]\n",
  "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, at the end.\n\nQuestion: What fraction of the shape is blue?\n\nChoices: (A) 3/11 (B) 8/11 (C) 6/11 (D) 3/5\n\nModel response: The correct answer is (B) 8/11.\n\nExtracted answer: B\n",
];

/** build_mathvista_gpt4_prompt, its spelling kept ("Model respone:" and no newline before "Extracted answer:"). */
export function mathvistaExtractPrompt(question: string, prediction: string): string {
  let prompt = "\nPlease read the following example.\nThen extract the answer from the model response and type it at the end of the prompt.\n\n";
  for (const e of EXAMPLES) prompt += `\n${e}\n`;
  return `${prompt}${question}\nModel respone: ${prediction}Extracted answer:`;
}

/** Python's int() of a whole text (an integer literal, whitespace allowed), or null. */
function pyInt(text: string): number | null {
  const t = text.trim();
  return /^[+-]?\d(?:_?\d)*$/.test(t) ? Number(t.replaceAll("_", "")) : null;
}

export interface MathvistaRow {
  question_type: "multi_choice" | "free_form";
  answer_type: string;
  answer: string;
  answer_option: string | null;
  choices: string[];
}

/** post_check: whether `response` (a reply or an extraction) is the row's answer. */
export function mathvistaCheck(row: MathvistaRow, response: string): boolean {
  if (row.question_type === "multi_choice") return row.answer_option !== null && canInfer(response, lettered(row.choices)) === row.answer_option;
  if (row.answer_type === "integer") {
    const r = pyInt(response);
    return r !== null && r === pyInt(row.answer);
  }
  if (row.answer_type === "float") {
    const r = pyFloat(response);
    return r !== null && r === pyFloat(row.answer);
  }
  return response.trim() === row.answer.trim();
}

/** The rule used in place of the GPT extractor. */
export function ruleExtract(row: MathvistaRow, reply: string): string {
  let after: string | null = null;
  for (const m of reply.matchAll(/answer\s+is|answer:/gi)) after = reply.slice(m.index + m[0].length);
  if (after !== null) {
    const t = after.split("\n")[0]!.replace(/[*$]/g, "").trim().replace(/[.,;:!]+$/, "").trim();
    if (t) return t;
  }
  if (row.question_type === "free_form" && (row.answer_type === "integer" || row.answer_type === "float")) {
    const nums = reply.match(/-?\d+(?:\.\d+)?/g);
    if (nums) return nums[nums.length - 1]!;
  }
  return reply.trim();
}

/** The row's MathVista fields, or why it lacks them. */
function rowOf(row: Record<string, unknown> | undefined, expected: string | null): MathvistaRow | string {
  if (!row) return "the row is missing";
  const qt = row.question_type;
  if (qt !== "multi_choice" && qt !== "free_form") return `question_type ${JSON.stringify(qt)} is neither multi_choice nor free_form`;
  const answer = typeof row.answer === "string" ? row.answer : expected;
  if (answer === null) return "the row has no answer";
  const choices = Array.isArray(row.choices) ? row.choices.map(String) : [];
  const option = typeof row.answer_option === "string" ? row.answer_option : null;
  if (qt === "multi_choice" && (choices.length === 0 || option === null)) return "a multiple-choice row without choices or answer_option";
  return { question_type: qt, answer_type: typeof row.answer_type === "string" ? row.answer_type : "text", answer, answer_option: option, choices };
}

export async function scoreMathvista(input: ScoreInputOf<"mathvista">, deps: ScoreDeps): Promise<ScoreResult> {
  const row = rowOf(input.row, input.expected);
  if (typeof row === "string") return { reward: null, reason: row };
  const gold = row.question_type === "multi_choice" ? `(${row.answer_option}) ${row.answer}` : row.answer;
  // Prefetch: upstream takes a prefetched match as it is (a falsy one, such as the integer 0, goes on to extraction).
  if (mathvistaCheck(row, input.output) && !(row.question_type === "free_form" && pyFloat(input.output) === 0)) {
    return { reward: 1, reason: `the reply itself is the answer ${quote(gold)}` };
  }
  let extracted: string;
  let how: string;
  if (deps.judge) {
    const question = typeof input.row?.question === "string" ? input.row.question : "";
    extracted = (await deps.judge([{ role: "user", content: mathvistaExtractPrompt(question, input.output) }])).text.trim();
    how = "the judge extracted";
  } else {
    extracted = ruleExtract(row, input.output);
    how = "extracted by rule (no judge)";
  }
  const right = mathvistaCheck(row, extracted);
  return { reward: right ? 1 : 0, reason: `${how} ${quote(extracted)}; the answer is ${quote(gold)}` };
}
