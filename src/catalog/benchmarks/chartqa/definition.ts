/** ChartQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_chartqa",
  name: "ChartQA",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/vis-nlp/ChartQA",
    revision: null,
    license: null,
    notes: "Human-written and machine-generated question sets over real charts, with the chart images and their data tables.",
  },
  split: "test",
  prompt_template: "Look at the chart and answer the question with a single word or number.\n\n{question}",
  answer_column: "answer",
  scoring: { type: "relaxed_accuracy", tolerance: 0.05 },
  subsets: ["human", "augmented"],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
