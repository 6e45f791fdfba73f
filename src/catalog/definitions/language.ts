/** Built-ins of the Language group: HellaSwag. Pure data. */
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { notBundled } from "./common";

const HELLASWAG_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/rowanz/hellaswag (data/hellaswag_val.jsonl)",
  revision: null,
  license: "MIT",
  notes: "The validation file is the usual evaluation set (test labels are hidden); it is larger than the snapshot Assay bundles, so it is not pinned here yet.",
};

export const LANGUAGE: BuiltinBenchmark[] = [
  {
    id: "bm_hellaswag",
    name: "HellaSwag",
    description: "Pick the most plausible way a short everyday scene or how-to passage continues.",
    category: "language",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(HELLASWAG_DATA),
    text: {
      what_it_measures:
        "Commonsense understanding of how situations unfold in text: given the start of an activity description (from ActivityNet video captions or WikiHow articles), which of four endings a person would find natural.",
      how_it_works:
        "Each item has a context and four endings; three were machine-written and kept because they fooled a strong model of the time (adversarial filtering) while humans rejected them easily. " +
        "Here the endings are lettered, the model replies with a letter and the multiple-choice scorer compares it with the label.",
      strengths: [
        "Easy for humans (above 95%) yet designed to trip statistical shortcuts.",
        "Large enough for tight confidence intervals.",
        "A standard point of comparison for base and small models.",
      ],
      limitations: [
        "Saturated for large models.",
        "Some contexts and endings are ungrammatical or noisy, so part of the residual error is label noise.",
        "Letter-choice generation differs from the log-likelihood ranking most leaderboards use; scores are not directly comparable.",
        "Tests plausibility of text, not factual knowledge or instruction following.",
      ],
      when_to_use: "Pick it to check the language modelling quality of small or base models, or the effect of distillation and quantisation on everyday language understanding.",
      use_cases: ["On-device and small assistant models", "Autocomplete and text-continuation features"],
    },
    data: HELLASWAG_DATA,
    split: "validation",
    prompt_template: "Choose the most plausible continuation. Reply with the letter of the correct option.\n\n{context}\n\n{choices_text}\n\nAnswer:",
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: [],
    few_shot: { supported: true, default: 0, split: "train", note: "Examples would come from the training split." },
    sample_size: null,
    credentials: [],
    requirements: [],
    references: [{ title: "HellaSwag: Can a Machine Really Finish Your Sentence? (Zellers et al., 2019)", url: "https://arxiv.org/abs/1905.07830" }],
  },
];
