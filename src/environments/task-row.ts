/**
 * A Harbor task as one dataset row, so a benchmark of environment tasks
 * is a dataset revision like any other (Terminal-Bench 2.0's loader, the
 * tasks Assay ships, a team's own folder of tasks) and each attempt's
 * dispatch carries its task whole to the environment runner:
 *
 *   { environment: "harbor", name, instruction, digest,
 *     files: [{ path, encoding: "utf8" | "base64", content }] }
 *
 * `instruction` is the prompt column (what the agent is told); `files`
 * every file of the task's folder (environment/, tests/, solution/,
 * task.toml), so the runner builds, verifies and runs the oracle from the
 * row alone; `digest` is the task's digest (task.ts treeDigest), which the
 * runner checks the files against. Pure apart from the crypto API.
 */
import { z } from "zod";
import { treePath, type FileTree } from "./file-tree";
import { InputError } from "./input-error";
import { readHarborTask, treeDigest, type HarborTask } from "./harbor/task";

/** Largest task a row may carry: the dispatch to the runner holds it whole. */
export const MAX_TASK_ROW_BYTES = 8 * 1024 * 1024;

export const TaskRowFile = z.strictObject({
  path: z.string().min(1).max(1000),
  encoding: z.enum(["utf8", "base64"]),
  content: z.string(),
});

export const HarborTaskRow = z.object({
  environment: z.literal("harbor"),
  name: z.string().min(1).max(200),
  instruction: z.string().min(1),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  files: z.array(TaskRowFile).min(1).max(20_000),
});
export type HarborTaskRow = z.infer<typeof HarborTaskRow>;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The row of a task (its files as text where they are UTF-8, else base64). */
export function harborTaskRow(task: HarborTask): HarborTaskRow {
  const files = [...task.files.keys()].sort().map((path) => {
    const bytes = task.files.get(path)!;
    try {
      return { path, encoding: "utf8" as const, content: utf8.decode(bytes) };
    } catch {
      return { path, encoding: "base64" as const, content: base64(bytes) };
    }
  });
  return { environment: "harbor", name: task.name, instruction: task.instruction, digest: task.digest, files };
}

/** Why a row is not a task: `field` names where (`files[3].path`, `digest`). */
export class TaskRowError extends InputError {}

/** The rows of tasks read from a folder; a task too large for a row is a TaskRowError naming it (`field`: its path in the folder). */
export function harborTaskRows(tasks: readonly HarborTask[]): HarborTaskRow[] {
  return tasks.map((task) => {
    const row = harborTaskRow(task);
    const size = new TextEncoder().encode(JSON.stringify(row)).byteLength;
    if (size > MAX_TASK_ROW_BYTES) throw new TaskRowError(task.path || task.name, `is ${size} bytes as a row; a task may be at most ${MAX_TASK_ROW_BYTES}`);
    return row;
  });
}

/** The files of a row, each path checked as a ZIP member's would be. */
export function taskRowTree(row: HarborTaskRow): FileTree {
  const tree: FileTree = new Map();
  let total = 0;
  row.files.forEach((f, i) => {
    const path = treePath(f.path);
    if (path === null) throw new TaskRowError(`files[${i}].path`, "names a directory, not a file");
    if (tree.has(path)) throw new TaskRowError(`files[${i}].path`, `repeats ${path}`);
    const bytes = f.encoding === "utf8" ? new TextEncoder().encode(f.content) : Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0));
    total += bytes.byteLength;
    if (total > MAX_TASK_ROW_BYTES) throw new TaskRowError("files", `hold more than ${MAX_TASK_ROW_BYTES} bytes`);
    tree.set(path, bytes);
  });
  return tree;
}

/**
 * The task a row carries, read again by Harbor's rules, its files checked
 * against the row's digest (a row edited by hand is refused, not run).
 */
export async function harborTaskFromRow(data: unknown): Promise<HarborTask> {
  const parsed = HarborTaskRow.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TaskRowError(issue.path.join(".") || "row", issue.message);
  }
  const tree = taskRowTree(parsed.data);
  const digest = await treeDigest(tree);
  if (digest !== parsed.data.digest) throw new TaskRowError("digest", `is ${parsed.data.digest} but the files' digest is ${digest}`);
  return readHarborTask(tree, parsed.data.name);
}
