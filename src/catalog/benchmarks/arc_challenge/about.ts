/** ARC-Challenge's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "AI2's grade-school science questions that simple retrieval and co-occurrence methods got wrong; pick the right option.",
  status_detail:
    "Runs inline. Listed under the ARC entry as its runnable companion: ARC-Challenge (AI2 Reasoning Challenge) " +
    "is a different dataset from ARC-AGI's grid puzzles — science multiple choice, not abstraction — and shares only the name. " +
    "The test and dev splits load on first use from their pinned source.",
  text: {
    what_it_measures:
      "Science knowledge plus the short chains of reasoning needed to apply it: " +
      "questions from US grade 3–9 science exams that a retrieval baseline and a word co-occurrence baseline both answered wrongly.",
    how_it_works:
      "Each of the 1,172 test questions is shown with its lettered options (three to five) and the model replies with a letter. " +
      "The multiple-choice scorer reads the letter (or an answer that repeats one option's text exactly) and compares it with the key; reward 1 or 0.",
    strengths: [
      "Cheap, objective scoring with a fixed key.",
      "Harder than the companion ARC-Easy set, so it still separates small and mid-sized models.",
      "Questions were written for human exams, so they read naturally.",
    ],
    limitations: [
      "Near ceiling for large models (well above 90%).",
      "Letter-choice generation is scored here; published numbers often use log-likelihood ranking of the options, so they are not directly comparable.",
      "The copy loaded here is a re-encoding without the original question ids.",
      "Only elementary science; no open-ended answers.",
    ],
    when_to_use: "Pick it for a quick knowledge-and-reasoning sanity check of small models, or to compare prompt formats on a stable multiple-choice set.",
    use_cases: ["Educational assistants for school science", "Smoke tests of new model builds before longer suites"],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "Think you have Solved Question Answering? Try ARC (Clark et al., 2018)", url: "https://arxiv.org/abs/1803.05457" },
    { title: "brucewlee/nutcracker-db", url: "https://github.com/brucewlee/nutcracker-db" },
  ],
};
