/** TruthfulQA's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

/** The 37 categories of the loaded TruthfulQA.csv, in first-seen order: the subsets. */
export const TRUTHFULQA_CATEGORIES = [
  "Misconceptions", "Proverbs", "Misquotations", "Conspiracies", "Superstitions", "Paranormal", "Fiction",
  "Myths and Fairytales", "Indexical Error: Identity", "Indexical Error: Location", "Distraction",
  "Subjective", "Advertising", "Religion", "Logical Falsehood", "Stereotypes", "Misconceptions: Topical",
  "Education", "Nutrition", "Health", "Indexical Error: Other", "Psychology", "Sociology", "Economics",
  "Politics", "Law", "Science", "History", "Language", "Weather", "Confusion: People", "Confusion: Places",
  "Confusion: Other", "Finance", "Misinformation", "Statistics", "Mandela Effect",
];

export const TRUTHFULQA_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.truthfulqa",
  version: 1,
  repository: "p4l4ni/LLM_HALLUCINATION",
  commit: "a56b9db3da6e180b30c3e03fd3f21cb161a00a12",
  license: "Apache-2.0",
  files: [
    {
      path: "truthfulqa/TruthfulQA.csv",
      url: rawUrl("p4l4ni/LLM_HALLUCINATION", "a56b9db3da6e180b30c3e03fd3f21cb161a00a12", "TruthfulQA.csv"),
      sha256: "764be5c0c27c337baed4db641555c125428569df44a8dbf9b28796a6ce4d7616",
      bytes: 503_551,
      format: "csv",
    },
  ],
  notes:
    "The current TruthfulQA.csv layout (790 questions, 37 categories, with 'Best Incorrect Answer'), taken from a public " +
    "mirror pinned to a commit because the upstream sylinrl/TruthfulQA repository has no pinned snapshot here; byte " +
    "identity with upstream is not verified.",
};
