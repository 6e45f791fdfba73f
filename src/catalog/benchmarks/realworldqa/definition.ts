/** RealWorldQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { realworldqaLoader } from "./normalise";
import { REALWORLDQA_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_realworldqa",
  name: "RealWorldQA",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: REALWORLDQA_DATA,
  normalise: realworldqaLoader,
  split: null,
  prompt_template: "{prompt}",
  answer_column: "answer",
  scoring: { type: "vlm_choice" },
  image_column: "image",
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: 765,
};
