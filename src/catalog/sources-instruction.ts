/**
 * The pinned data of the Instruction group: IFEval's 541 prompts and
 * IFBench's test prompts, each file pinned to a commit with the sha256 and
 * size of its bytes (facts from shared/datasets/{ifeval,ifbench}/SOURCE.md).
 * Pure data, no I/O.
 */
import type { PinnedDataset } from "./types";

const raw = (repository: string, commit: string, path: string) => `https://raw.githubusercontent.com/${repository}/${commit}/${path}`;

const IFEVAL_MIRROR = "Podtech-AI/IFEval";
const IFEVAL_COMMIT = "5bdf377eb9cc20f16d377dc5c38413cee22550a6";

export const IFEVAL_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.ifeval",
  version: 1,
  repository: IFEVAL_MIRROR,
  commit: IFEVAL_COMMIT,
  license: "CC-BY-4.0",
  files: [
    {
      path: "ifeval/input_data.jsonl",
      url: raw(IFEVAL_MIRROR, IFEVAL_COMMIT, "data/input_data.jsonl"),
      sha256: "67ffeee0fcb87c317c5b08a2de85557b4a7e96ada6178aa645b4954fe4b53d49",
      bytes: 207_111,
      format: "jsonl",
    },
  ],
  loader: "ifeval",
  notes:
    "google-research's instruction_following_eval/data/input_data.jsonl (541 prompts, 834 instructions of 25 types) from a public mirror " +
    "pinned to its first commit: the next commit deleted one row, and google-research is too large to pin here. The text matches the " +
    "upstream file in length and in every window compared, but no hash of the upstream blob was available.",
};

const IFBENCH_REPO = "allenai/IFBench";
const IFBENCH_COMMIT = "db69a6f05689830b0068b8f1529ebcfd2f3b164c";

export const IFBENCH_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.ifbench",
  version: 1,
  repository: IFBENCH_REPO,
  commit: IFBENCH_COMMIT,
  license: "ODC-BY-1.0",
  files: [
    {
      path: "ifbench/IFBench_test.jsonl",
      url: raw(IFBENCH_REPO, IFBENCH_COMMIT, "data/IFBench_test.jsonl"),
      sha256: "a2bf7b8e7ed11d39c65b4ec781da8b99663ed0121f97033d70fcecb61f8a9d85",
      bytes: 421_502,
      format: "jsonl",
    },
  ],
  loader: "ifbench",
  notes: "The repository's IFBench_test.jsonl, byte for byte (300 prompts with 344 constraints of 58 new types; every kwargs key is present, unused ones null).",
};
