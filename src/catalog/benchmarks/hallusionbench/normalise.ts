/**
 * The HallusionBench loader: VLMEvalKit's HallusionBench rows (index,
 * image, question, answer Yes/No, category VD/VS, l2-category) as rows
 * with the l2-category as the subset and the groups HallusionBench's
 * figure and question accuracies count over, made from the index as
 * VLMEvalKit's Hallusion_rating makes them (its fourth, fifth and sixth
 * "_"-separated parts are the set, figure and question ids):
 * figure_group "<l2>_<set>_<figure>", question_group "<l2>_<set>_<question>".
 * Refuses an index of fewer than six parts or an answer that is not Yes/No.
 */
import type { EmbeddedLoader } from "../../types";
import { field, imageCell, vlmevalRows } from "../../vlmeval-tsv";

export const hallusionbenchLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) =>
    vlmevalRows(file.path, body, (r) => {
      const index = field(r, "index");
      const parts = index.split("_");
      if (parts.length < 6) throw new Error(`${r.where}: index '${index}' has no set, figure and question ids (fewer than six '_' parts)`);
      const answer = field(r, "answer").trim();
      if (answer !== "Yes" && answer !== "No") throw new Error(`${r.where}: the answer '${answer}' is not Yes or No`);
      const l2 = field(r, "l2-category");
      return {
        id: index,
        question: field(r, "question"),
        answer,
        category: field(r, "category"),
        subset: l2,
        figure_group: `${l2}_${parts[3]}_${parts[4]}`,
        question_group: `${l2}_${parts[3]}_${parts[5]}`,
        image: imageCell(r.images),
      };
    }),
};
