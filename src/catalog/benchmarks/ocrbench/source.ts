/** OCRBench's pinned source: VLMEvalKit's OCRBench table (1,000 questions in ten categories, images in base64), by the md5 VLMEvalKit states. Pure data. */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

/** OCRBench's ten categories, as its rows name them. */
export const OCRBENCH_CATEGORIES = [
  "Regular Text Recognition", "Irregular Text Recognition", "Artistic Text Recognition", "Handwriting Recognition", "Digit String Recognition",
  "Non-Semantic Text Recognition", "Scene Text-centric VQA", "Doc-oriented VQA", "Key Information Extraction", "Handwritten Mathematical Expression Recognition",
] as const;

export const OCRBENCH_DATA = vlmevalDataset(
  "builtin.ocrbench",
  [vlmevalFile("OCRBench", "e953d98a987cc6e26ef717b61260b778")],
  "research use (OCRBench's terms)",
  "OCRBench's 1,000 questions in ten categories as VLMEvalKit publishes them.",
);
