/** RealWorldQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_realworldqa",
  name: "RealWorldQA",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/xai-org/RealWorldQA",
    revision: null,
    license: "CC-BY-ND-4.0",
    notes: "Released by xAI; each item has one image, a question with answer-format instructions and a short answer.",
  },
  split: "test",
  prompt_template: "{question}",
  answer_column: "answer",
  scoring: { type: "exact_match" },
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
