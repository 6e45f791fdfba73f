/** OCRBench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { ocrbenchLoader } from "./normalise";
import { OCRBENCH_CATEGORIES, OCRBENCH_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_ocrbench",
  name: "OCRBench",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: OCRBENCH_DATA,
  normalise: ocrbenchLoader,
  split: null,
  // VLMEvalKit sends OCRBench's question as it is.
  prompt_template: "{question}",
  answer_column: "answer",
  scoring: { type: "ocrbench" },
  image_column: "image",
  subsets: [...OCRBENCH_CATEGORIES],
  few_shot: VISION_FEW_SHOT,
  sample_size: 1000,
};
