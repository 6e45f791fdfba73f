/**
 * The MMMU-Pro loader: VLMEvalKit's two tables as one revision whose split
 * is the setting. Standard rows (MMMU_Pro_10c: index, question with its
 * <image N> placeholders, options in columns A–J, answer letter, images)
 * get MMMU-Pro's standard direct prompt (the question, "A. …" option lines,
 * "Answer with the option letter from the given choices directly."); vision
 * rows (MMMU_Pro_V: the screenshot holds question and options) get its
 * vision direct prompt alone. Both keep their options, which MMMU's parser
 * reads an answer against (MMMU-Pro's evaluate.py uses MMMU's
 * parse_multi_choice_response). Ids are "<setting>_<index>".
 */
import type { EmbeddedLoader } from "../../types";
import { field, imageCell, optional, optionColumns, vlmevalRows } from "../../vlmeval-tsv";
import { MMMU_PRO_VISION } from "./source";

/** MMMU-Pro's direct prompts (mmmu-pro/prompts.yaml). */
export const MMMU_PRO_PROMPTS = {
  standard: "Answer with the option letter from the given choices directly.",
  vision:
    "Answer with the option letter from the given choices directly. The last line of your response should be of the following format: 'Answer: $LETTER' (without quotes) where LETTER is one of options.",
} as const;

export const mmmuProLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) => {
    const setting = file.path === MMMU_PRO_VISION.path ? "vision" : "standard";
    return vlmevalRows(file.path, body, (r) => {
      const options = optionColumns(r);
      const answer = field(r, "answer").trim();
      if (options.length < 2 || answer.length !== 1 || !"ABCDEFGHIJ".slice(0, options.length).includes(answer)) throw new Error(`${r.where}: the answer '${answer}' is not one of its ${options.length} option letters`);
      const question = setting === "standard" ? field(r, "question") : null;
      const prompt =
        setting === "standard" ? `${question}\n${options.map((o, i) => `${String.fromCharCode(65 + i)}. ${o}`).join("\n")}\n${MMMU_PRO_PROMPTS.standard}` : MMMU_PRO_PROMPTS.vision;
      return {
        id: `${setting}_${field(r, "index")}`,
        split: setting,
        question_type: "multiple-choice",
        question,
        options,
        prompt,
        answer,
        subset: optional(r, "subject") ?? optional(r, "category"),
        images: imageCell(r.images),
      };
    });
  },
};
