/**
 * Scorer `anls`: DocVQA's Average Normalized Levenshtein Similarity as
 * VLMEvalKit computes it (vlmeval/dataset/utils/vqa_eval.py anls_compute
 * and hit_calculate at e8e78f05; the metric of Biten et al. 2019), written
 * again here. Against each gold answer: both texts trimmed, lower-cased
 * and their whitespace runs joined by one space, the Levenshtein distance
 * between them divided by the longer of the two texts as given (upstream
 * divides by the lengths before normalising, kept here); the reward is 1
 * minus the smallest such distance, or 0 when that is below the threshold
 * (0.5). The whole reply is the prediction. Pure, no I/O.
 */
import { goldAnswers, quote } from "./text";
import type { ScoreInputOf, ScoreResult } from "./types";

/** Levenshtein distance by code unit, as upstream's loop over Python characters (the same for text in the Basic Multilingual Plane). */
export function levenshtein(a: string, b: string): number {
  if (a.length > b.length) [a, b] = [b, a];
  let prev = Array.from({ length: a.length + 1 }, (_, i) => i);
  for (let j = 0; j < b.length; j++) {
    const cur = [j + 1];
    for (let i = 0; i < a.length; i++) cur.push(a[i] === b[j] ? prev[i]! : 1 + Math.min(prev[i]!, prev[i + 1]!, cur[i]!));
    prev = cur;
  }
  return prev[a.length]!;
}

/** anls_compute: the normalised distance (0 same, 1 nothing shared). */
export function anlsDistance(gold: string, prediction: string): number {
  const g = gold.trim().toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  const p = prediction.trim().toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  const length = Math.max(gold.toUpperCase().length, prediction.toUpperCase().length);
  return length === 0 ? 0 : levenshtein(g, p) / length;
}

export function scoreAnls(input: ScoreInputOf<"anls">): ScoreResult {
  const gold = goldAnswers(input.row, input.expected);
  if (gold.length === 0) return { reward: null, reason: "the row has no answer" };
  const distances = gold.map((g) => anlsDistance(g, input.output));
  const best = Math.min(...distances);
  const nearest = gold[distances.indexOf(best)]!;
  const similarity = 1 - best;
  const reward = similarity < input.spec.threshold ? 0 : similarity;
  return {
    reward,
    reason: `nearest answer ${quote(nearest)}: similarity ${similarity.toFixed(3)}${reward === 0 && similarity > 0 ? ` (under ${input.spec.threshold}, so 0)` : ""}`,
  };
}
