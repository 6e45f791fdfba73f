/**
 * BFCL v4's non-live AST categories as revision rows: each question joined
 * with its possible answer by id (irrelevance has none: the right answer is
 * no call). A row keeps the question's one user message, the function
 * documents as published (the checker reads their types), the same
 * functions converted to tools as BFCL sends them, and the ground truth as
 * JSON text with its floats written as floats (`5.0`), since the checker,
 * like Python, tells 5 from 5.0. Pure, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { isDict, parsePyJson, toJsonText, type PyValue } from "../../../scorers/function-call/py-values";
import { bfclTool } from "./tools";
import { fileAt, recordsOf } from "../../read";
import type { LoadedFile } from "../../types";

/** The categories loaded, in row order: they are the benchmark's subsets. */
export const BFCL_CATEGORIES = ["simple_python", "multiple", "parallel", "parallel_multiple", "irrelevance"] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];

export const bfclQuestionPath = (c: BfclCategory) => `bfcl/BFCL_v4_${c}.json`;
export const bfclAnswerPath = (c: BfclCategory) => `bfcl/possible_answer/BFCL_v4_${c}.json`;
/** Categories with a possible_answer file. */
export const hasAnswers = (c: BfclCategory) => c !== "irrelevance";

/** Ground truth by id from an answer file, read from its text so floats stay floats. */
function answersById(file: LoadedFile): Map<string, PyValue> {
  const out = new Map<string, PyValue>();
  const lines = new TextDecoder().decode(file.bytes).split("\n");
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${file.file.path} line ${i + 1}`;
    let row: PyValue;
    try {
      row = parsePyJson(line);
    } catch (e) {
      throw new Error(`${where}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!isDict(row) || typeof row.id !== "string" || !Array.isArray(row.ground_truth)) throw new Error(`${where}: not an {id, ground_truth} row`);
    if (out.has(row.id)) throw new Error(`${where}: id ${row.id} appears twice`);
    out.set(row.id, row.ground_truth);
  });
  return out;
}

function userMessage(question: unknown, where: string): string {
  const turns = Array.isArray(question) ? question : [];
  if (turns.length !== 1 || !Array.isArray(turns[0]) || turns[0].length !== 1) throw new Error(`${where}: expected one turn with one message`);
  const m = turns[0][0] as { role?: unknown; content?: unknown };
  if (m?.role !== "user" || typeof m.content !== "string") throw new Error(`${where}: the message is not a user's text`);
  return m.content;
}

export async function bfclRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: JsonObject[] = [];
  for (const category of BFCL_CATEGORIES) {
    const questions = await recordsOf(fileAt(files, bfclQuestionPath(category)));
    const answers = hasAnswers(category) ? answersById(fileAt(files, bfclAnswerPath(category))) : null;
    questions.forEach((q, i) => {
      const where = `${bfclQuestionPath(category)} line ${i + 1}`;
      if (typeof q.id !== "string") throw new Error(`${where}: no id`);
      const functions = q.function;
      if (!Array.isArray(functions) || !functions.length || !functions.every((f) => typeof f === "object" && f !== null && !Array.isArray(f) && typeof f.name === "string")) {
        throw new Error(`${where}: 'function' is not a list of function documents`);
      }
      let truth: string | null = null;
      if (answers) {
        const t = answers.get(q.id);
        if (t === undefined) throw new Error(`${where}: ${q.id} has no possible answer`);
        truth = toJsonText(t);
      }
      rows.push({
        id: q.id,
        category,
        question: userMessage(q.question, where),
        functions,
        tools: (functions as JsonObject[]).map((f) => bfclTool(f)) as unknown as JsonObject[],
        ground_truth: truth,
      });
    });
    if (answers && answers.size !== questions.length) throw new Error(`${bfclAnswerPath(category)}: ${answers.size} answers for ${questions.length} questions`);
  }
  return rows;
}
