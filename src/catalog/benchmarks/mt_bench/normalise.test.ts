/**
 * The MT-Bench loader on generated files in FastChat's layout (the real
 * 80 questions are loaded by workers/catalog/mt-bench-run.test.ts when
 * ../shared is present): one row per question with its two turns, the
 * category as subset, and the GPT-4 reference answers only where the
 * upstream judge reads them (math, reasoning, coding).
 */
import { describe, expect, it } from "vitest";
import { MINI_MT_BENCH, miniMtBenchFiles } from "../../../../test/mini-mt-bench";
import { MT_BENCH_CATEGORIES, MT_BENCH_DATA } from "./source";
import { mtBenchRows } from "./normalise";

const load = (over: Record<string, string> = {}) => {
  const mini = new Map(miniMtBenchFiles().map((f) => [f.path, new TextEncoder().encode(over[f.path] ?? f.text)]));
  return mtBenchRows(MT_BENCH_DATA.files.map((file) => ({ file, bytes: mini.get(file.path)! }))) as Promise<any[]>;
};

describe("MT-Bench", () => {
  it("gives one row per question: both turns, the category as subset, references only for math, reasoning and coding", async () => {
    const rows = await load();
    expect(rows.map((r) => r.subset)).toEqual([...MT_BENCH_CATEGORIES]);
    for (const [i, r] of rows.entries()) {
      const q = MINI_MT_BENCH[i]!;
      expect(r).toMatchObject({ id: String(q.id), question_id: q.id, category: q.category, turns: q.turns, turn_1: q.turns[0] });
      expect(r.reference_answers).toEqual(q.reference);
    }
    // The extraction row has GPT-4 answers in the file, which upstream's judge does not read.
    expect(rows.find((r) => r.category === "extraction").reference_answers).toBeNull();
    expect(rows.find((r) => r.category === "math").inline_reference).toEqual(["42", "43"]);
  });

  it("refuses a reference category without its GPT-4 answers, and a question without two turns", async () => {
    const refs = miniMtBenchFiles()[1]!.text.split("\n").filter((l) => !l.includes('"question_id": 111')).join("\n");
    await expect(load({ "mt_bench/reference_answer/gpt-4.jsonl": refs })).rejects.toThrow(/question 111 \(math\) has no GPT-4 reference answer/);
    const one = '{"question_id": 81, "category": "writing", "turns": ["only one"]}\n';
    await expect(load({ "mt_bench/question.jsonl": one })).rejects.toThrow(/line 1: expected question_id, category and turns with 2 user messages/);
  });
});
