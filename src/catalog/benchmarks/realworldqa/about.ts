/** RealWorldQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Spatial and physical understanding of real photographs, many taken from vehicles, with short verifiable answers.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES),
  text: {
    what_it_measures:
      "Basic real-world spatial understanding: distances, relative positions, sizes, counts and the state of objects (such as traffic lights) " +
      "in everyday and driving scenes.",
    how_it_works:
      "Each question tells the model how to answer (a letter from the given options, a word or a number). " +
      "The reply is compared with the reference by exact match after formatting cleanup (case, quotes and markdown removed; " +
      "trailing punctuation still counts).",
    strengths: ["Real photographs rather than synthetic scenes.", "Short, unambiguous answers.", "Relevant to embodied and driving applications."],
    limitations: [
      "A few hundred images; intervals are wide.",
      "Exact match is strict about extra words and punctuation.",
      "Licence forbids derivatives, which limits adapting the data.",
    ],
    when_to_use: "Pick it for applications that reason about physical scenes from cameras.",
    use_cases: ["Driver-assistance and robotics prototypes", "Smart-camera assistants", "Accessibility tools describing surroundings"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [{ title: "Grok-1.5 Vision Preview (xAI, 2024)", url: "https://x.ai/news/grok-1.5v" }],
};
