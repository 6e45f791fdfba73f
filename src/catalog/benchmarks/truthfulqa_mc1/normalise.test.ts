import { describe, expect, it } from "vitest";
import { jsonl, nutcrackerRecord as mc, sourceFile } from "../../../../test/catalog-files";
import { truthfulqaMc1Rows } from "./normalise";

describe("TruthfulQA MC1's normaliser", () => {
  it("shuffles each question's options away from the source's always-first answer", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => mc(`Is claim ${i} true?`, ["Yes, it is true.", "No.", "Only on Sundays.", "Nobody knows."], 0));
    const out = await truthfulqaMc1Rows([{ file: sourceFile("truthfulqa_mc1/test.jsonl"), bytes: jsonl(rows) }]);
    for (const r of out) expect((r.options as string[])["ABCD".indexOf(r.answer_letter as string)]).toBe("Yes, it is true.");
    expect(new Set(out.map((r) => r.answer_letter)).size).toBeGreaterThan(2);
    expect(out[0]).toMatchObject({ id: "mc1-1", question: "Is claim 0 true?", answer_text: "Yes, it is true." });
  });
});
