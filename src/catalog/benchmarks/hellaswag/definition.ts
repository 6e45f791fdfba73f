/** HellaSwag: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { hellaswagRows } from "./normalise";
import { HELLASWAG_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_hellaswag",
  name: "HellaSwag",
  category: "language",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: HELLASWAG_DATA,
  normalise: hellaswagRows,
  split: null,
  prompt_template: "Choose the most plausible continuation of the text. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:",
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice", loglikelihood: { headline: "acc_norm", continuation: "option_text" } },
  subsets: [],
  few_shot: {
    supported: true,
    default: 0,
    split: null,
    note: "Zero-shot by default (the usual protocol). Only the validation set is loaded, so examples are validation items outside the run's selection.",
  },
  sample_size: 10_042,
};
