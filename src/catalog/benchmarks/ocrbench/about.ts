/** OCRBench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Text recognition in the wild: scene text, documents, key information extraction and handwritten maths (OCRBench's 1,000 questions, as VLMEvalKit publishes them).",
  status_detail:
    "Runs inline against any vision-capable target; no judge or runner needed. " +
    `Its data is VLMEvalKit's OCRBench.tsv (1,000 questions, ten categories), checked against the md5 VLMEvalKit states. ${VLMEVAL_STREAMED}`,
  text: {
    what_it_measures: "Optical character recognition by a multimodal model: reading regular, irregular, artistic and handwritten text, digit strings, scene text and documents, extracting key fields, and transcribing handwritten formulas.",
    how_it_works:
      "Each question is sent with its image, as VLMEvalKit sends it. A reply is right when it contains one of the accepted answers: " +
      "for handwritten mathematical expressions with every space and newline removed from both (case kept), otherwise ignoring case, with newlines as spaces. " +
      "OCRBench's final score is the number right out of 1,000, which is the mean reward here times 1,000. The ten categories are the subsets.",
    strengths: ["Wide spread of OCR tasks in one small set.", "Deterministic substring scoring."],
    limitations: ["Substring matching credits a reply that lists many candidates.", "1,000 questions: per-category intervals are wide."],
    when_to_use: "Pick it to check a model's raw text reading before trusting it with documents or signs.",
    use_cases: ["Screenshot and sign reading", "Receipt and form capture", "Accessibility (reading text aloud)"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "OCRBench: On the Hidden Mystery of OCR in Large Multimodal Models (Liu et al., 2023)", url: "https://arxiv.org/abs/2305.07895" },
    { title: "VLMEvalKit (the table and its scoring)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
