/**
 * Scorer `ocrbench`: OCRBench's substring match as VLMEvalKit scores it
 * (vlmeval/dataset/image_vqa.py OCRBench.evaluate at e8e78f05, the rule of
 * Liu et al. 2023), written again here. Right when any gold answer is
 * contained in the reply: for Handwritten Mathematical Expression
 * Recognition after removing every space and newline from both (case
 * kept); for the nine other categories after lower-casing both, trimming
 * them and turning newlines into spaces. OCRBench's final score counts the
 * right answers out of 1,000 (a mean reward times 1,000). Pure, no I/O.
 */
import { goldAnswers, quote } from "./text";
import type { ScoreInputOf, ScoreResult } from "./types";

export const HME_CATEGORY = "Handwritten Mathematical Expression Recognition";

/** Whether the prediction holds one of the answers under the category's rule; the one it holds, or null. */
export function ocrbenchMatch(category: string, answers: readonly string[], prediction: string): string | null {
  if (category === HME_CATEGORY) {
    const p = prediction.trim().replaceAll("\n", " ").replaceAll(" ", "");
    return answers.find((a) => p.includes(a.trim().replaceAll("\n", " ").replaceAll(" ", ""))) ?? null;
  }
  const p = prediction.toLowerCase().trim().replaceAll("\n", " ");
  return answers.find((a) => p.includes(a.toLowerCase().trim().replaceAll("\n", " "))) ?? null;
}

export function scoreOcrbench(input: ScoreInputOf<"ocrbench">): ScoreResult {
  const gold = goldAnswers(input.row, input.expected);
  if (gold.length === 0) return { reward: null, reason: "the row has no answer" };
  const category = typeof input.row?.category === "string" ? input.row.category : "";
  const hit = ocrbenchMatch(category, gold, input.output);
  return hit !== null
    ? { reward: 1, reason: `the reply contains ${quote(hit)}${category === HME_CATEGORY ? " (spaces ignored)" : " (case ignored)"}` }
    : { reward: 0, reason: `the reply contains none of ${gold.map(quote).join(", ")}` };
}
