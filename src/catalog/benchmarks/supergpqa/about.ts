/** SuperGPQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Graduate-level multiple-choice questions spanning 285 disciplines, many outside the usual STEM core.",
  status_detail: notBundled(definition.data),
  text: {
    what_it_measures:
      "Specialist knowledge and reasoning across a very wide range of graduate-level fields, including long-tail disciplines (agriculture, light industry, sports science and the like) " +
      "that other suites barely touch.",
    how_it_works:
      "Questions were written and refined with domain experts and filtered with model feedback; most have about ten options. " +
      "The model replies with a letter and the multiple-choice scorer compares it with the key. " +
      "Disciplines, fields and subfields label each question, so results can be broken down by subject.",
    strengths: [
      "Breadth no other multiple-choice suite matches, which exposes gaps hidden by STEM-centred benchmarks.",
      "Hard: strong models stay well below the ceiling.",
      "Many options limit the reward for guessing.",
    ],
    limitations: [
      "Large; a full run is costly, so use a sample limit for quick checks.",
      "Quality varies across long-tail fields with fewer expert reviewers.",
      "Multiple choice only.",
    ],
    when_to_use: "Pick it when your users ask about specialised fields beyond the common STEM subjects, or to find a model's blind spots by discipline.",
    use_cases: ["Professional assistants for niche industries", "Enterprise knowledge copilots across many departments"],
  },
  credentials: [],
  requirements: [],
  references: [{ title: "SuperGPQA: Scaling LLM Evaluation across 285 Graduate Disciplines (M-A-P team, 2025)", url: "https://arxiv.org/abs/2502.14739" }],
};
