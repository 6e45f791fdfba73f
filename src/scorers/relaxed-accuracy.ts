/**
 * Scorer `relaxed_accuracy`: ChartQA's relaxed accuracy as VLMEvalKit
 * computes it (vlmeval/dataset/utils/vqa_eval.py relaxed_correctness and
 * hit_calculate, at e8e78f05; the rule of Masry et al. 2022 after Methani
 * et al. 2020), written again here. The whole reply, trimmed, is the
 * prediction; against each gold answer it is right when both read as
 * numbers (a trailing % divides by 100) and the gold one is not zero and
 * |prediction - gold| / |gold| <= max_relative_change (0.05), else when the
 * two texts are equal ignoring case. The reward is 1 when any gold answer
 * matches (np.max over them). A reply that wraps its answer in a sentence
 * scores 0, as upstream. Pure, no I/O.
 */
import { pyFloat } from "./python-float";
import { goldAnswers, quote } from "./text";
import type { ScoreInputOf, ScoreResult } from "./types";

/** relaxed_correctness's _to_float: a number, or a percentage as its fraction. */
function toFloat(text: string): number | null {
  if (!text.endsWith("%")) return pyFloat(text);
  // text.rstrip('%'): every trailing %.
  const n = pyFloat(text.replace(/%+$/, ""));
  return n === null ? null : n / 100;
}

/** relaxed_correctness(target, prediction, max_relative_change). */
export function relaxedCorrectness(target: string, prediction: string, maxRelativeChange = 0.05): boolean {
  const p = toFloat(prediction);
  const t = toFloat(target);
  // `and target_float`: a gold 0 (or NaN) falls through to the text comparison.
  if (p !== null && t !== null && t !== 0 && !Number.isNaN(t)) return Math.abs(p - t) / Math.abs(t) <= maxRelativeChange;
  return prediction.toLowerCase() === target.toLowerCase();
}

export function scoreRelaxedAccuracy(input: ScoreInputOf<"relaxed_accuracy">): ScoreResult {
  const gold = goldAnswers(input.row, input.expected);
  if (gold.length === 0) return { reward: null, reason: "the row has no answer" };
  const pred = input.output.trim();
  const hit = gold.find((g) => relaxedCorrectness(g, pred, input.spec.max_relative_change));
  return {
    reward: hit !== undefined ? 1 : 0,
    reason: hit !== undefined ? `${quote(pred)} matches ${quote(hit)} (within ${input.spec.max_relative_change * 100}% or the same text)` : `${quote(pred)} matches none of ${gold.map(quote).join(", ")}`,
  };
}
