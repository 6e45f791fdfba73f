/** TruthfulQA's rows: one per question of TruthfulQA.csv, its true and false answer lists as arrays. Pure. */
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";

/** TruthfulQA's `; `-separated answer lists as arrays. */
export function answerList(cell: string): string[] {
  return cell
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

export const truthfulqaRows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "truthfulqa/TruthfulQA.csv"));
  return records.map((r, i) => {
    // Row 1 of the CSV is its header.
    const where = `truthfulqa/TruthfulQA.csv row ${i + 2}`;
    return {
      id: `q-${i + 1}`,
      type: text(r, "Type", where),
      category: text(r, "Category", where),
      question: text(r, "Question", where),
      best_answer: text(r, "Best Answer", where),
      best_incorrect_answer: text(r, "Best Incorrect Answer", where),
      correct_answers: answerList(text(r, "Correct Answers", where)),
      incorrect_answers: answerList(text(r, "Incorrect Answers", where)),
      source: text(r, "Source", where),
    };
  });
};
