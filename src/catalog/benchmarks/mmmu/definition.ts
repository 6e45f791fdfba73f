/** MMMU: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT, VISION_MC_TEMPLATE } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mmmu",
  name: "MMMU",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/MMMU/MMMU",
    revision: null,
    license: "Apache-2.0",
    notes: "One configuration per subject; the validation split has public answers, the test split's are hidden.",
  },
  split: "validation",
  prompt_template: VISION_MC_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
