/** MMLU-Redux's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "MMLU questions re-checked by hand (57 subjects, 100 each); by default only the 5,330 labelled correct are scored.",
  status_detail:
    "Runs inline on the authors' 57 annotation CSVs (aryopg/mmlu-redux at a pinned commit, each checked against its sha256), read with their quirks: " +
    "';' or ',' separators, one Mac-Roman file, columns in four orders, 27 spellings of the error labels. By default only the 5,330 questions " +
    "labelled correct are scored, as lm-evaluation-harness does; the other labels are splits a run can select (select.split), and the variant " +
    "MMLU-Redux (corrected) scores the wrong-groundtruth questions with their corrected answers too.",
  text: {
    what_it_measures: "The same knowledge MMLU targets, measured on questions whose keys were verified by human annotators.",
    how_it_works:
      "Annotators re-examined 100 questions of each of MMLU's 57 subjects and labelled each as correct or with an error: bad question clarity, " +
      "bad options clarity, no correct answer, multiple correct answers, wrong groundtruth, or needing an expert. A run scores the questions labelled " +
      "correct (the split 'ok'). Each is asked as lm-evaluation-harness's generative task asks it: the question, the options lettered 'A. ...', " +
      "then 'Please respond with the correct letter (A, B, C or D) without any additional comments, only the correct letter:'; the first " +
      "standalone capital A-D in the reply is the answer. Subjects are the subsets.",
    strengths: [
      "Removes label noise that caps and distorts MMLU scores.",
      "The error labels are kept per question, so a run can measure a model on the faulty ones too.",
      "Covers all 57 MMLU subjects with a per-subject breakdown.",
    ],
    limitations: [
      "Covers 100 questions per subject, so it is smaller per subject than MMLU.",
      "These are the authors' working CSVs, not the Hugging Face release (labels normalised there); a few annotations may differ.",
      "Shares MMLU's exposure on the web (contamination) and its multiple-choice format.",
      "Taking the first standalone letter penalises replies that discuss other options before answering, as the harness does.",
    ],
    when_to_use: "Pick it when MMLU scores drive a decision and you want them free of known label errors.",
    use_cases: ["Model selection for knowledge-heavy assistants", "Auditing claims made from MMLU numbers"],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "Are We Done with MMLU? (Gema et al., 2024)", url: "https://arxiv.org/abs/2406.04127" },
    { title: "aryopg/mmlu-redux", url: "https://github.com/aryopg/mmlu-redux" },
    { title: "lm-evaluation-harness, tasks/mmlu-redux/generative", url: "https://github.com/EleutherAI/lm-evaluation-harness" },
  ],
};
