/** MMMU-Pro: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { mmmuProLoader } from "./normalise";
import { MMMU_PRO_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_mmmu_pro",
  name: "MMMU-Pro",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MMMU_PRO_DATA,
  normalise: mmmuProLoader,
  // Both settings by default: MMMU-Pro's overall score is their mean, and the two are the same size.
  split: null,
  prompt_template: "{prompt}",
  answer_column: "answer",
  scoring: { type: "mmmu" },
  image_column: "images",
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: 3460,
};
