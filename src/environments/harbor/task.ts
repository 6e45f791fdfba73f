/**
 * A Harbor task as Assay reads it, from its folder's files:
 *
 *   instruction.md        the prompt the agent gets, verbatim (required)
 *   task.toml             config and limits (required; task-config.ts)
 *   environment/          the build context: a Dockerfile or a
 *                         docker-compose.yaml, and the files they copy
 *                         (optional when task.toml names a docker_image)
 *   tests/test.sh         the verifier (required), run after the agent as
 *                         `bash /tests/test.sh`; it writes
 *                         /logs/verifier/reward.txt or reward.json
 *   tests/...             what the verifier needs; never shown to the agent
 *   solution/solve.sh     the reference solution the oracle agent runs
 *
 * A benchmark is a folder (or ZIP) of such tasks: every folder holding a
 * task.toml is one (Terminal-Bench 2.0's tasks/<name>/, a team's own), and
 * a task's folder may not hold another. Each task gets a digest over its
 * files, so a changed task is a different task. Pure apart from the
 * crypto API.
 */
import { InputError } from "../input-error";
import { sha256Hex } from "../../crypto/hash";
import { dirOf, subtree, treeText, type FileTree } from "../file-tree";
import { parseTaskToml, TaskConfigError, type HarborTaskConfig } from "./task-config";

/** A task that cannot be read: `field` is where, from the upload's root (`tasks/fix-git/task.toml:environment.cpus`). */
export class HarborTaskError extends InputError {}

export interface HarborEnvironment {
  /** How the runner gets it: pull `image`, build `dockerfile`, or bring up `compose`. */
  kind: "image" | "dockerfile" | "compose";
  /** task.toml's docker_image (TB2 tasks name one and ship the Dockerfile it was built from). */
  image: string | null;
  /** The Dockerfile's text, when environment/ has one. */
  dockerfile: string | null;
  compose: string | null;
  /** Every file of environment/, relative to it (the build context). */
  files: string[];
}

export interface HarborTask {
  /** `[task].name` (schema 1.1), else the folder's name. */
  name: string;
  /** The task's folder within the upload ("" when the upload is the task). */
  path: string;
  instruction: string;
  config: HarborTaskConfig;
  environment: HarborEnvironment;
  /** Files of tests/, relative to it; test.sh among them. */
  tests: string[];
  /** Files of solution/, relative to it (solve.sh among them), or null without a solution. */
  solution: string[] | null;
  /** sha256 over the listing "<sha256 of file> <path>\n" of every file, sorted by path. */
  digest: string;
  /** The task's own files, by path relative to its folder (what a runner uploads). */
  files: FileTree;
}

/** Files directly under `dir/`, relative to it, sorted. */
const filesUnder = (tree: FileTree, dir: string) => [...subtree(tree, dir).keys()].sort();

/** The digest of a file tree: sha256 of "<sha256> <path>\n" lines sorted by path. */
export async function treeDigest(tree: FileTree): Promise<string> {
  const lines: string[] = [];
  for (const path of [...tree.keys()].sort()) lines.push(`${await sha256Hex(tree.get(path)!)} ${path}\n`);
  return sha256Hex(new TextEncoder().encode(lines.join("")));
}

/** Reads one task from the files of its folder. `path` names the folder in errors. */
export async function readHarborTask(files: FileTree, path = ""): Promise<HarborTask> {
  const at = (p: string) => (path ? `${path}/${p}` : p);
  const toml = treeText(files, "task.toml");
  if (toml === null) throw new HarborTaskError(at("task.toml"), "is missing: a Harbor task needs task.toml");
  let config: HarborTaskConfig;
  try {
    config = parseTaskToml(toml);
  } catch (e) {
    if (e instanceof TaskConfigError) throw new HarborTaskError(`${at("task.toml")}${e.field === "task.toml" ? "" : `:${e.field}`}`, e.message);
    throw e;
  }
  const instruction = treeText(files, "instruction.md");
  if (instruction === null) throw new HarborTaskError(at("instruction.md"), "is missing: the agent's instruction");
  if (!instruction.trim()) throw new HarborTaskError(at("instruction.md"), "is empty");
  const tests = filesUnder(files, "tests");
  if (!tests.includes("test.sh")) throw new HarborTaskError(at("tests/test.sh"), "is missing: the verifier Harbor runs after the agent");
  const envFiles = filesUnder(files, "environment");
  const dockerfile = treeText(files, "environment/Dockerfile");
  const compose = treeText(files, "environment/docker-compose.yaml") ?? treeText(files, "environment/docker-compose.yml");
  if (!config.docker_image && dockerfile === null && compose === null) {
    throw new HarborTaskError(at("environment/Dockerfile"), "is missing: an environment needs a Dockerfile, a docker-compose.yaml, or environment.docker_image in task.toml");
  }
  const solution = filesUnder(files, "solution");
  if (solution.length && !solution.includes("solve.sh")) throw new HarborTaskError(at("solution/solve.sh"), "is missing: solution/ has files but no solve.sh for the oracle to run");
  const folder = path.split("/").at(-1) ?? "";
  return {
    name: config.name ?? (folder || "task"),
    path,
    instruction,
    config,
    environment: { kind: config.docker_image ? "image" : compose !== null && dockerfile === null ? "compose" : "dockerfile", image: config.docker_image, dockerfile, compose, files: envFiles },
    tests,
    solution: solution.length ? solution : null,
    digest: await treeDigest(files),
    files,
  };
}

/**
 * Every task in an upload: each folder holding a task.toml, in path order.
 * Refuses an upload with none, a task nested inside another's folder, and
 * two tasks of one name.
 */
export async function readHarborTasks(tree: FileTree): Promise<HarborTask[]> {
  const roots = [...tree.keys()].filter((p) => p === "task.toml" || p.endsWith("/task.toml")).map(dirOf).sort();
  if (!roots.length) throw new HarborTaskError("file", "holds no task.toml: a Harbor task is a folder with instruction.md, task.toml, environment/, tests/test.sh");
  for (const r of roots) {
    const outer = roots.find((o) => o !== r && (o === "" || r.startsWith(`${o}/`)));
    if (outer !== undefined) throw new HarborTaskError(`${r}/task.toml`, `is inside the task ${outer || "at the root"}: tasks may not nest`);
  }
  const tasks: HarborTask[] = [];
  for (const r of roots) tasks.push(await readHarborTask(subtree(tree, r), r));
  const seen = new Map<string, string>();
  for (const t of tasks) {
    const other = seen.get(t.name);
    if (other !== undefined) throw new HarborTaskError(`${t.path}/task.toml`, `names the task '${t.name}', as ${other || "the root"} does`);
    seen.set(t.name, t.path);
  }
  return tasks;
}
