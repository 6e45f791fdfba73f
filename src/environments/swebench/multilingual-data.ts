/**
 * Where SWE-bench Multilingual's 300 instances come from: the Hugging Face
 * parquet of SWE-bench/SWE-bench_Multilingual (test split) pinned to a
 * commit, with its size and sha256. The rows have the same fields as
 * Verified's (FAIL_TO_PASS and PASS_TO_PASS as lists of strings rather
 * than JSON text; SwebenchInstance reads both), so they load through the
 * same loader (verified-data.ts's swebenchRows). Pure data, no I/O.
 */
import type { PinnedDataset } from "../../catalog/types";

const REPO = "SWE-bench/SWE-bench_Multilingual";
/** A commit of the dataset repository ("Update dataset card") whose data/ is the 2025 upload of 300 instances. */
const COMMIT = "a7068632272c668a205509c844879fdc9d7d07ee";

export const SWEBENCH_MULTILINGUAL_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.swebench-multilingual",
  version: 1,
  repository: REPO,
  commit: COMMIT,
  license: "MIT",
  files: [
    {
      path: "swebench_multilingual/data/test-00000-of-00001.parquet",
      url: `https://huggingface.co/datasets/${REPO}/resolve/${COMMIT}/data/test-00000-of-00001.parquet`,
      // The Git LFS pointer's oid and size as two independent public pins of this file state them (a Nix fetchurl and a TypeScript loader, at two commits sharing the file); Hugging Face's own pointer page was not at hand to read.
      sha256: "28b7f874e48496399077d276f9f2b163a077ddf0a70dc507c148d58da826baa9",
      bytes: 1_165_968,
      format: "parquet",
    },
  ],
  notes:
    "The 300 instances of SWE-bench Multilingual (42 repositories, 9 languages) as the Hugging Face test split holds them: " +
    "repo, instance_id, base_commit, version (the pull request's number, which picks the harness's test command), patches, problem statement, FAIL_TO_PASS and PASS_TO_PASS. " +
    "A later upload adds each instance's image, eval_script and log_parser; this pin is the one the 4.x harness's per-repository specs describe.",
};
