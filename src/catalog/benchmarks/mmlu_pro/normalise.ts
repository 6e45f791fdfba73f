/**
 * MMLU-Pro's rows from its Hugging Face Parquet files: lettered options as
 * every multiple-choice revision carries them (choices.ts), plus the
 * category and the worked chain of thought its 5-shot prompt needs.
 * Deterministic, no I/O beyond in-memory decompression.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { choiceColumns, LETTERS } from "../../choices";
import { fileAt, recordsOf, text } from "../../read";
import type { LoadedFile } from "../../types";

/** The prefix of every validation row's chain of thought; the prompt ends with it, so an example's answer turn goes on after it. */
export const MMLU_PRO_COT_LEAD = "A: Let's think step by step.";

function mmluProRow(r: JsonObject, split: "test" | "validation", where: string): JsonObject {
  const id = r.question_id;
  if (typeof id !== "number" || !Number.isInteger(id)) throw new Error(`${where}: question_id is not an integer`);
  if (!Array.isArray(r.options) || !r.options.every((o) => typeof o === "string")) throw new Error(`${where}: options is not a list of strings`);
  // Upstream's preprocess() drops the "N/A" padding (21 validation rows) before lettering.
  const options = (r.options as string[]).filter((o) => o !== "N/A");
  const answer = text(r, "answer", where);
  // The key is `answer`, as upstream's evaluation compares it (test question 3983's answer_index disagrees with it).
  const index = LETTERS.indexOf(answer);
  if (answer.length !== 1 || index < 0 || index >= options.length) throw new Error(`${where}: answer '${answer}' is not one of ${options.length} options`);
  const answerIndex = r.answer_index;
  if (typeof answerIndex !== "number") throw new Error(`${where}: answer_index is not a number`);
  const cot = text(r, "cot_content", where);
  if (split === "validation" && !cot.startsWith(MMLU_PRO_COT_LEAD)) throw new Error(`${where}: the chain of thought does not start with '${MMLU_PRO_COT_LEAD}'`);
  return {
    id: `${split}-${id}`,
    split,
    question_id: id,
    category: text(r, "category", where),
    src: text(r, "src", where),
    ...choiceColumns({ question: text(r, "question", where), options, answer: index }),
    answer_index: answerIndex,
    // An example's answer turn (src/domain/prompt.ts): the worked solution after the lead the prompt already ends with.
    ...(split === "validation" ? { example_answer: cot.slice(MMLU_PRO_COT_LEAD.length).trimStart() } : {}),
  };
}

/** MMLU-Pro: test rows, then the validation rows the chain-of-thought examples come from. */
export async function mmluProRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: JsonObject[] = [];
  for (const split of ["test", "validation"] as const) {
    const path = `mmlu_pro/data/${split}-00000-of-00001.parquet`;
    const records = await recordsOf(fileAt(files, path));
    records.forEach((r, i) => rows.push(mmluProRow(r, split, `${path} row ${i + 1}`)));
  }
  return rows;
}
