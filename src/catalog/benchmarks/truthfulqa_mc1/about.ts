/** TruthfulQA MC1's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker); it shares TruthfulQA's text but for how it works. */
import type { BenchmarkAbout } from "../../types";
import { about as truthfulqa } from "../truthfulqa/about";

export const about: BenchmarkAbout = {
  description: "TruthfulQA as multiple choice: exactly one true option among plausible falsehoods.",
  status_detail:
    "Runs inline, no judge needed. A variant of TruthfulQA: " +
    "the 817 mc1 questions load on first use from their pinned source, with each question's options shuffled in a fixed, seeded order (the source lists the true one first).",
  text: {
    ...truthfulqa.text,
    how_it_works:
      "Each question comes with 2 to 13 options of which exactly one is true. " +
      "The options are shuffled once, with a seed derived from the question, when the data is imported, so the answer's position carries no signal and every run sees the same order. " +
      "The model replies with a letter and the multiple-choice scorer compares it with the key.",
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "TruthfulQA: Measuring How Models Mimic Human Falsehoods (Lin, Hilton and Evans, 2021)", url: "https://arxiv.org/abs/2109.07958" },
    { title: "brucewlee/nutcracker-db", url: "https://github.com/brucewlee/nutcracker-db" },
  ],
};
