/**
 * SWE-bench Pro's pinned source as the entry loads it: the public set's
 * parquet (src/environments/swebench/pro-data.ts, pinned by its sha256)
 * and the harness's run_scripts/ folder (pro-scripts.ts, pinned by its git
 * tree id), fetched together so the loader can give each instance's row
 * its own run_script.sh and parser.py. The revision's name is its own: a
 * change to either pin is a new version. Pure data, no I/O.
 */
import { SWEBENCH_PRO_DATA } from "../../../environments/swebench/pro-data";
import { SWEBENCH_PRO_SCRIPTS } from "../../../environments/swebench/pro-scripts";
import type { PinnedDataset } from "../../types";

export const SWEBENCH_PRO_TASKS: PinnedDataset = {
  kind: "pinned",
  name: "builtin.swebench-pro-tasks",
  version: 1,
  repository: SWEBENCH_PRO_DATA.repository,
  commit: SWEBENCH_PRO_DATA.commit,
  license: SWEBENCH_PRO_DATA.license,
  files: SWEBENCH_PRO_DATA.files,
  git_tree: SWEBENCH_PRO_SCRIPTS.git_tree!,
  notes:
    `${SWEBENCH_PRO_DATA.notes} ` +
    `With it, run_scripts/ of ${SWEBENCH_PRO_SCRIPTS.repository}@${SWEBENCH_PRO_SCRIPTS.commit} (MIT), pinned by its git tree id: each instance's run_script.sh and parser.py.`,
};
