/**
 * IFEval's pinned source: its 541 prompts, the file pinned to a commit with
 * the sha256 and size of its bytes (facts from shared/datasets/ifeval/SOURCE.md).
 * Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

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
      url: rawUrl(IFEVAL_MIRROR, IFEVAL_COMMIT, "data/input_data.jsonl"),
      sha256: "67ffeee0fcb87c317c5b08a2de85557b4a7e96ada6178aa645b4954fe4b53d49",
      bytes: 207_111,
      format: "jsonl",
    },
  ],
  notes:
    "google-research's instruction_following_eval/data/input_data.jsonl (541 prompts, 834 instructions of 25 types) from a public mirror " +
    "pinned to its first commit: the next commit deleted one row, and google-research is too large to pin here. The text matches the " +
    "upstream file in length and in every window compared, but no hash of the upstream blob was available.",
};
