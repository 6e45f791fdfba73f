/** HumanEval+'s pinned source: EvalPlus's v0.1.10 release file at its repository commit, with the sha256 the loader checks. Pure data. */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

/** The release repository's commit that holds the v0.1.10 files ("bump to v0.1.10", 2024-05-01). */
const COMMIT = "200defce9e3429d28ca215b6dd061c0f7f31c18b";

export const HUMANEVAL_PLUS_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.humaneval-plus",
  version: 1,
  repository: "evalplus/humanevalplus_release",
  commit: COMMIT,
  license: "Apache-2.0",
  files: [
    {
      path: "humanevalplus/v0.1.10/HumanEvalPlus.jsonl.gz",
      url: rawUrl("evalplus/humanevalplus_release", COMMIT, "HumanEvalPlus.jsonl.gz"),
      // The bytes of git blob bdfe756780f5fa2f708ef40fa5540ff605fe20b9, the file as that commit publishes it.
      sha256: "272720b90ac375502c8ed23cd791c2a93dfb22a911641a494da74a426c09f101",
      bytes: 925_932,
      format: "jsonl.gz",
    },
  ],
  notes:
    "EvalPlus's HumanEvalPlus.jsonl.gz v0.1.10 from its release repository, byte for byte (git blob bdfe7567 at commit 200defce; the annotated tag v0.1.10 " +
    "points at the commit before, which still holds v0.1.9's files, because release.sh tags before committing). 164 tasks with 1,570 base inputs and 122,683 plus inputs; " +
    "EvalPlus itself downloads the same file name from the v0.1.10 GitHub release, which was not compared with it.",
};
