/**
 * Where SWE-bench Pro's per-instance test scripts come from: the official
 * harness repository (scaleapi/SWE-bench_Pro-os) at a commit, its
 * run_scripts/ folder pinned by its git tree id as Terminal-Bench 2.0's
 * tasks are (src/catalog/git-tree.ts; one digest commits to every file).
 * The folder holds one directory per instance (1,000: the 731 public ones
 * and others), each with run_script.sh (runs the given test files),
 * parser.py (their output to output.json) and instance_info.txt; a few
 * carry earlier parser versions beside them. The loader turns it into one
 * row per instance: {instance_id, run_script, parser}, the two files the
 * entry script runs, in instance_id order. Pure data and parsing, no I/O.
 */
import { githubTreePin } from "../../catalog/git-tree";
import type { LoadedFile, PinnedDataset } from "../../catalog/types";
import type { JsonObject } from "../../datasets/canonical-json";

const REPO = "scaleapi/SWE-bench_Pro-os";
/** The harness's commit its users pin ("Merge pull request #98"); run_scripts/ as of it. */
const COMMIT = "ca10a60a5fcae51e6948ffe1485d4153d421e6c5";
const FOLDER = "run_scripts";
/** `git rev-parse ca10a60a:run_scripts`. */
const TREE = "0aabaf8e86a42cdc6a12f1eae35503ad60b23f9e";

export const SWEBENCH_PRO_SCRIPTS: PinnedDataset = {
  kind: "pinned",
  name: "builtin.swebench-pro-scripts",
  version: 1,
  repository: REPO,
  commit: COMMIT,
  license: "MIT",
  files: [],
  git_tree: githubTreePin(REPO, COMMIT, {
    tree: TREE,
    folder: FOLDER,
    archive_path: "swebench_pro/run_scripts.tar",
    // As `git ls-tree -r -l` of the commit states them: 1,000 instance directories.
    files: 3_098,
    bytes: 17_608_134,
  }),
  notes:
    "SWE-bench Pro's per-instance run_script.sh and parser.py as the official harness repository holds them, pinned by the git tree id of run_scripts/ at the commit. " +
    "Loading it upstream costs one request per file (3,099 with the listing), under a Worker's 10,000 subrequests; from a mirror, one.",
};

/** Revision rows, one per instance directory: its run_script.sh and parser.py as text. Throws naming the directory that lacks one. */
export async function swebenchProScriptRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const dirs = new Map<string, { run_script?: string; parser?: string }>();
  const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  for (const f of files) {
    const parts = f.file.path.split("/");
    if (parts.length === 1) continue;
    if (parts.length !== 2) throw new Error(`${f.file.path}: a file below an instance's directory; the folder is not run_scripts/ as the harness lays it out`);
    const [dir, name] = parts as [string, string];
    const entry = dirs.get(dir) ?? {};
    dirs.set(dir, entry);
    if (name === "run_script.sh") entry.run_script = utf8.decode(f.bytes);
    else if (name === "parser.py") entry.parser = utf8.decode(f.bytes);
  }
  const rows: JsonObject[] = [];
  for (const [dir, e] of [...dirs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (e.run_script === undefined || e.parser === undefined) throw new Error(`${dir}: has no ${e.run_script === undefined ? "run_script.sh" : "parser.py"}`);
    rows.push({ instance_id: dir, run_script: e.run_script, parser: e.parser });
  }
  return rows;
}
