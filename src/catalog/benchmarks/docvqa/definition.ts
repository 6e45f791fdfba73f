/** DocVQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { docvqaLoader } from "./normalise";
import { DOCVQA_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_docvqa",
  name: "DocVQA",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: DOCVQA_DATA,
  normalise: docvqaLoader,
  split: null,
  prompt_template: "{question}\nAnswer the question using a single word or phrase.",
  answer_column: "answer",
  scoring: { type: "anls", threshold: 0.5 },
  image_column: "image",
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: 5349,
};
