/** ChartQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { chartqaLoader } from "./normalise";
import { CHARTQA_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_chartqa",
  name: "ChartQA",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: CHARTQA_DATA,
  normalise: chartqaLoader,
  split: null,
  // VLMEvalKit's VQA prompt: the question, then its one-line instruction.
  prompt_template: "{question}\nAnswer the question using a single word or phrase.",
  answer_column: "answer",
  scoring: { type: "relaxed_accuracy", max_relative_change: 0.05 },
  image_column: "image",
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: 2500,
};
