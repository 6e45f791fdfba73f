/** HallusionBench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { hallusionbenchLoader } from "./normalise";
import { HALLUSIONBENCH_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_hallusionbench",
  name: "HallusionBench",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: HALLUSIONBENCH_DATA,
  normalise: hallusionbenchLoader,
  split: null,
  // VLMEvalKit sends the question as it is.
  prompt_template: "{question}",
  answer_column: "answer",
  scoring: { type: "yes_no" },
  image_column: "image",
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  // VLMEvalKit's table: the questions that come with a figure (the paper's 1,129 less those asked without one).
  sample_size: 951,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
