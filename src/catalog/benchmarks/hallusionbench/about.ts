/** HallusionBench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Yes/no questions about images and edited images that catch models answering from prior knowledge instead of looking.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES),
  text: {
    what_it_measures:
      "Language hallucination and visual illusion: whether a model reports what the image actually shows when that conflicts with what it expects, e.g. " +
      "a chart edited to contradict well-known facts.",
    how_it_works:
      "Questions are yes/no, asked about original images and about versions edited to change the answer, and some without the image. " +
      "They are posed here as a two-option choice (Yes / No); the multiple-choice scorer accepts the letter or the word. " +
      "Question-level accuracy is the reward; grouping by figure shows whether answers stay consistent across edits. Visual categories are the subsets.",
    strengths: [
      "Directly probes over-reliance on parametric knowledge, a key multimodal failure.",
      "Paired original/edited images make shortcuts visible.",
      "Objective yes/no scoring.",
    ],
    limitations: ["Yes/no format has a 50% floor; look at consistency, not only accuracy.", "Relatively small.", "Edited images are synthetic and can look odd."],
    when_to_use: "Pick it when users will rely on the model's reading of images that may contradict common knowledge (updated charts, altered documents).",
    use_cases: ["Chart and report reading", "Fact-checking assistants", "Visual QA in regulated settings"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    {
      title: "HallusionBench: An Advanced Diagnostic Suite for Entangled Language Hallucination and Visual Illusion (Guan et al., 2023)",
      url: "https://arxiv.org/abs/2310.14566",
    },
  ],
};
