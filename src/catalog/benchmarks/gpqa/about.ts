/** GPQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Graduate-level biology, physics and chemistry questions written by domain experts to resist web search.",
  status_detail: notBundled(definition.data),
  text: {
    what_it_measures:
      "Expert-level scientific reasoning: " +
      "questions that PhD holders in the field usually answer correctly but skilled non-experts with unrestricted web access mostly miss.",
    how_it_works:
      "Four-option multiple choice. " +
      "The options are shuffled with a fixed seed when the data is imported (the source keeps the correct answer in its own column), " +
      "the model replies with a letter and the multiple-choice scorer compares it with the key. " +
      "Subsets are the published cuts: diamond (the questions experts agreed on and non-experts missed), main and extended.",
    strengths: [
      "Still far from saturated on its hardest (diamond) cut for many models.",
      "'Google-proof' by construction, so it rewards reasoning over retrieval.",
      "Objective scoring with a fixed key.",
    ],
    limitations: [
      "Small (the diamond cut has about two hundred questions), so intervals are wide: compare with care.",
      "Multiple choice lets a model eliminate options instead of solving the problem.",
      "Only three sciences; some questions have disputed keys.",
    ],
    when_to_use: "Pick it to compare strong models on hard science reasoning, or to check whether a reasoning mode actually helps on expert questions.",
    use_cases: ["Research assistants in the natural sciences", "Technical support agents for scientific products"],
  },
  credentials: [],
  requirements: [],
  references: [{ title: "GPQA: A Graduate-Level Google-Proof Q&A Benchmark (Rein et al., 2023)", url: "https://arxiv.org/abs/2311.12022" }],
};
