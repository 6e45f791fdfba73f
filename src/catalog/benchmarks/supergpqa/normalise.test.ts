// SuperGPQA's rows from SuperGPQA-all.jsonl lines (the generated file in the
// same layout: the real one is pinned by URL only, never in ../shared): the
// prompt's lettered options, the answer letter, discipline as subset, and the
// line that breaks the format named.
import { describe, expect, it } from "vitest";
import { sourceFile } from "../../../../test/catalog-files";
import { miniFiles, MINI_SUPERGPQA_ROWS } from "./mini";
import { supergpqaRow, supergpqaRows } from "./normalise";

const where = { file: sourceFile("supergpqa/SuperGPQA-all.jsonl"), line: 1 };
const store = { put: async () => Promise.reject(new Error("SuperGPQA keeps nothing beside its rows")) };
const lines = () => miniFiles()[0]!.text.trim().split("\n");

describe("supergpqa rows", () => {
  it("turns each line into a row with SuperGPQA's 'A) ...' options and the discipline as subset", async () => {
    const rows = (await Promise.all(lines().map((l, i) => supergpqaRows.rows(l, { ...where, line: i + 1 }, store)))).flat();
    expect(rows).toHaveLength(MINI_SUPERGPQA_ROWS);
    const first = JSON.parse(lines()[0]!);
    expect(rows[0]).toEqual({
      id: first.uuid,
      question: first.question,
      options: first.options,
      options_text: first.options.map((o: string, i: number) => `${"ABCDEFGHIJ"[i]}) ${o}`).join("\n"),
      answer_letter: first.answer_letter,
      answer: first.answer,
      discipline: "Science",
      field: "Physics",
      subfield: "Thermodynamics",
      difficulty: "easy",
      is_calculation: true,
      subset: "Science",
    });
    expect(rows.map((r) => (r.options as string[]).length)).toEqual([4, 5, 6, 7, 8, 9, 10, 4, 5, 6, 7, 8]);
    expect(supergpqaRows.columns).toEqual({ key: "id", split: null, subset: "subset" });
  });

  const good = { uuid: "u", question: "q", options: ["a", "b"], answer: "b", answer_letter: "B", discipline: "Law", field: "f", subfield: "s", difficulty: "hard", is_calculation: false };
  it.each([
    [{ ...good, options: ["only"] }, "options must be 2 to 10 strings"],
    [{ ...good, options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, "options must be 2 to 10 strings"],
    [{ ...good, answer_letter: "K" }, "answer_letter 'K' is not one of A-J"],
    [{ ...good, difficulty: "medium" }, "difficulty 'medium' is not easy, middle or hard"],
    [{ ...good, uuid: 3 }, "'uuid' is not text"],
    [[1, 2], "not a JSON object"],
  ])("refuses %j", (record, message) => {
    expect(() => supergpqaRow(record, "supergpqa/SuperGPQA-all.jsonl line 9")).toThrow(`supergpqa/SuperGPQA-all.jsonl line 9: ${message}`);
  });

  it("refuses a line that is not JSON", async () => {
    await expect(supergpqaRows.rows("{oops", where, store)).rejects.toThrow(/^not JSON/);
  });
});
