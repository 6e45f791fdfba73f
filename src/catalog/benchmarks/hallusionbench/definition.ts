/** HallusionBench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_hallusionbench",
  name: "HallusionBench",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/tianyi-lab/HallusionBench",
    revision: null,
    license: null,
    notes: "Questions with original and edited figures (charts, tables, maps, illusions), grouped so consistency can be checked.",
  },
  split: null,
  prompt_template: "Look at the image and answer the question. Reply with the letter of your answer.\n\n{question}\n\n{choices_text}\n\nAnswer:",
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice" },
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
