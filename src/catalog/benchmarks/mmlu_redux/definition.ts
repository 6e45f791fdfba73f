/** MMLU-Redux: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { MC_TEMPLATE } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mmlu_redux",
  name: "MMLU-Redux",
  category: "knowledge",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/edinburgh-dawg/mmlu-redux",
    revision: null,
    license: null,
    notes: "One configuration per MMLU subject; each question carries an error annotation.",
  },
  split: "test",
  prompt_template: MC_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: [],
  few_shot: { supported: true, default: 0, split: null, note: "Examples would come from questions outside the run's selection." },
  sample_size: null,
};
