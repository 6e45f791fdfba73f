/** MathVista: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mathvista",
  name: "MathVista",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/AI4Math/MathVista",
    revision: null,
    license: "CC-BY-SA-4.0",
    notes: "testmini (1,000 problems with public answers) is the usual evaluation split; the larger test split's answers are hidden.",
  },
  split: "testmini",
  prompt_template: "Look at the image and solve the problem. End with the final answer on its own line.\n\n{question}",
  answer_column: "answer",
  scoring: {
    type: "llm_judge",
    criteria:
      "Score 1 if the candidate's final answer equals the reference: the same option (letter or text) " +
      "for multiple choice, the same number at the reference's precision for numeric answers, the same items for lists. Ignore the working; " +
      "score 0 otherwise.",
  },
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
