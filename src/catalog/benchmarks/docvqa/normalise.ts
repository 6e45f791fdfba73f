/**
 * The DocVQA loader: VLMEvalKit's DocVQA_VAL rows (index, image, question,
 * answer: a Python list of the accepted answers) as rows with every
 * accepted answer in `answers` and the page as a revision file (pages that
 * several questions share are stored once). Deterministic.
 */
import type { EmbeddedLoader } from "../../types";
import { answerList, field, imageCell, vlmevalRows } from "../../vlmeval-tsv";

export const docvqaLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) =>
    vlmevalRows(file.path, body, (r) => {
      const answers = answerList(field(r, "answer"));
      return { id: field(r, "index"), question: field(r, "question"), answer: answers[0]!, answers, image: imageCell(r.images) };
    }),
};
