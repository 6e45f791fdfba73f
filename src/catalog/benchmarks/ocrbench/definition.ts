/** OCRBench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { VISION_FEW_SHOT } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_ocrbench",
  name: "OCRBench",
  category: "vision",
  kind: "inline",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/Yuliang-Liu/MultimodalOCR",
    revision: null,
    license: null,
    notes: "1,000 question-answer pairs drawn from many OCR datasets; OCRBench v2 is a later, larger release.",
  },
  split: null,
  prompt_template: "Look at the image and answer the question.\n\n{question}",
  answer_column: "answer",
  scoring: { type: "contains", ignore_case: true },
  subsets: ["text_recognition", "scene_text_vqa", "document_vqa", "key_information_extraction", "handwritten_math_expression"],
  few_shot: VISION_FEW_SHOT,
  sample_size: null,
  // Its prompts carry images (its data, when pinned, will name an image_column).
  needs: ["vision model"],
};
