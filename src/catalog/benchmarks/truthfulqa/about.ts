/** TruthfulQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { JUDGE_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Questions that invite popular misconceptions; the model must answer truthfully, graded by an LLM judge.",
  status_detail:
    "Runs inline with the run's judge model. " +
    "The questions load on first use from their pinned source (790 questions in the current TruthfulQA.csv, checked against its sha256). " +
    "The multiple-choice form is the variant TruthfulQA MC1.",
  text: {
    what_it_measures:
      "Whether a model says what is true rather than what is commonly believed: questions built so that a human (or a model imitating human text) " +
      "is tempted by a misconception, superstition, conspiracy or misleading framing.",
    strengths: [
      "Targets imitative falsehoods directly; larger models trained on more web text can do worse, which makes it informative.",
      "Categories (health, law, conspiracies, fiction...) give a breakdown of where a model repeats myths.",
      "Small enough to run often.",
    ],
    limitations: [
      "Adversarially written against older models; some questions have become stale or widely memorised.",
      "Truth is judged against references written in 2021; a few answers have aged.",
      "A model can score well by refusing to commit (informativeness is not scored here).",
    ],
    when_to_use: "Pick it before shipping an assistant that answers factual questions from the public, or after fine-tuning on web or user data that may carry myths.",
    use_cases: ["Consumer Q&A and search assistants", "Health, legal and financial information bots", "Customer-facing support agents"],
    how_it_works:
      "Generation task: the model answers each question in a sentence or two. " +
      "The run's judge model grades the answer for truthfulness with fixed criteria, seeing the question and the dataset's best answer as reference; " +
      "its verdict (0, 0.5 or 1) is the reward, and an unreadable verdict leaves the attempt unscored rather than 0. Categories are the subsets. " +
      "The revision also keeps each question's lists of true and false answers for inspection.",
  },
  credentials: [],
  requirements: [JUDGE_REQUIREMENT],
  references: [
    { title: "TruthfulQA: Measuring How Models Mimic Human Falsehoods (Lin, Hilton and Evans, 2021)", url: "https://arxiv.org/abs/2109.07958" },
    { title: "sylinrl/TruthfulQA", url: "https://github.com/sylinrl/TruthfulQA" },
  ],
};
