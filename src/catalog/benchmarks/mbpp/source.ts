/** MBPP's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

export const MBPP_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mbpp",
  version: 1,
  // google-research/google-research is too large to pin here; this public mirror holds the same mbpp.jsonl (see notes).
  repository: "patdfb/TPC-EES",
  commit: "0f4e84d313671e09268aecb804d0e99062980869",
  license: "CC-BY-4.0",
  files: [
    {
      path: "mbpp/mbpp.jsonl",
      url: rawUrl("patdfb/TPC-EES", "0f4e84d313671e09268aecb804d0e99062980869", "mbpp/mbpp.jsonl"),
      sha256: "ccf64ceae9c5403bf50a044cb6d505bfd2a2963ee58338ba268fd65beab92a9f",
      bytes: 563_743,
      format: "jsonl",
    },
  ],
  notes:
    "The full mbpp.jsonl (974 tasks) of google-research/mbpp, from a public mirror at a pinned commit: same length and identical text " +
    "where compared with upstream, not a hash match. Split by task id as the MBPP README says: 1–10 prompt, 11–510 test, 511–600 validation, 601–974 train.",
};
