/** HumanEval's rows: the 164 problems as published (prompt, entry point, canonical solution, test). Pure. */
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";

export const humanevalRows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "humaneval/HumanEval.jsonl.gz"));
  return records.map((r, i) => {
    const where = `humaneval/HumanEval.jsonl.gz line ${i + 1}`;
    const fields = ["task_id", "prompt", "entry_point", "canonical_solution", "test"] as const;
    return Object.fromEntries(fields.map((f) => [f, text(r, f, where)]));
  });
};
