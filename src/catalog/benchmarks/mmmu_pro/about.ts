/** MMMU-Pro's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "A stricter MMMU: text-answerable questions removed, up to ten options, and a setting where the question is inside the image.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES),
  text: {
    what_it_measures:
      "Genuine multimodal understanding: " +
      "questions that cannot be solved from text alone, with more distractors, and a vision-only setting where the model must read the question from a screenshot.",
    how_it_works:
      "Starting from MMMU, questions answerable by text-only models were filtered out and options were expanded to up to ten. " +
      "In the vision setting the question and options are rendered into the image. The model replies with a letter; " +
      "the multiple-choice scorer compares it with the key. Settings are the subsets.",
    strengths: [
      "Closes MMMU's text-only shortcut.",
      "Ten options reduce guessing.",
      "The vision-only setting tests reading and reasoning together, as with real screenshots.",
    ],
    limitations: ["Harder to compare with older MMMU numbers.", "Still multiple choice.", "Vision-only results depend strongly on OCR quality."],
    when_to_use: "Pick it instead of MMMU when comparing strong multimodal models.",
    use_cases: ["Screenshot and UI understanding", "Expert visual Q&A"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    {
      title: "MMMU-Pro: A More Robust Multi-discipline Multimodal Understanding Benchmark (Yue et al., 2024)",
      url: "https://arxiv.org/abs/2409.02813",
    },
  ],
};
