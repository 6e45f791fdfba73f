/**
 * LiveCodeBench v6's pinned source: test6.jsonl of livecodebench/code_generation_lite
 * on Hugging Face, the 175 problems release_v6 added (LiveCodeBench's version
 * tag "v6"), with the sha256 and size of its Git LFS object. Pure data.
 */
import type { PinnedDataset } from "../../types";

/** code_generation_lite's commit "fix typos (#4)", the head that holds test6.jsonl as published. */
const COMMIT = "0fe84c3912ea0c4d4a78037083943e8f0c4dd505";

export const LIVECODEBENCH_V6_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.livecodebench-v6",
  version: 1,
  repository: "huggingface.co/datasets/livecodebench/code_generation_lite",
  commit: COMMIT,
  license: "CC",
  files: [
    {
      path: "livecodebench/test6.jsonl",
      url: `https://huggingface.co/datasets/livecodebench/code_generation_lite/resolve/${COMMIT}/test6.jsonl`,
      // test6.jsonl's LFS object: oid sha256 bb4c364f…d1f5, 134,303,240 bytes.
      sha256: "bb4c364f71921c4495a6ad15abe1a927350b720009f4933e2e71f8af0f6fd1f5",
      bytes: 134_303_240,
      format: "jsonl",
    },
  ],
  notes:
    "test6.jsonl only: the 175 problems release_v6 added (LiveCodeBench's version tag v6; contest dates from January to April 2025), " +
    "pinned by the sha256 and size of its Git LFS object at that commit (Hugging Face's LFS oid; the same digest and size pin the file in several " +
    "independent LiveCodeBench harnesses). The cumulative release_v6 (test.jsonl to test6.jsonl, 1,055 problems, 4.49 GB) is not loaded: " +
    "its older files hold single problems of hundreds of megabytes, more than a Worker can hold. The file is read as a stream; " +
    "each problem's hidden tests are kept, as published (base64 of zlib of a pickled JSON string), in a file of the revision beside its row.",
};
