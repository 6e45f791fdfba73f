/**
 * HellaSwag's rows from the six-lines-per-item text copy (bzip2): lettered
 * endings as every multiple-choice revision carries them (choices.ts), the
 * activity label apart. Deterministic, no I/O beyond in-memory decompression.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { choiceColumns } from "../../choices";
import { fileAt, textOf } from "../../read";
import type { LoadedFile } from "../../types";

/** HellaSwag's text copy: per item, "label: context", the gold index, four endings. Items keep file order (22 contexts repeat). */
export async function hellaswagRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const path = "hellaswag/hellaswag_val_full.txt.bz2";
  const lines = textOf(fileAt(files, path)).split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length % 6 !== 0) throw new Error(`${path}: ${lines.length} lines is not six per item`);
  const rows: JsonObject[] = [];
  for (let k = 0; k < lines.length / 6; k++) {
    const at = 6 * k;
    const [context, gold, ...endings] = lines.slice(at, at + 6) as [string, string, ...string[]];
    if (!/^[0-3]$/.test(gold)) throw new Error(`${path} line ${at + 2}: the gold ending '${gold}' is not 0–3`);
    const colon = context.indexOf(": ");
    rows.push({
      id: `val-${k}`,
      activity_label: colon > 0 ? context.slice(0, colon) : "",
      ...choiceColumns({ question: context, options: endings, answer: Number(gold) }),
    });
  }
  return rows;
}
