/** MMMU-Pro: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT, VISION_MC_TEMPLATE } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mmmu_pro",
  name: "MMMU-Pro",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/MMMU/MMMU_Pro",
    revision: null,
    license: null,
    notes: "Configurations for the standard (four and ten options) and vision-only settings.",
  },
  split: "test",
  prompt_template: VISION_MC_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: ["standard_4", "standard_10", "vision"],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
