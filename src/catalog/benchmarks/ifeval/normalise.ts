/**
 * IFEval and IFBench rows: `{key, prompt, instruction_id_list, kwargs}` in,
 * `{id, key, prompt, instructions}` out, where `instructions` lists
 * `{id, kwargs}` per position with null arguments dropped (upstream drops
 * `None` before building a checker; IFBench and the Hugging Face copy of
 * IFEval give every key, the google-research file only the used ones), so
 * both shapes give the same rows. The `instructions` column is the
 * `instruction_checks` scorer's expected answer. Pure, no I/O.
 */
import type { JsonObject, JsonValue } from "../../../datasets/canonical-json";
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";

/** One upstream record as a revision row; throws naming `where` on a malformed record. */
export function instructionRow(record: JsonObject, where: string): JsonObject {
  const key = record.key;
  if (typeof key !== "number" && typeof key !== "string") throw new Error(`${where}: 'key' is not a number or text`);
  const ids = record.instruction_id_list;
  const kwargs = record.kwargs;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((i): i is string => typeof i === "string" && i !== "")) {
    throw new Error(`${where}: 'instruction_id_list' is not a non-empty list of ids`);
  }
  if (!Array.isArray(kwargs) || kwargs.length !== ids.length) throw new Error(`${where}: 'kwargs' does not have one entry per instruction`);
  const instructions = ids.map((id, i) => {
    const k = kwargs[i];
    if (k !== null && (typeof k !== "object" || Array.isArray(k))) throw new Error(`${where}: kwargs ${i + 1} is not an object`);
    const used: Record<string, JsonValue> = {};
    for (const [name, value] of Object.entries((k ?? {}) as JsonObject)) if (value !== null) used[name] = value;
    return { id, kwargs: used };
  });
  return { id: String(key), key, prompt: text(record, "prompt", where), instructions };
}

/** The normaliser of a single-file instruction dataset at `path`. */
export function instructionRows(path: string): Normaliser {
  return async (files) => {
    const records = await recordsOf(fileAt(files, path));
    const rows = records.map((r, i) => instructionRow(r, `${path} line ${i + 1}`));
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.id as string)) throw new Error(`${path}: key ${String(row.id)} appears twice`);
      seen.add(row.id as string);
    }
    return rows;
  };
}

export const ifevalRows = instructionRows("ifeval/input_data.jsonl");
