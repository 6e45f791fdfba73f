/**
 * The ChartQA loader: VLMEvalKit's ChartQA_TEST rows (index, image,
 * question, answer, and split when the table has it: human or augmented)
 * as rows with the chart as a revision file and the split as the subset.
 * Deterministic; refuses a row without question or answer.
 */
import type { EmbeddedLoader } from "../../types";
import { answerList, field, imageCell, optional, vlmevalRows } from "../../vlmeval-tsv";

export const chartqaLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) =>
    vlmevalRows(file.path, body, (r) => {
      const answer = field(r, "answer");
      return { id: field(r, "index"), question: field(r, "question"), answer, answers: answerList(answer), subset: optional(r, "split") ?? "test", image: imageCell(r.images) };
    }),
};
