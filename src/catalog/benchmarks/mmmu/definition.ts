/** MMMU: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { mmmuLoader } from "./normalise";
import { MMMU_DATA, MMMU_FILES, MMMU_LOADED_SUBJECTS } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_mmmu",
  name: "MMMU",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MMMU_DATA,
  normalise: mmmuLoader,
  split: null,
  // MMMU's construct_prompt: the question, the lettered options (multiple choice), and the closing sentence of its type.
  prompt_template: "{question}{options_text}\n\n{instruction}",
  answer_column: "answer",
  scoring: { type: "mmmu" },
  image_column: "images",
  subsets: [...MMMU_LOADED_SUBJECTS],
  few_shot: VISION_FEW_SHOT,
  sample_size: MMMU_FILES.length * 30,
};
