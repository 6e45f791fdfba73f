/**
 * GPQA's pinned source: the authors' password-protected dataset.zip
 * (idavidrein/gpqa at a fixed commit; the password is the one their README
 * publishes with it, so crawlers, not people, are kept out) and, inside it,
 * the diamond cut's CSV, pinned by its own sha256. The archive's digest is
 * the one several independent projects pin for that commit (no size is
 * stated); the CSV's digest and size are those of the copy simple-evals
 * hosted, which matches it. The questions are never committed, logged or
 * printed by Assay: they reach the model, the revision and nothing else.
 * Pure data.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

const GPQA = "idavidrein/gpqa";
const GPQA_COMMIT = "56686c06f5e19865c153de0fdb11be3890014df7";

/** The password the authors publish in their README for dataset.zip. */
export const GPQA_ARCHIVE_PASSWORD = "deserted-untie-orchid";

export const GPQA_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.gpqa-diamond",
  version: 1,
  repository: GPQA,
  commit: GPQA_COMMIT,
  license: "CC-BY-4.0",
  files: [
    {
      path: "gpqa/dataset.zip",
      url: rawUrl(GPQA, GPQA_COMMIT, "dataset.zip"),
      sha256: "461ae7329f15a3e35f8184d2dac24b990f34fdf12f366ca4062d8e6638cd08dc",
      format: "zip",
      member: {
        name: "dataset/gpqa_diamond.csv",
        password: GPQA_ARCHIVE_PASSWORD,
        sha256: "41d1213cd7a4998605a26c2798500652572007161b3a92817ba46b35befcd305",
        bytes: 1_373_492,
        format: "csv",
      },
    },
  ],
  notes:
    "The authors' dataset.zip (ZipCrypto, opened with the password their README publishes); only dataset/gpqa_diamond.csv is read (198 questions, " +
    "78 columns of which the question, the four answers, the domain and the record id are kept). The archive's sha256 is the one independent projects " +
    "pin for this commit; the CSV's sha256 and size match the copy openai/simple-evals hosted. The authors ask that the questions never appear in plain " +
    "text online: Assay stores them in the revision to run them and shows them to nobody but the project running it.",
};
