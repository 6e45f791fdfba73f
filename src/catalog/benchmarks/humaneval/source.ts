/** HumanEval's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

export const HUMANEVAL_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.humaneval",
  version: 1,
  repository: "openai/human-eval",
  commit: "6d43fb980f9fee3c892a914eda09951f772ad10d",
  license: "MIT",
  files: [
    {
      path: "humaneval/HumanEval.jsonl.gz",
      url: rawUrl("openai/human-eval", "6d43fb980f9fee3c892a914eda09951f772ad10d", "data/HumanEval.jsonl.gz"),
      sha256: "b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef",
      bytes: 44_877,
      format: "jsonl.gz",
    },
  ],
  notes: "The original gzip file, byte for byte (164 problems).",
};
