/**
 * SWE-bench Pro's task rows: each public instance of the pinned parquet
 * joined with its directory of the harness's run_scripts/ folder, as the
 * environment runner's SWE-bench Pro branch reads a row
 * (src/environments/swebench/pro-task.ts's ProTaskRow):
 *
 *   { environment: "swebench_pro", instance_id, instruction,
 *     instance: { the ProRow fields, repo_language }, run_script, parser, exports: [] }
 *
 * `instruction` is the prompt the entry gives (proInstruction: statement,
 * requirements, interface). The row keeps only the columns the runner and
 * the grader read: test_patch (the harness checks the tests out from a
 * commit instead, before_repo_set_cmd) and the two category columns are
 * left out, which keeps the 731 rows with their scripts inside a
 * revision's size. `exports` is empty where the harness exports its
 * Dockerfiles' ENV lines (swe_bench_pro_eval.py's create_entryscript):
 * the instance's image was built from those Dockerfiles, so its container
 * starts with that environment already. The folder holds directories for
 * instances outside the public set too; those are not rows. An instance
 * without its directory is an error naming it. Pure.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { swebenchProRows } from "../../../environments/swebench/pro-data";
import { swebenchProScriptRows } from "../../../environments/swebench/pro-scripts";
import { ProRow, proInstruction } from "../../../environments/swebench/pro-task";
import type { LoadedFile } from "../../types";

/** The dataset columns a task row's instance keeps (ProRow's, and the language for reports). */
const KEPT = [...Object.keys(ProRow.shape), "repo_language"];

export async function swebenchProTaskRows(files: LoadedFile[]): Promise<JsonObject[]> {
  // The parquet is the pinned file; everything else is the run_scripts/ folder's.
  const instances = await swebenchProRows(files.filter((f) => f.file.format === "parquet"));
  const scripts = new Map((await swebenchProScriptRows(files.filter((f) => f.file.format !== "parquet"))).map((s) => [s.instance_id as string, s]));
  return instances.map((row) => {
    const id = row.instance_id as string;
    const s = scripts.get(id);
    if (!s) throw new Error(`${id}: run_scripts/ has no directory for it (no run_script.sh or parser.py to test it with)`);
    const instance: JsonObject = {};
    for (const k of KEPT) if (row[k] !== undefined) instance[k] = row[k]!;
    return { environment: "swebench_pro", instance_id: id, instruction: proInstruction(ProRow.parse(row)), instance, run_script: s.run_script!, parser: s.parser!, exports: [] };
  });
}
