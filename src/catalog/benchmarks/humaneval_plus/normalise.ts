/**
 * HumanEval+ (EvalPlus, HumanEvalPlus.jsonl.gz v0.1.10): 164 tasks, each
 * line in, one revision row out, with what the evalplus harness of the
 * code-execution scorer (src/scorers/evalplus-harness.ts) needs to run a
 * candidate on the task's base and plus inputs: the prompt, contract and
 * canonical solution the reference is built from, the inputs as the
 * source's own JSON text (src/catalog/raw-json.ts), and the `oracle` (the
 * task's atol; find_zero's special check, as EvalPlus applies it to
 * HumanEval/32). Pure, no I/O beyond in-memory decompression.
 *
 * Sizes, as they bound a sandbox request and a row: the largest task
 * (HumanEval/80) has 941 plus inputs in 199 KB of JSON, and all 164 rows
 * take about 7.5 MB, one R2 chunk; no row is near D1's or a queue
 * message's limits, since rows live in R2 and a program carries one task.
 */
import type { JsonObject, JsonValue } from "../../../datasets/canonical-json";
import { gunzip } from "../../../datasets/gzip";
import { MAX_UPLOAD_BYTES } from "../../../datasets/limits";
import { splitRawFields } from "../../raw-json";
import { fileAt, text } from "../../read";
import type { LoadedFile } from "../../types";

export const HUMANEVAL_PLUS_PATH = "humanevalplus/v0.1.10/HumanEvalPlus.jsonl.gz";

/** Entry points EvalPlus checks by an oracle of their own on HumanEval+ (evalplus/eval's find_zero check). */
const OUTPUT_CHECKS: ReadonlyMap<string, string> = new Map([["find_zero", "poly"]]);

export async function humanevalPlusRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const { bytes } = fileAt(files, HUMANEVAL_PLUS_PATH);
  const lines = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(await gunzip(bytes, MAX_UPLOAD_BYTES)).split("\n");
  const rows: JsonObject[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${HUMANEVAL_PLUS_PATH} line ${i + 1}`;
    let split;
    try {
      split = splitRawFields(line, ["base_input", "plus_input"]);
    } catch (err) {
      throw new Error(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const { record: r, raw } = split;
    const taskId = text(r, "task_id", where);
    if (!/^HumanEval\/\d+$/.test(taskId)) throw new Error(`${where}: task_id '${taskId}' is not HumanEval/<n>`);
    if (!raw.base_input?.startsWith("[") || !raw.plus_input?.startsWith("[")) throw new Error(`${where}: base_input and plus_input must be lists`);
    const atol = r.atol;
    if (typeof atol !== "number" || !(atol >= 0)) throw new Error(`${where}: atol is not a non-negative number`);
    const entry = text(r, "entry_point", where);
    const prompt = text(r, "prompt", where);
    const canonical = text(r, "canonical_solution", where);
    const oracle: { [k: string]: JsonValue } = { atol, arguments: null, output: OUTPUT_CHECKS.get(entry) ?? "exact" };
    rows.push({
      id: taskId,
      task_id: taskId,
      // The prompt as EvalPlus's chat codegen shows it (stripped); `prompt` stays whole, as the reference is built from it.
      task: prompt.trim(),
      prompt,
      entry_point: entry,
      contract: text(r, "contract", where),
      canonical_solution: canonical,
      inputs: `{"base": ${raw.base_input}, "plus": ${raw.plus_input}}`,
      oracle,
    });
  });
  return rows;
}
