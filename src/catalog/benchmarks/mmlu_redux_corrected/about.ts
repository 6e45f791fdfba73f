/** MMLU-Redux (corrected)'s detail page: MMLU-Redux's text but for what differs. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";
import { about as redux } from "../mmlu_redux/about";

export const about: BenchmarkAbout = {
  ...redux,
  description: "MMLU-Redux with the annotators' corrections: the 5,330 questions labelled correct plus 102 wrong-groundtruth ones keyed by their corrected answer.",
  status_detail:
    "Runs inline on the same pinned CSVs as MMLU-Redux. It scores the questions labelled correct (split 'ok') and the wrong-groundtruth questions " +
    "whose correct answer the annotators gave as one letter or index (split 'corrected', 102 of 107), keyed by that answer; the other labels are left out.",
  text: {
    ...redux.text,
    how_it_works:
      "As MMLU-Redux, with a second source of keys: where annotators found MMLU's answer wrong and named the right option (a letter A-D or a 0-based " +
      "index in correct_answer), the question is kept with that option as the key; where they named none, several, or wrote prose, it is left out, " +
      "as are the unclear, optionless, multi-answer and expert-only questions. Asked and scored as MMLU-Redux.",
  },
};
