/** MMLU-Pro: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { mmluProRows } from "./normalise";
import { MMLU_PRO_CATEGORIES, MMLU_PRO_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mmlu_pro",
  name: "MMLU-Pro",
  category: "knowledge",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MMLU_PRO_DATA,
  normalise: mmluProRows,
  split: "test",
  prompt_template:
    "The following are multiple choice questions (with answers) about {category}. " +
    "Think step by step and then output the answer in the format of \"The answer is (X)\" at the end.\n\nQuestion: {question}\nOptions: " +
    "{choices_text}\nAnswer: Let's think step by step.",
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice", extraction: "mmlu_pro" },
  subsets: [...MMLU_PRO_CATEGORIES],
  few_shot: {
    supported: true,
    default: 5,
    split: "validation",
    note:
      "5-shot chain of thought as upstream: " +
      "the validation split holds exactly five worked examples per category, and each question gets those of its own category.",
  },
  sample_size: 12_032,
};
