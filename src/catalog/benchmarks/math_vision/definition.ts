/** MATH-Vision: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { mathVisionRows } from "./normalise";
import { MATH_VISION_DATA, MATH_VISION_SUBJECTS } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_math_vision",
  name: "MATH-Vision",
  category: "vision",
  kind: "inline",
  variant_of: "bm_mathvista",
  status: "runnable",
  data: MATH_VISION_DATA,
  normalise: mathVisionRows,
  split: null,
  prompt_template:
    "{question}{options_text}\n\nSolve the problem step by step. Put your final answer in one \\boxed{{}}; " +
    "for a multiple-choice question, only the letter of the right option goes in the \\boxed{{}}.",
  answer_column: "answer",
  scoring: { type: "math_vision" },
  image_column: "image",
  subsets: [...MATH_VISION_SUBJECTS],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as the paper evaluates it; examples would add images to every request." },
  sample_size: 304,
};
