/** SuperGPQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { MC_TEMPLATE } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_supergpqa",
  name: "SuperGPQA",
  category: "knowledge",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/m-a-p/SuperGPQA",
    revision: null,
    license: null,
    notes: "A single JSON Lines file with discipline, field and subfield labels per question.",
  },
  split: null,
  prompt_template: MC_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: [],
  few_shot: { supported: true, default: 0, split: null, note: "Usually run zero-shot; examples would come from questions outside the run's selection." },
  sample_size: null,
};
