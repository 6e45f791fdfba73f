/** OCRBench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Text recognition in the wild: scene text, documents, key information extraction and handwritten maths.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES),
  text: {
    what_it_measures:
      "OCR ability of multimodal models across five kinds of task: " +
      "recognising text, answering questions about scene text, answering questions about documents, extracting key information, and recognising handwritten mathematical expressions.",
    how_it_works:
      "Each item has an image, a question and one or more accepted answers. " +
      "A reply counts as correct when it contains an accepted answer (the contains scorer, case-insensitive); " +
      "the official score is the number correct out of 1,000. Task kinds are the subsets.",
    strengths: [
      "Compact yet broad: one number for OCR capability.",
      "Covers irregular, artistic and handwritten text, not just clean print.",
      "Simple, objective scoring.",
    ],
    limitations: [
      "Containment scoring accepts verbose answers that include the right string among others.",
      "Mostly short text; long-document reading is not covered.",
      "Saturating for the best models.",
    ],
    when_to_use: "Pick it to check that a multimodal model reads text reliably before building document or screenshot features on it.",
    use_cases: ["Screenshot understanding", "Receipt and label reading", "Accessibility features that read text aloud"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [{ title: "OCRBench: On the Hidden Mystery of OCR in Large Multimodal Models (Liu et al., 2023)", url: "https://arxiv.org/abs/2305.07895" }],
};
