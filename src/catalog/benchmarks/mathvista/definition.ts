/** MathVista: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { mathvistaLoader } from "./normalise";
import { MATHVISTA_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_mathvista",
  name: "MathVista",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MATHVISTA_DATA,
  normalise: mathvistaLoader,
  split: null,
  // The table's question is MathVista's query (hint, question, choices); VLMEvalKit sends it as it is.
  prompt_template: "{question}",
  answer_column: "answer",
  scoring: { type: "mathvista" },
  image_column: "image",
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: 1000,
};
