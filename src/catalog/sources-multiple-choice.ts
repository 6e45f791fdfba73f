/**
 * The pinned data of MMLU-Pro (Knowledge) and HellaSwag (Language), each
 * file pinned to a commit of a public repository with the sha256 and size
 * of its bytes (facts from shared/datasets/{mmlu_pro,hellaswag}/SOURCE.md).
 * Pure data, no I/O.
 */
import type { PinnedDataset } from "./types";

const raw = (repository: string, commit: string, path: string) => `https://raw.githubusercontent.com/${repository}/${commit}/${path}`;

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
      url: raw(FUSEAI, FUSEAI_COMMIT, `${MMLU_PRO_DIR}/test-00000-of-00001.parquet`),
      sha256: "2bd1ae25ec6c21d94ccc6d29be57cd489c4983e376f12531a968f61f666d8e5c",
      bytes: 4_149_487,
      format: "parquet",
    },
    {
      path: "mmlu_pro/data/validation-00000-of-00001.parquet",
      url: raw(FUSEAI, FUSEAI_COMMIT, `${MMLU_PRO_DIR}/validation-00000-of-00001.parquet`),
      sha256: "bc621c6682fd99d9817e14b57efe0501e682283b47b117d3b6541a14e8b6a69f",
      bytes: 45_308,
      format: "parquet",
    },
  ],
  loader: "mmlu_pro",
  notes:
    "The Hugging Face dataset's test (12,032 questions) and validation (70, five per category) Parquet files, from a public repository " +
    "that vendors the dataset folder unchanged since 2024-12-12; byte identity with the current Hugging Face files is not verified. " +
    "The 'N/A' padding options of validation rows are dropped before lettering, as upstream's preprocess() does.",
};

const HELLASWAG_TEXT = "klosax/hellaswag_text_data";
// The last commit whose tree still has the repository's MIT LICENSE; the data file is the same at HEAD.
const HELLASWAG_COMMIT = "0455359cb53700e000f98431f096720ee9b35550";

export const HELLASWAG_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.hellaswag",
  version: 1,
  repository: HELLASWAG_TEXT,
  commit: HELLASWAG_COMMIT,
  license: "MIT",
  files: [
    {
      path: "hellaswag/hellaswag_val_full.txt.bz2",
      url: raw(HELLASWAG_TEXT, HELLASWAG_COMMIT, "hellaswag_val_full.txt.bz2"),
      sha256: "50b637899e4263c2bc456c2dc726c95d2c8cd8e2a552ea5bd7719ce3cb03fe5b",
      bytes: 1_964_544,
      format: "txt.bz2",
    },
  ],
  loader: "hellaswag",
  notes:
    "Not the original JSON Lines: a text conversion of rowanz/hellaswag's hellaswag_val.jsonl (all 10,042 validation items, in file order), " +
    "six lines per item: activity label and context, the gold ending's index, the four endings. The converter applied lm-evaluation-harness's " +
    "cleanup ([header], [step], [title] markers removed) but kept the raw context, so an ActivityNet prompt can differ from the harness's by " +
    "the case of one letter. The in-domain/zero-shot split, source ids and ctx_a/ctx_b split are not in the file.",
};
