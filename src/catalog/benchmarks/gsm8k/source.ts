/** GSM8K's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

export const GSM8K_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.gsm8k",
  version: 1,
  repository: "openai/grade-school-math",
  commit: "3101c7d5072418e28b9008a6636bde82a006892c",
  license: "MIT",
  files: [
    {
      path: "gsm8k/test.jsonl",
      url: rawUrl("openai/grade-school-math", "3101c7d5072418e28b9008a6636bde82a006892c", "grade_school_math/data/test.jsonl"),
      sha256: "3730d312f6e3440559ace48831e51066acaca737f6eabec99bccb9e4b3c39d14",
      bytes: 749_738,
      format: "jsonl",
    },
  ],
  notes: "The original test split, byte for byte (1,319 problems). The training split is not loaded.",
};
