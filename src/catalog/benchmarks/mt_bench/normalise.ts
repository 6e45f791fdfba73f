/**
 * The MT-Bench loader: one row per question of question.jsonl
 * ({question_id, category, turns: [2 user messages], reference?}) with the
 * category as subset, the user turns as a list (the multi-turn plan sends
 * them one after another, src/domain/multi-turn.ts) and turn_1 for the
 * prompt template; for the categories upstream judges with a reference
 * (math, reasoning, coding) the GPT-4 answers of reference_answer/gpt-4.jsonl,
 * joined by question_id, as reference_answers. A reference category
 * without its GPT-4 answers is an error: its judge prompt would be wrong.
 * Deterministic, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { MT_BENCH_REFERENCE_CATEGORIES } from "./source";
import { fileAt, recordsOf } from "../../read";
import type { LoadedFile } from "../../types";

const isTexts = (v: unknown, n: number): v is string[] => Array.isArray(v) && v.length === n && v.every((s) => typeof s === "string" && s.trim() !== "");

/** question_id → the two reference turns of gpt-4.jsonl. */
async function referenceAnswers(file: LoadedFile): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const [i, r] of (await recordsOf(file)).entries()) {
    const turns = (r.choices as { turns?: unknown }[] | undefined)?.[0]?.turns;
    if (typeof r.question_id !== "number" || !isTexts(turns, 2)) throw new Error(`${file.file.path} line ${i + 1}: expected question_id and choices[0].turns with 2 answers`);
    out.set(r.question_id, turns);
  }
  return out;
}

export async function mtBenchRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const refs = await referenceAnswers(fileAt(files, "mt_bench/reference_answer/gpt-4.jsonl"));
  const questions = await recordsOf(fileAt(files, "mt_bench/question.jsonl"));
  return questions.map((q, i) => {
    const where = `mt_bench/question.jsonl line ${i + 1}`;
    if (typeof q.question_id !== "number" || typeof q.category !== "string" || !isTexts(q.turns, 2)) {
      throw new Error(`${where}: expected question_id, category and turns with 2 user messages`);
    }
    const needsRef = MT_BENCH_REFERENCE_CATEGORIES.includes(q.category);
    const ref = refs.get(q.question_id);
    if (needsRef && !ref) throw new Error(`${where}: question ${q.question_id} (${q.category}) has no GPT-4 reference answer`);
    return {
      id: String(q.question_id),
      question_id: q.question_id,
      subset: q.category,
      category: q.category,
      turns: q.turns,
      turn_1: q.turns[0]!,
      reference_answers: needsRef ? ref! : null,
      // The question file's own short answers (39 rows): not what upstream's judge reads, kept to inspect.
      inline_reference: Array.isArray(q.reference) ? q.reference : null,
    };
  });
}
