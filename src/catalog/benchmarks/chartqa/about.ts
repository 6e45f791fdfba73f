/** ChartQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Questions about bar, line and pie charts that need reading values and doing arithmetic on them (ChartQA's test split, as VLMEvalKit publishes it).",
  status_detail:
    "Runs inline against any vision-capable target; no judge or runner needed. " +
    `Its data is VLMEvalKit's ChartQA_TEST.tsv (2,500 questions with their charts), checked against the md5 VLMEvalKit states. ${VLMEVAL_STREAMED}`,
  text: {
    what_it_measures: "Reading charts: extracting values from bars, lines and pie slices, comparing them and computing with them (sums, differences, ratios).",
    how_it_works:
      "Each question is sent with its chart and VLMEvalKit's instruction to answer with a single word or phrase. " +
      "The whole reply is compared with the answer by ChartQA's relaxed accuracy (as VLMEvalKit computes it): a number within 5% of the gold number is right, " +
      "anything else must equal the gold text ignoring case. When the table marks its split (human-written or generated questions), that is the subset.",
    strengths: ["Real charts from Statista, Pew and OECD with questions people wrote.", "Deterministic scoring, with the tolerance the paper set for read-off values."],
    limitations: [
      "The whole reply is the prediction: a model that answers in a sentence scores 0 although right (as in VLMEvalKit's scoring).",
      "5% tolerance can accept a wrong computation on large numbers.",
    ],
    when_to_use: "Pick it for dashboards, report analysis and any product that reads charts.",
    use_cases: ["Business-intelligence assistants", "Report and slide summarisation", "Data journalism tools"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "ChartQA: A Benchmark for Question Answering about Charts with Visual and Logical Reasoning (Masry et al., 2022)", url: "https://arxiv.org/abs/2203.10244" },
    { title: "VLMEvalKit (the table and its scoring)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
