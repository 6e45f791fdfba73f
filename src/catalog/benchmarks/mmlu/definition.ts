/** MMLU: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { mmluRows } from "./normalise";
import { MMLU_DATA, MMLU_SUBJECTS } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mmlu",
  name: "MMLU",
  category: "knowledge",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MMLU_DATA,
  normalise: mmluRows,
  split: "test",
  prompt_template: "The following is a multiple-choice question about {subject_label}. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:",
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: [...MMLU_SUBJECTS],
  few_shot: {
    supported: true,
    default: 0,
    split: "dev",
    note: "Examples are taken from the dev split (5 per subject); the classic setting is 5-shot on a single subject.",
  },
  sample_size: 1010,
};
