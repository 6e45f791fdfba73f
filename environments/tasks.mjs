/**
 * Harbor task folders on disk as Assay reads them: a folder (of one task,
 * or of several, as Terminal-Bench's tasks/) walked into a file tree, read
 * by Harbor's rules (src/environments/harbor/task.ts) and turned into
 * dataset rows (src/environments/task-row.ts). The tasks Assay ships live
 * beside this file, in tasks/; `npm start`'s demo and the tests load them
 * here. I/O: reads the folder.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadKit } from "./trial.mjs";

/** The folder of the tasks Assay ships. */
export const SHIPPED_TASKS_DIR = fileURLToPath(new URL("./tasks/", import.meta.url));

/** Every file under `dir`, by path relative to it. */
export async function folderTree(dir) {
  const tree = new Map();
  const walk = async (d) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) tree.set(relative(dir, p).split("\\").join("/"), new Uint8Array(await readFile(p)));
    }
  };
  await walk(dir);
  return tree;
}

/** The tasks of a folder as dataset rows, in path order. */
export async function taskRows(dir = SHIPPED_TASKS_DIR) {
  const kit = await loadKit();
  const tasks = await kit.readHarborTasks(await folderTree(dir));
  return tasks.map((t) => kit.harborTaskRow(t));
}
