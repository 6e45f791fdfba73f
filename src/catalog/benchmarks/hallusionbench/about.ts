/** HallusionBench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Yes/no questions about images and edited images that catch models answering from prior knowledge instead of looking (HallusionBench, as VLMEvalKit publishes it).",
  status_detail:
    "Runs inline against any vision-capable target; a judge is optional (asked only for replies that say neither yes nor no). " +
    `Its data is VLMEvalKit's HallusionBench.tsv (951 questions with a figure), checked against the md5 VLMEvalKit states; the loader expects VLMEvalKit's index layout (set, figure and question ids as its 4th to 6th parts). ${VLMEVAL_STREAMED}`,
  text: {
    what_it_measures: "Visual hallucination and illusion: whether a model reads the figure in front of it, including edited versions of well-known charts, tables and maps, or answers from what it expects.",
    how_it_works:
      "Each question is sent with its figure. The reply is read as VLMEvalKit reads it: Yes when its words hold 'yes' and not 'no', No for the reverse, else unknown " +
      "(then the run's judge, if set, is asked with VLMEvalKit's matching prompt). The reward is 1 when the reading equals the answer; the mean is aAcc. " +
      "fAcc and qAcc, HallusionBench's figure and question accuracies (the share of figures, and of questions, all of whose variants are answered right), " +
      "are reported beside it from each attempt's groups. The l2-categories (chart, table, map, OCR, illusion …) are the subsets.",
    strengths: ["Pairs of original and edited figures expose answering from memory.", "Figure- and question-level accuracies punish inconsistent answers."],
    limitations: ["Yes/no answers: half can be guessed; read fAcc and qAcc, not aAcc alone.", "Without a judge, a reply that hedges is wrong."],
    when_to_use: "Pick it to check that a vision model looks before it answers, especially on charts and documents it may have seen in training.",
    use_cases: ["Chart and report readers", "Visual fact-checking", "Safety review of vision features"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "HallusionBench: An Advanced Diagnostic Suite for Entangled Language Hallucination and Visual Illusion (Guan et al., 2024)", url: "https://arxiv.org/abs/2310.14566" },
    { title: "VLMEvalKit (the table and its scoring)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
