/**
 * SWE-bench Pro's run_scripts/ folder for the test mirror, for the three
 * generated instances (test/mini-swebench-pro.ts): each directory holds a
 * run_script.sh (runs each comma-separated test file with sh, every line
 * it prints `PASS <name>` or `FAIL <name>`), a parser.py turning that
 * output into the harness's output.json, and an instance_info.txt the
 * loader skips; the folder also has a README at its top. Served as the
 * tar archive a mirror holds (`assay data pull`), pinned by the tree id
 * git itself computes (terminal_bench_2/mini.ts's gitListing), in both
 * mirror modes: the real folder is not in ../shared. Test data only;
 * runs in Node (the datasets server's setup).
 */
import { folderArchive, gitListing, type FolderFile } from "../src/catalog/benchmarks/terminal_bench_2/mini";
import { SWEBENCH_PRO_SCRIPTS } from "../src/environments/swebench/pro-scripts";
import type { MiniFile } from "./mini-datasets";
import { MINI_PRO_PARSER, MINI_PRO_PATH, MINI_PRO_RUN_SCRIPT, miniProParquet, miniProRows } from "./mini-swebench-pro";

const utf8 = (s: string) => new TextEncoder().encode(s);

/** The generated folder, in path order. */
export function miniProScriptFolder(): FolderFile[] {
  const files: FolderFile[] = [{ path: "README.md", bytes: utf8("# Generated run scripts\n"), executable: false }];
  for (const r of miniProRows()) {
    files.push(
      { path: `${r.instance_id}/instance_info.txt`, bytes: utf8(`Instance ID: ${r.instance_id}\n`), executable: false },
      { path: `${r.instance_id}/parser.py`, bytes: utf8(MINI_PRO_PARSER), executable: false },
      { path: `${r.instance_id}/run_script.sh`, bytes: utf8(MINI_PRO_RUN_SCRIPT), executable: true },
    );
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The folder's archive at the catalog's archive path, pinned by its tree id. */
export function miniProScriptFiles(): MiniFile[] {
  const files = miniProScriptFolder();
  const { tree } = gitListing(files);
  return [{ path: SWEBENCH_PRO_SCRIPTS.git_tree!.archive_path, text: "", gzip: false, bytes: folderArchive(files), gitTree: { tree, files: files.length, bytes: files.reduce((n, f) => n + f.bytes.byteLength, 0) } }];
}

/** SWE-bench Pro's generated mirror files, served with or without ../shared (neither is there): the parquet and the run_scripts/ archive. */
export function miniProFiles(): MiniFile[] {
  return [{ path: MINI_PRO_PATH, text: "", gzip: false, bytes: miniProParquet() }, ...miniProScriptFiles()];
}
