/** Types for Harbor task folders read as dataset rows (environments/tasks.mjs). */

/** A task as one dataset row (src/environments/task-row.ts HarborTaskRow). */
export interface TaskRow {
  environment: "harbor";
  name: string;
  instruction: string;
  digest: string;
  files: { path: string; encoding: "utf8" | "base64"; content: string }[];
}

/** The folder of the tasks Assay ships. */
export const SHIPPED_TASKS_DIR: string;
export function folderTree(dir: string): Promise<Map<string, Uint8Array>>;
/** The tasks of a folder (default: the shipped ones) as dataset rows, in path order. */
export function taskRows(dir?: string): Promise<TaskRow[]>;
