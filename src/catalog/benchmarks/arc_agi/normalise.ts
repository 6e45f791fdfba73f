/**
 * The ARC-AGI loader: each evaluation task file ({"train": [pairs],
 * "test": [pairs]}, grids as lists of rows of 0–9, unknown keys such as
 * "name" ignored) becomes one row per test input. A row carries the
 * demonstrations and the test input as text for the prompt, and the test
 * output only as its expected answer. Deterministic, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { isGrid, renderGrid, type Grid } from "../../../scorers/grid-match";
import { textOf } from "../../read";
import type { LoadedFile } from "../../types";

interface Pair {
  input: Grid;
  output: Grid;
}

function pairsOf(v: unknown, where: string): Pair[] {
  if (!Array.isArray(v) || v.length === 0) throw new Error(`${where} is not a non-empty list of pairs`);
  return v.map((p, i) => {
    const pair = p as { input?: unknown; output?: unknown } | null;
    if (!isGrid(pair?.input) || !isGrid(pair?.output)) throw new Error(`${where}[${i}] does not hold an input and an output grid of 0–9 up to 30×30`);
    return { input: pair.input, output: pair.output };
  });
}

/** The demonstrations as the prompt shows them. */
export function examplesText(train: Pair[]): string {
  return train.map((p, i) => `Example ${i + 1}\nInput:\n${renderGrid(p.input)}\nOutput:\n${renderGrid(p.output)}`).join("\n\n");
}

export async function arcAgiRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: JsonObject[] = [];
  for (const f of files) {
    const taskId = /([^/]+)\.json$/.exec(f.file.path)?.[1];
    if (!taskId) throw new Error(`${f.file.path} is not a task file`);
    let task: { train?: unknown; test?: unknown };
    try {
      task = JSON.parse(textOf(f)) as typeof task;
    } catch (err) {
      throw new Error(`${f.file.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const train = pairsOf(task.train, `${f.file.path} train`);
    const test = pairsOf(task.test, `${f.file.path} test`);
    const examples = examplesText(train);
    test.forEach((pair, i) =>
      rows.push({
        id: `${taskId}/${i}`,
        task_id: taskId,
        test_index: i,
        test_count: test.length,
        examples,
        test_input: renderGrid(pair.input),
        // The answer only: the prompt template never names this column.
        test_output: pair.output,
      }),
    );
  }
  return rows;
}
