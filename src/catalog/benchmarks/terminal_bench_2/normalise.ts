/**
 * Terminal-Bench 2.0's rows: the files of its pinned task folder read as
 * Harbor tasks (every folder with a task.toml; the folder's README and
 * LICENSE belong to none), one row per task carrying the task whole
 * (src/environments/task-row.ts), in path order. Throws naming the file and
 * field when a task does not read by Harbor's rules. Pure.
 */
import { readHarborTasks } from "../../../environments/harbor/task";
import { InputError } from "../../../environments/input-error";
import { harborTaskRows } from "../../../environments/task-row";
import type { JsonObject } from "../../../datasets/canonical-json";
import type { FileTree } from "../../../environments/file-tree";
import type { LoadedFile } from "../../types";

export async function terminalBenchRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const tree: FileTree = new Map(files.map((f) => [f.file.path, f.bytes]));
  try {
    return harborTaskRows(await readHarborTasks(tree)) as unknown as JsonObject[];
  } catch (err) {
    if (err instanceof InputError) throw new Error(`${err.field}: ${err.message}`);
    throw err;
  }
}
