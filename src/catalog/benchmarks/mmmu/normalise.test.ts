import { describe, expect, inject, it } from "vitest";
import { mmmuLoader, mmmuOptionsText } from "./normalise";
import { MMMU_FILES } from "./source";
import type { ExtractedRow, SourceFile } from "../../types";
import { mmmuShard } from "../../../../test/mini-vision";

/** The rows the loader makes of a shard's bytes. */
async function load(file: SourceFile, bytes: Uint8Array): Promise<ExtractedRow[]> {
  const out: ExtractedRow[] = [];
  for await (const r of mmmuLoader.rows(file, new Blob([bytes]).stream())) out.push(r);
  return out;
}

const math = MMMU_FILES.find((f) => f.path === "mmmu/Math/validation-00000-of-00001.parquet")!;

describe("the MMMU loader", () => {
  it("writes the options as construct_prompt does", () => {
    expect(mmmuOptionsText(["1", "2", "Not exist"])).toBe("\n\n(A) 1\n(B) 2\n(C) Not exist\n");
    expect(mmmuOptionsText([])).toBe("");
  });

  it("keeps the source's fields, the images in order as revision files, and an open answer's list", async () => {
    const shard = mmmuShard(math.path, [
      { id: "validation_Math_1", question: "Which made-up curve is steeper? <image 1> <image 2>", options: ["left", "right"], answer: "B", question_type: "multiple-choice", subfield: "Calculus", images: ["a", "b"] },
      { id: "validation_Math_2", question: "What made-up ratio does <image 1> give?", options: [], answer: "['24/7', '3.429']", question_type: "open", subfield: "Algebra", images: ["c"] },
    ]);
    const rows = await load(math, shard.bytes!);
    expect(rows.map((r) => r.images.length)).toEqual([2, 1]);
    expect(rows[0]!.row).toMatchObject({ id: "validation_Math_1", subject: "Math", question_type: "multiple-choice", options: ["left", "right"], options_text: "\n\n(A) left\n(B) right\n", instruction: "Answer with the option's letter from the given choices directly.", answer: "B", answers: ["B"] });
    expect(rows[1]!.row).toMatchObject({ question_type: "open", options_text: "", instruction: "Answer the question using a single word or phrase.", answer: "['24/7', '3.429']", answers: ["24/7", "3.429"] });
    const cells = rows[0]!.row.images as { file: string; sha256: string }[];
    expect(cells.map((c) => c.file)).toEqual(rows[0]!.images.map((i) => i.path));
    expect(cells[0]!.file).toBe(`images/${cells[0]!.sha256}.png`);
  });

  it.each([
    [{ answer: "E" }, "the answer 'E' is not one of the option letters"],
    [{ id: "validation_Art_1" }, "is not a validation question of Math"],
    [{ question_type: "essay" }, "question_type 'essay' is neither multiple-choice nor open"],
    [{ images: [] }, "no image"],
  ])("refuses a malformed row (%#)", async (over, message) => {
    const q = { id: "validation_Math_1", question: "Which made-up curve is steeper? <image 1>", options: ["left", "right"], answer: "B", question_type: "multiple-choice" as const, subfield: "Calculus", images: ["a"], ...over };
    await expect(load(math, mmmuShard(math.path, [q as never]).bytes!)).rejects.toThrow(message);
  });

  // With ../shared: the seven real subjects' 210 questions, whose answers must be answer_dict_val.json's, MMMU's own check.
  it.runIf(inject("sharedPresent"))("gives the answers of MMMU's answer_dict_val.json for every real question", async () => {
    const base = inject("datasetsUrl");
    const dict = (await (await fetch(`${base}/mmmu/answer_dict_val.json`)).json()) as Record<string, { question_type: string; ground_truth: string | string[] }>;
    let checked = 0;
    for (const file of MMMU_FILES) {
      const res = await fetch(`${base}/${file.path}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // Only the shards ../shared holds (the test mirror generates the others): those whose digest is the pinned one.
      const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
      if (digest !== file.sha256) continue;
      for (const { row } of await load(file, bytes)) {
        const gold = dict[row.id as string]!;
        expect(gold, String(row.id)).toBeDefined();
        if (row.question_type === "open") expect(row.answers, String(row.id)).toEqual([gold.ground_truth].flat());
        else expect(row.answer, String(row.id)).toBe(gold.ground_truth);
        expect(gold.question_type).toBe(row.question_type === "open" ? "short-answer" : "multiple-choice");
        checked++;
      }
    }
    expect(checked).toBe(210);
  });
});
