/**
 * MMLU-Pro's pinned source: its test and validation Parquet files, each
 * pinned to a commit of a public repository with the sha256 and size of its
 * bytes (facts from shared/datasets/mmlu_pro/SOURCE.md), and its 14
 * categories. Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

/** MMLU-Pro's 14 categories, as its rows name them. */
export const MMLU_PRO_CATEGORIES = [
  "biology", "business", "chemistry", "computer science", "economics", "engineering", "health",
  "history", "law", "math", "other", "philosophy", "physics", "psychology",
] as const;

// The Hugging Face dataset TIGER-Lab/MMLU-Pro, vendored byte for byte in FuseAI's FuseEval (the MMLU-Pro GitHub repository holds no data file).
const FUSEAI = "18907305772/FuseAI";
const FUSEAI_COMMIT = "7d9a30729e4b5a40bca19a97e188bfc07edf0809";
const MMLU_PRO_DIR = "FuseChat-3.0/FuseEval/General-Eval/MC-Eval/data/MMLU-Pro/data";

export const MMLU_PRO_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mmlu-pro",
  version: 1,
  repository: FUSEAI,
  commit: FUSEAI_COMMIT,
  license: "MIT",
  files: [
    {
      path: "mmlu_pro/data/test-00000-of-00001.parquet",
      url: rawUrl(FUSEAI, FUSEAI_COMMIT, `${MMLU_PRO_DIR}/test-00000-of-00001.parquet`),
      sha256: "2bd1ae25ec6c21d94ccc6d29be57cd489c4983e376f12531a968f61f666d8e5c",
      bytes: 4_149_487,
      format: "parquet",
    },
    {
      path: "mmlu_pro/data/validation-00000-of-00001.parquet",
      url: rawUrl(FUSEAI, FUSEAI_COMMIT, `${MMLU_PRO_DIR}/validation-00000-of-00001.parquet`),
      sha256: "bc621c6682fd99d9817e14b57efe0501e682283b47b117d3b6541a14e8b6a69f",
      bytes: 45_308,
      format: "parquet",
    },
  ],
  notes:
    "The Hugging Face dataset's test (12,032 questions) and validation (70, five per category) Parquet files, from a public repository " +
    "that vendors the dataset folder unchanged since 2024-12-12; byte identity with the current Hugging Face files is not verified. " +
    "The 'N/A' padding options of validation rows are dropped before lettering, as upstream's preprocess() does.",
};
