/**
 * The RealWorldQA loader: VLMEvalKit's RealWorldQA rows (index, image,
 * question, options in columns A, B, …, answer letter, optional hint) as
 * rows with the options as a list and `prompt`, the text VLMEvalKit's
 * ImageMCQDataset.build_prompt sends ("Hint: …", "Question: …", "Options:"
 * with "A. …" lines, "Please select the correct answer from the options
 * above. "). Refuses an answer that is not one of the option letters.
 */
import type { EmbeddedLoader } from "../../types";
import { field, imageCell, optional, optionColumns, vlmevalRows } from "../../vlmeval-tsv";

/** build_prompt of VLMEvalKit's image MCQ datasets. */
export function vlmevalMcqPrompt(question: string, options: readonly string[], hint: string | null): string {
  let prompt = hint !== null ? `Hint: ${hint}\n` : "";
  prompt += `Question: ${question}\n`;
  if (options.length) prompt += `Options:\n${options.map((o, i) => `${String.fromCharCode(65 + i)}. ${o}\n`).join("")}Please select the correct answer from the options above. \n`;
  return prompt;
}

export const realworldqaLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) =>
    vlmevalRows(file.path, body, (r) => {
      const options = optionColumns(r);
      const answer = field(r, "answer").trim();
      if (options.length < 2 || !"ABCDEFGHIJ".slice(0, options.length).includes(answer) || answer.length !== 1) throw new Error(`${r.where}: the answer '${answer}' is not one of its ${options.length} option letters`);
      const question = field(r, "question");
      return { id: field(r, "index"), question, options, prompt: vlmevalMcqPrompt(question, options, optional(r, "hint")), answer, subset: optional(r, "category"), image: imageCell(r.images) };
    }),
};
