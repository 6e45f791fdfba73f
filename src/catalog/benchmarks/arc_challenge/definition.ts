/** ARC-Challenge: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { arcChallengeRows } from "./normalise";
import { ARC_CHALLENGE_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_arc_challenge",
  name: "ARC-Challenge",
  category: "reasoning",
  kind: "inline",
  variant_of: "bm_arc_agi",
  status: "runnable",
  data: ARC_CHALLENGE_DATA,
  normalise: arcChallengeRows,
  split: "test",
  prompt_template: "Answer the following science question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:",
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: [],
  few_shot: { supported: true, default: 0, split: "dev", note: "Examples are the first rows of the 100-question dev split." },
  sample_size: 1172,
};
