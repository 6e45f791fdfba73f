/** ChartQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Questions about bar, line and pie charts that need reading values and doing arithmetic on them.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES, "Its scorer (relaxed accuracy: numbers within 5%) is not in Assay's scorer registry yet."),
  text: {
    what_it_measures:
      "Chart comprehension: " +
      "locating the right marks, reading values, comparing series and computing differences, sums or ratios from what the chart shows.",
    how_it_works:
      "Each question refers to one chart image. The model answers with a short value; " +
      "scoring is relaxed accuracy — numeric answers within 5% of the reference count as correct, text answers must match exactly. " +
      "The human-written and augmented question sets are the subsets.",
    strengths: [
      "Real charts from the web with questions people actually ask.",
      "The human-written subset requires visual and logical reasoning, not just lookup.",
      "Cheap, short answers.",
    ],
    limitations: [
      "Relaxed accuracy forgives some reading errors and penalises formatting differences in text answers.",
      "Largely saturated by recent models.",
      "Only three chart types dominate.",
    ],
    when_to_use: "Pick it for products that answer questions about dashboards, reports or charts.",
    use_cases: ["BI and dashboard assistants", "Report summarisation", "Financial document Q&A"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    {
      title: "ChartQA: A Benchmark for Question Answering about Charts with Visual and Logical Reasoning (Masry et al., 2022)",
      url: "https://arxiv.org/abs/2203.10244",
    },
  ],
};
