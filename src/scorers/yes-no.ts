/**
 * Scorer `yes_no`: a yes/no answer as VLMEvalKit reads HallusionBench's
 * (vlmeval/dataset/image_yorn.py evaluate and utils/yorn.py YOrN_Extraction,
 * YOrN_match_prompt and Hallusion_rating at e8e78f05), written again here.
 * The reply, lower-cased and stripped of punctuation (process_punctuation),
 * is Yes when its words hold "yes" and not "no", No for the reverse, else
 * Unknown; an Unknown is put to the run's judge, when the run has one, with
 * upstream's matching prompt (one call where upstream tries up to five, at
 * rising temperature), and read the same way. Without a judge an Unknown
 * stays Unknown, as upstream's exact_matching mode leaves it: wrong. Right
 * when the reading equals the gold Yes/No. HallusionBench's figure and
 * question accuracies (fAcc, qAcc: the share of figures, and of questions,
 * all of whose rows are right) need the row's groups: the scorer reports
 * them as `groups` for /scores to pool, beside aAcc, the mean reward.
 * Pure but for the injected judge.
 */
import type { ScoreDeps, ScoreInputOf, ScoreResult } from "./types";
import { processPunctuation } from "./vlmeval-text";

/** YOrN_Extraction. */
export function yesNoOf(text: string): "Yes" | "No" | "Unknown" {
  const words = processPunctuation(text.toLowerCase()).split(/\s+/).filter(Boolean);
  const yes = words.includes("yes");
  const no = words.includes("no");
  if (yes && !no) return "Yes";
  if (!yes && no) return "No";
  return "Unknown";
}

/** YOrN_match_prompt: the judge is asked which of Yes / No the answer means. */
export function yesNoMatchPrompt(question: string, prediction: string): string {
  return (
    "You are an AI assistant who will help me to match an answer with two options of a question. " +
    "The options are only Yes / No. " +
    "You are provided with a question and an answer, " +
    "and you need to find which option (Yes / No) is most similar to the answer. " +
    "If the meaning of all options are significantly different from the answer, output Unknown. " +
    "Your should output a single word among the following 3 choices: Yes, No, Unknown.\n" +
    "Example 1: \n" +
    "Question: Is the word in this image 'Hello'?\nAnswer: The word in this image is 'Hello'.\nYour output: Yes\n" +
    "Example 2: \n" +
    "Question: Is the word in this image 'Hello'?\n" +
    "Answer: The word in this image is not 'Hello'.\nYour output: No\n" +
    "Example 3: \n" +
    `Question: ${question}?\nAnswer: ${prediction}\nYour output: `
  );
}

export async function scoreYesNo(input: ScoreInputOf<"yes_no">, deps: ScoreDeps): Promise<ScoreResult> {
  const gold = input.expected?.trim();
  if (gold !== "Yes" && gold !== "No") return { reward: null, reason: `the gold answer ${JSON.stringify(input.expected)} is not Yes or No` };
  let read = yesNoOf(input.output);
  let how = "read from the reply";
  if (read === "Unknown" && deps.judge) {
    const question = typeof input.row?.question === "string" ? input.row.question : "";
    const verdict = await deps.judge([{ role: "user", content: yesNoMatchPrompt(question, input.output) }]);
    read = yesNoOf(verdict.text);
    how = "the judge's reading";
  }
  const groups = input.row && typeof input.row.figure_group === "string" && typeof input.row.question_group === "string" ? { fAcc: input.row.figure_group, qAcc: input.row.question_group } : undefined;
  return {
    reward: read === gold ? 1 : 0,
    reason: read === "Unknown" ? `the reply says neither yes nor no${deps.judge ? " (nor does the judge's reading)" : ""}; the answer is ${gold}` : `${how}: ${read}; the answer is ${gold}`,
    ...(groups ? { structured: { groups } } : {}),
  };
}
