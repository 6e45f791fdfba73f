/** GPQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { MC_TEMPLATE } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_gpqa",
  name: "GPQA",
  category: "reasoning",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/idavidrein/gpqa (password-protected archive) and the gated Hugging Face dataset Idavidrein/gpqa",
    revision: null,
    license: "CC-BY-4.0",
    notes: "The authors distribute it behind a password and ask that examples not be posted in plain text, to limit contamination.",
  },
  split: null,
  prompt_template: MC_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: ["diamond", "main", "extended"],
  few_shot: {
    supported: true,
    default: 0,
    split: null,
    note: "Usually run zero-shot with chain of thought; examples would come from questions outside the run's selection.",
  },
  sample_size: null,
};
