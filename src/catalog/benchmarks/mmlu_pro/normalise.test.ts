/**
 * The MMLU-Pro and HellaSwag loaders on the generated mini files (the
 * real formats: Parquet, bzip2 text): N/A options dropped, the key taken
 * from `answer`, worked examples only on validation rows, HellaSwag's six
 * lines per item with repeated contexts kept apart; and what they refuse.
 */
import { describe, expect, it } from "vitest";
import { bzip2 } from "../../../../test/bzip2-encode";
import { MINI_HELLASWAG_ITEMS, MINI_MMLU_PRO, MINI_MMLU_PRO_QUIRK_ID, miniMultipleChoiceFiles } from "../../../../test/mini-multiple-choice";
import { HELLASWAG_DATA } from "../hellaswag/source";
import { hellaswagRows } from "../hellaswag/normalise";
import { MMLU_PRO_DATA } from "./source";
import type { PinnedDataset } from "../../types";
import { mmluProRows } from "./normalise";
import type { LoadedFile } from "../../types";

const loaded = (data: PinnedDataset, bytesOf: (path: string) => Uint8Array): LoadedFile[] => data.files.map((file) => ({ file, bytes: bytesOf(file.path) }));
const mini = (path: string) => miniMultipleChoiceFiles().find((f) => f.path === path)!.bytes;

describe("MMLU-Pro", () => {
  it("gives test rows then validation rows, lettered after dropping N/A, keyed by `answer`", async () => {
    const rows = (await mmluProRows(loaded(MMLU_PRO_DATA, mini))) as any[];
    const per = MINI_MMLU_PRO.categories.length;
    expect(rows).toHaveLength(per * (MINI_MMLU_PRO.testPerCategory + MINI_MMLU_PRO.validationPerCategory));
    const test = rows.filter((r) => r.split === "test");
    const validation = rows.filter((r) => r.split === "validation");
    expect(rows.indexOf(validation[0])).toBe(test.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.options).not.toContain("N/A");
      expect(r.choices_text.split("\n")).toHaveLength(r.options.length);
      expect(r.options["ABCDEFGHIJ".indexOf(r.answer_letter)]).toBe(r.answer_text);
    }
    expect(new Set(test.map((r) => r.options.length)).size).toBeGreaterThan(4);
    // Validation rows carry the worked solution after "A: Let's think step by step."; test rows none.
    for (const r of validation) expect(r.example_answer).toMatch(/^Option [A-J] is the marked one .* The answer is \([A-J]\)\.$/);
    for (const r of test) expect(r).not.toHaveProperty("example_answer");
    const quirk = rows.find((r) => r.question_id === MINI_MMLU_PRO_QUIRK_ID);
    expect("ABCDEFGHIJ".indexOf(quirk.answer_letter)).not.toBe(quirk.answer_index);
    expect(rows[0]).toMatchObject({ id: "test-100", split: "test", category: "math", src: "made-up-math", question_id: 100 });
  });

  it("refuses a row whose answer is past its options", async () => {
    const { parquetWriteBuffer } = await import("hyparquet-writer");
    const bad = new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: "question_id", data: [1n], type: "INT64" },
          { name: "question", data: ["Which?"], type: "STRING" },
          { name: "options", data: [["x", "y", "N/A"]] },
          { name: "answer", data: ["C"], type: "STRING" },
          { name: "answer_index", data: [2n], type: "INT64" },
          { name: "cot_content", data: [""], type: "STRING" },
          { name: "category", data: ["math"], type: "STRING" },
          { name: "src", data: ["x"], type: "STRING" },
        ],
      }),
    );
    await expect(mmluProRows(loaded(MMLU_PRO_DATA, (p) => (p.includes("test") ? bad : mini(p))))).rejects.toThrow(/row 1: answer 'C' is not one of 2 options/);
  });
});

describe("HellaSwag", () => {
  it("reads six lines per item, in file order, with the activity label split off", async () => {
    const rows = (await hellaswagRows(loaded(HELLASWAG_DATA, mini))) as any[];
    expect(rows).toHaveLength(MINI_HELLASWAG_ITEMS);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: MINI_HELLASWAG_ITEMS }, (_, k) => `val-${k}`));
    expect(rows[0]).toMatchObject({ activity_label: "Roof shingle removal", question: "Roof shingle removal: A person begins made-up activity number 0. they" });
    for (const r of rows) {
      expect(r.options).toHaveLength(4);
      expect(r.answer_text).toMatch(/the sensible way/);
    }
    // A repeated context stays two items with their own endings and keys.
    expect(rows[6].question).toBe(rows[5].question);
    expect(rows[6].answer_text).not.toBe(rows[5].answer_text);
  });

  it("refuses a file that is not six lines per item, or a gold index outside 0-3", async () => {
    const file = (text: string) => () => bzip2(new TextEncoder().encode(text));
    await expect(hellaswagRows(loaded(HELLASWAG_DATA, file("ctx: a\n1\nw\nx\ny\n")))).rejects.toThrow(/5 lines is not six per item/);
    await expect(hellaswagRows(loaded(HELLASWAG_DATA, file("ctx: a\n4\nw\nx\ny\nz\n")))).rejects.toThrow(/line 2: the gold ending '4' is not 0–3/);
  });
});
