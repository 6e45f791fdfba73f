/**
 * The OCRBench loader: VLMEvalKit's OCRBench rows (index, image, question,
 * answer: a Python list of accepted answers, category) as rows with the
 * category as the subset and the image as a revision file. Refuses a
 * category OCRBench does not have, since its scoring rule depends on it.
 */
import type { EmbeddedLoader } from "../../types";
import { answerList, field, imageCell, vlmevalRows } from "../../vlmeval-tsv";
import { OCRBENCH_CATEGORIES } from "./source";

export const ocrbenchLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) =>
    vlmevalRows(file.path, body, (r) => {
      const category = field(r, "category");
      if (!(OCRBENCH_CATEGORIES as readonly string[]).includes(category)) throw new Error(`${r.where}: category '${category}' is not one of OCRBench's ten`);
      const answers = answerList(field(r, "answer"));
      return { id: field(r, "index"), question: field(r, "question"), answer: answers[0]!, answers, category, image: imageCell(r.images) };
    }),
};
