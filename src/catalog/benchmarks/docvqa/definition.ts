/** DocVQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_docvqa",
  name: "DocVQA",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://rrc.cvc.uab.es/?ch=17 (registration required) and the Hugging Face mirror lmms-lab/DocVQA",
    revision: null,
    license: null,
    notes: "50,000 questions over more than 12,000 document images; test answers are scored by the organisers.",
  },
  split: "validation",
  prompt_template: "Look at the document and answer the question with the exact text from the document where possible.\n\n{question}",
  answer_column: "answers",
  scoring: { type: "anls", threshold: 0.5 },
  subsets: [],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
