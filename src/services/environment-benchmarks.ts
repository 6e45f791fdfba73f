/**
 * A benchmark made of Harbor tasks: a ZIP of one task folder or of a folder
 * of them (Terminal-Bench's tasks/, a team's own) becomes a dataset
 * revision of task rows (src/environments/task-row.ts) and a custom
 * benchmark of kind `runner` whose reward is each task's own verifier
 * (`{type: "verifier", verifier: "task-tests"}`), its prompt the task's
 * instruction. A model target's run of it goes to the deployment's
 * environment runner; an agent target's to its runner. A task that does
 * not read is a 422 naming the file and field, and nothing is written.
 * I/O: R2 (the revision's rows) and D1 through src/db.
 */
import { insertCustomBenchmark } from "../db/benchmarks";
import type { BenchmarkRow } from "../db/schema";
import { treeFromZip } from "../environments/file-tree";
import { readHarborTasks } from "../environments/harbor/task";
import { InputError } from "../environments/input-error";
import { harborTaskRows } from "../environments/task-row";
import { AppError } from "../domain/errors";
import { importRevision } from "../storage/dataset-import";
import { customBenchmarkRow, nameTaken } from "./benchmarks";
import type { ProjectScope } from "./project";

/** The scoring spec of a benchmark of Harbor tasks: each task's tests decide, on the runner. */
export const TASK_TESTS = { type: "verifier", verifier: "task-tests" } as const;

export interface NewTaskBenchmark {
  name: string;
  description: string;
  /** The ZIP's bytes. */
  zip: Uint8Array;
}

/** Creates the dataset revision and the benchmark; resolves the benchmark and its task names. */
export async function createTaskBenchmark(scope: ProjectScope, artifacts: R2Bucket, body: NewTaskBenchmark): Promise<{ benchmark: BenchmarkRow; tasks: string[] }> {
  let rows;
  try {
    rows = harborTaskRows(await readHarborTasks(await treeFromZip(body.zip)));
  } catch (e) {
    if (e instanceof InputError) throw new AppError("validation_failed", `the tasks do not read: ${e.field}: ${e.message}`, [{ field: e.field === "file" ? "file" : `file:${e.field}`, message: e.message }]);
    throw e;
  }
  const bytes = new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join("\n"));
  const { revision } = await importRevision(scope.db, artifacts, { projectId: scope.projectId, name: body.name, format: "jsonl", bytes });
  const at = new Date().toISOString();
  const row: BenchmarkRow = {
    ...customBenchmarkRow(scope.projectId, revision, { name: body.name, description: body.description, prompt_template: "{instruction}", answer_column: "name", scoring: TASK_TESTS as never, options: { few_shot: 0, subsets: [] } }, revision.rowCount, at),
    kind: "runner",
    answerColumn: null,
  };
  if (!(await insertCustomBenchmark(scope.db, row))) throw nameTaken(body.name);
  return { benchmark: row, tasks: rows.map((r) => r.name) };
}
