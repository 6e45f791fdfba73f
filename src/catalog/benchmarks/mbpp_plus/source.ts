/** MBPP+'s pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

export const MBPP_PLUS_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mbpp-plus",
  version: 1,
  repository: "evalplus/evalplus",
  // The last commit that changed MbppPlus.jsonl (2023-11-16); the next one deleted it for release assets (v0.1.0).
  commit: "767efcc368e0ef16568bba4ee2f1b005e849e8a6",
  license: "Apache-2.0",
  files: [
    {
      path: "mbpp_plus/MbppPlus.jsonl",
      url: rawUrl("evalplus/evalplus", "767efcc368e0ef16568bba4ee2f1b005e849e8a6", "MbppPlus.jsonl"),
      sha256: "08405a4e8764a4941cfe0945d25a956355a0454f364ea902c4020a44e7057973",
      bytes: 2_733_811,
      format: "jsonl",
    },
  ],
  notes:
    "EvalPlus's MbppPlus.jsonl from its repository, byte for byte: 399 tasks of sanitized MBPP with their base inputs (the original tests' arguments) " +
    "and about 100 plus inputs each (42,082 in all). It matches what the v0.1.0 release is documented to hold but was not compared with that release asset; " +
    "the current v0.2.0 (378 tasks) is not this file.",
};
