/** MathVista's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, JUDGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Mathematical reasoning over visual contexts: plots, geometry figures, tables, puzzles and scientific charts.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES),
  text: {
    what_it_measures:
      "Whether a model can do mathematics that depends on what it sees: " +
      "reading values off plots, reasoning about geometric figures, interpreting tables and solving visual puzzles.",
    how_it_works:
      "Problems are gathered from many existing visual QA and maths datasets plus newly written ones; answers are options, integers, decimals or lists. " +
      "The model answers freely; " +
      "the run's judge model compares its final answer with the reference (option text or letter, numbers at the reference's precision), standing in for the original answer-extraction step. " +
      "Task types are the subsets.",
    strengths: [
      "Wide variety of visual mathematical contexts in one suite.",
      "testmini is small enough for routine runs.",
      "Per-task and per-skill breakdowns.",
    ],
    limitations: [
      "Judge-based extraction adds a little noise; keep the judge fixed.",
      "Drawn largely from public datasets, so contamination is possible.",
      "Mixed answer formats make strict comparison with published numbers tricky.",
    ],
    when_to_use: "Pick it for assistants that must reason quantitatively about charts, figures or diagrams.",
    use_cases: ["Maths tutoring with figures", "Analytics assistants reading plots", "STEM homework help"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT, JUDGE_REQUIREMENT],
  references: [
    {
      title: "MathVista: Evaluating Mathematical Reasoning of Foundation Models in Visual Contexts (Lu et al., 2023)",
      url: "https://arxiv.org/abs/2310.02255",
    },
  ],
};
