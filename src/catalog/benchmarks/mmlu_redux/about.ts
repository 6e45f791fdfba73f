/** MMLU-Redux's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "MMLU questions re-checked by hand, with the faulty ones labelled, for a truer knowledge score.",
  status_detail: notBundled(definition.data),
  text: {
    what_it_measures: "The same knowledge MMLU targets, measured on questions whose keys were verified by human annotators.",
    how_it_works:
      "Annotators re-examined samples of MMLU questions per subject and labelled each as correct or with an error type (unclear question, wrong key, " +
      "several correct options, no correct option). " +
      "A run scores only questions labelled correct, with the same letter-choice prompt and multiple-choice scorer as MMLU; subjects are the subsets.",
    strengths: [
      "Removes label noise that caps and distorts MMLU scores.",
      "Shows which subjects were most affected by errors, useful for interpreting old MMLU results.",
      "Drop-in comparable with MMLU's format.",
    ],
    limitations: [
      "Covers a subset of MMLU's questions, so it is smaller per subject.",
      "Shares MMLU's exposure on the web (contamination) and its multiple-choice format.",
      "Annotation is itself imperfect; some 'correct' labels remain debatable.",
    ],
    when_to_use: "Pick it when MMLU scores drive a decision and you want them free of known label errors.",
    use_cases: ["Model selection for knowledge-heavy assistants", "Auditing claims made from MMLU numbers"],
  },
  credentials: [],
  requirements: [],
  references: [{ title: "Are We Done with MMLU? (Gema et al., 2024)", url: "https://arxiv.org/abs/2406.04127" }],
};
