/**
 * Terminal-Bench 2.0's pinned source: its task folder, 89 Harbor tasks (and
 * the folder's README and LICENSE), pinned by one digest, the git tree id of
 * the folder at a commit, which commits to every file below it
 * (src/catalog/git-tree.ts). The official repository,
 * laude-institute/terminal-bench-2, is what Harbor's registry names for
 * `terminal-bench@2.0` (commit 69671fbaac6d67a7ef0dfec016cc38a64ef7a77c, the
 * tasks at its root); no copy of it could be read where this pin was made,
 * so the pin is the copy that could: yujianll/skill-usage, a paper
 * repository that vendors the 89 base tasks (every file of each task, with
 * the upstream README and the LICENSE the official repository added after
 * that commit) under `terminal-bench-2/`, the folder whose tree id is
 * pinned. Re-pinning to the official repository is these constants (its
 * commit, "" for its root folder, that tree id, counts). Pure data, no I/O.
 */
import { githubTreePin } from "../../git-tree";
import type { PinnedDataset } from "../../types";

const REPO = "yujianll/skill-usage";
const COMMIT = "f9f89fadc42150d0b3de9dfa8ff31da31607ca89";
const FOLDER = "terminal-bench-2";
/** `git rev-parse f9f89fad:terminal-bench-2`, the same at the repository's three commits. */
const TREE = "7f81efe1e373df6ef4a9a00242b226a5bd7b3f7d";

export const TERMINAL_BENCH_2_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.terminal-bench-2",
  version: 1,
  repository: REPO,
  commit: COMMIT,
  license: "Apache-2.0",
  files: [],
  git_tree: githubTreePin(REPO, COMMIT, {
    tree: TREE,
    folder: FOLDER,
    archive_path: "terminal_bench_2/tasks.tar",
    files: 859,
    // The 855 files whose sizes the copy read here held; four large ones (two weights.pt, two .tar.gz) were absent from it, so the folder is larger.
    bytes: 11_689_770,
  }),
  notes:
    "The 89 tasks of Terminal-Bench 2.0 in Harbor's task format, one row each, pinned by the git tree id of the folder that holds them. " +
    "Harbor's registry names laude-institute/terminal-bench-2@69671fba for terminal-bench@2.0; this copy (a vendored folder of a paper repository) is pinned because it could be read where the pin was made, and was not byte-compared with the official one. " +
    "Each task names its prebuilt image (docker_image, alexgshaw/<task>:20251031) and ships the Dockerfile it was built from.",
};
