/** MMLU's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Multiple-choice exam questions across academic and professional subjects; six subjects are loaded here.",
  status_detail:
    "Runs inline on the six subjects whose test and dev files are pinned (1,010 test questions). Subjects are the subsets; " +
    "few-shot examples come from the dev split. Data loads on first use and is checked against its sha256.",
  text: {
    what_it_measures: "Breadth of academic and professional knowledge, from elementary mathematics to law and medicine, and the ability to apply it to exam-style questions.",
    how_it_works:
      "Each question has four options A–D. The prompt names the subject, lists the lettered options and asks for the letter; " +
      "the multiple-choice scorer reads the letter and compares it with the key. A run can pick subjects (subsets) and a few-shot count; " +
      "examples are solved dev-split questions shown as earlier turns. Score is accuracy over the selected questions.",
    strengths: [
      "Broad coverage with a per-subject breakdown (the report shows scores by subset).",
      "Objective, cheap scoring with a fixed key.",
      "The most widely reported knowledge benchmark, so there is plenty to compare against.",
    ],
    limitations: [
      "Only 6 of the 57 subjects are loaded here, so scores are not comparable with full-MMLU numbers.",
      "Saturated near the top, and heavily exposed on the web (contamination).",
      "A non-trivial share of questions have wrong or ambiguous keys (see MMLU-Redux).",
      "Few-shot examples are the first dev rows of the whole revision, not per subject, unless a run selects a single subject.",
    ],
    when_to_use: "Pick it for a quick, well-understood read of general knowledge, or to compare subject strengths between two models (A/B per subset).",
    use_cases: [
      "General-purpose assistants",
      "Domain copilots where you check the relevant subjects (e.g. computer science, history)",
      "Model selection before fine-tuning",
    ],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "Measuring Massive Multitask Language Understanding (Hendrycks et al., 2021)", url: "https://arxiv.org/abs/2009.03300" },
    { title: "hendrycks/test", url: "https://github.com/hendrycks/test" },
  ],
};
