/**
 * SuperGPQA's rows, one per line of SuperGPQA-all.jsonl as it streams
 * (src/catalog/types.ts LineNormaliser): the question, its options in
 * letter order and, for the prompt, the options written as SuperGPQA's
 * zero-shot prompt writes them ("A) ..." one per line); the answer letter
 * eval.py compares with; discipline (the subset), field, subfield and
 * difficulty. Pure, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { text } from "../../read";
import type { LineNormaliser } from "../../types";

const LETTERS = "ABCDEFGHIJ";
const DIFFICULTIES = new Set(["easy", "middle", "hard"]);

/** One record of SuperGPQA-all.jsonl as a row; throws naming what is wrong. */
export function supergpqaRow(record: unknown, where: string): JsonObject {
  if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error(`${where}: not a JSON object`);
  const r = record as JsonObject;
  const options = r.options;
  if (!Array.isArray(options) || options.length < 2 || options.length > LETTERS.length || !options.every((o) => typeof o === "string")) {
    throw new Error(`${where}: options must be 2 to ${LETTERS.length} strings`);
  }
  const letter = text(r, "answer_letter", where);
  if (letter.length !== 1 || !LETTERS.includes(letter)) throw new Error(`${where}: answer_letter '${letter}' is not one of A-J`);
  const difficulty = text(r, "difficulty", where);
  if (!DIFFICULTIES.has(difficulty)) throw new Error(`${where}: difficulty '${difficulty}' is not easy, middle or hard`);
  const discipline = text(r, "discipline", where);
  return {
    id: text(r, "uuid", where),
    question: text(r, "question", where),
    options: options as string[],
    // SuperGPQA's data loader: "A) first\nB) second ...", after the question and a newline.
    options_text: (options as string[]).map((o, i) => `${LETTERS[i]}) ${o}`).join("\n"),
    answer_letter: letter,
    answer: text(r, "answer", where),
    discipline,
    field: text(r, "field", where),
    subfield: text(r, "subfield", where),
    difficulty,
    is_calculation: r.is_calculation === true,
    subset: discipline,
  };
}

export const supergpqaRows: LineNormaliser = {
  kind: "lines",
  columns: { key: "id", split: null, subset: "subset" },
  async rows(line, where) {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (err) {
      throw new Error(`not JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    return [supergpqaRow(record, `${where.file.path} line ${where.line}`)];
  },
};
