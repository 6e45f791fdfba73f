/** MMMU's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "College-level exam questions that need an image (diagrams, charts, scores, chemical structures) and subject expertise.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES),
  text: {
    what_it_measures:
      "Expert-level multimodal understanding and reasoning: " +
      "reading heterogeneous images (tables, diagrams, maps, sheet music, medical images, chemical structures) " +
      "and combining them with college subject knowledge across six disciplines and 30 subjects.",
    how_it_works:
      "Questions come from exams, quizzes and textbooks; most are multiple choice, some open-ended. Here the multiple-choice questions are used: " +
      "the image(s) and lettered options are sent, the model replies with a letter, and the multiple-choice scorer compares it with the key. " +
      "Subjects are the subsets.",
    strengths: [
      "Broad coverage of image types and subjects, with a per-subject breakdown.",
      "Requires both perception and domain knowledge, as real expert work does.",
      "The standard headline benchmark for multimodal models.",
    ],
    limitations: [
      "Some questions can be answered from the text alone (see MMMU-Pro).",
      "Open-ended questions are left out here.",
      "Validation answers are public and widely seen.",
    ],
    when_to_use: "Pick it to compare vision-language models on expert tasks that combine images and knowledge.",
    use_cases: ["Tutoring on diagrams and figures", "Technical document assistants", "Scientific and medical image Q&A (with care)"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    {
      title: "MMMU: A Massive Multi-discipline Multimodal Understanding and Reasoning Benchmark (Yue et al., 2023)",
      url: "https://arxiv.org/abs/2311.16502",
    },
  ],
};
