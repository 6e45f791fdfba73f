/**
 * Scorer `vlm_choice`: a multiple-choice answer as VLMEvalKit scores its
 * image MCQ datasets such as RealWorldQA (vlmeval/dataset/image_mcq.py
 * evaluate, utils/multiple_choice.py extract_answer_from_item and
 * vlmeval/utils/matching_util.py can_infer at e8e78f05), written again
 * here. The letter is read from the reply by can_infer: a single option
 * letter standing alone among its last words (after . ( ) [ ] , : ; ! * #
 * { } become spaces), else "answer is X", else the one option whose text
 * a short reply contains. When it reads none and the run has a judge, the
 * judge is asked which option the reply chose (upstream's judge prompt is
 * its own; this one is stated below), and its reply is read the same way;
 * without a judge an unread reply is wrong, as upstream's exact_matching
 * mode counts it. Right when the letter is the gold one. Pure but for the
 * injected judge.
 */
import { quote } from "./text";
import type { ScoreDeps, ScoreInputOf, ScoreResult } from "./types";
import { canInfer, lettered } from "./vlmeval-text";

/** What the judge is asked when the reply names no option. */
export function choiceJudgePrompt(question: string, options: Readonly<Record<string, string>>, prediction: string): string {
  const listed = Object.entries(options).map(([k, v]) => `${k}. ${v}`).join("\n");
  return (
    "You are helping to read which option of a multiple-choice question an answer chose.\n" +
    `Question: ${question}\nOptions:\n${listed}\nZ. None of the options, or the answer chooses none\n` +
    `Answer: ${prediction}\n` +
    "Reply with the single letter of the option the answer chose."
  );
}

export async function scoreVlmChoice(input: ScoreInputOf<"vlm_choice">, deps: ScoreDeps): Promise<ScoreResult> {
  const options = Array.isArray(input.choices) && input.choices.length ? lettered(input.choices) : Array.isArray(input.row?.options) ? lettered((input.row.options as unknown[]).map(String)) : null;
  const gold = input.expected?.trim().toUpperCase();
  if (!options || !gold) return { reward: null, reason: "the row has no options or no answer letter" };
  let letter = canInfer(input.output, options);
  let how = "read from the reply";
  if (letter === null && deps.judge) {
    const question = typeof input.row?.question === "string" ? input.row.question : "";
    const verdict = await deps.judge([{ role: "user", content: choiceJudgePrompt(question, options, input.output) }]);
    letter = canInfer(verdict.text, { ...options, Z: "none of the options" });
    how = "the judge's reading";
  }
  if (letter === null) return { reward: 0, reason: `the reply ${quote(input.output)} names no option${deps.judge ? " (nor does the judge's reading)" : ""}; the answer is ${gold}` };
  return { reward: letter === gold ? 1 : 0, reason: `${how}: ${letter === "Z" ? "no option" : letter}; the answer is ${gold}` };
}
