/**
 * IFBench's pinned source: its test prompts, the file pinned to a commit with
 * the sha256 and size of its bytes (facts from shared/datasets/ifbench/SOURCE.md).
 * Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

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
      url: rawUrl(IFBENCH_REPO, IFBENCH_COMMIT, "data/IFBench_test.jsonl"),
      sha256: "a2bf7b8e7ed11d39c65b4ec781da8b99663ed0121f97033d70fcecb61f8a9d85",
      bytes: 421_502,
      format: "jsonl",
    },
  ],
  notes: "The repository's IFBench_test.jsonl, byte for byte (300 prompts with 344 constraints of 58 new types; every kwargs key is present, unused ones null).",
};
