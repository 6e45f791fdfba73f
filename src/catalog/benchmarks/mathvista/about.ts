/** MathVista's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Mathematical reasoning over visual contexts: plots, geometry figures, tables, puzzles and scientific charts (MathVista's testmini, as VLMEvalKit publishes it).",
  status_detail:
    "Runs inline against any vision-capable target. A judge is optional: with one, it extracts the answer as MathVista's GPT extractor does; without one, a stated rule extracts it. " +
    `Its data is VLMEvalKit's MathVista_MINI.tsv (1,000 problems), checked against the md5 VLMEvalKit states. ${VLMEVAL_STREAMED}`,
  text: {
    what_it_measures: "Mathematical reasoning that needs a figure: function plots, geometry diagrams, tables, charts, puzzles and scientific figures, across five tasks and seven reasoning skills.",
    how_it_works:
      "Each problem is sent with its image as MathVista's query (hint, question and choices). Scoring follows VLMEvalKit's MathVista evaluation: a reply that is itself the answer " +
      "(an option it names, or the bare integer or number) is checked directly; otherwise the answer is extracted — by the run's judge with MathVista's five in-context examples when the run has a judge, " +
      "else by a rule (the text after the last 'answer is' / 'Answer:', else the last number for a numeric answer) — and compared: option letter, int(), float(), " +
      "or for text and list answers the text itself (VLMEvalKit never credits those; MathVista's own scorer compares the text). Tasks are the subsets.",
    strengths: ["Diverse visual contexts drawn from 31 source datasets.", "Testmini is the subset papers report."],
    limitations: [
      "Without a judge the rule extractor misses answers stated only in words, so scores run lower than GPT-extracted ones.",
      "Some problems are answerable without the image.",
    ],
    when_to_use: "Pick it to compare multimodal maths reasoning across figure types.",
    use_cases: ["STEM tutoring with diagrams", "Chart and plot analysis", "Homework help from photos"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "MathVista: Evaluating Mathematical Reasoning of Foundation Models in Visual Contexts (Lu et al., 2024)", url: "https://arxiv.org/abs/2310.02255" },
    { title: "VLMEvalKit (the table and its scoring)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
