import { describe, expect, it } from "vitest";
import { enc, jsonl, sourceFile } from "../../../../test/catalog-files";
import { gsm8kRows } from "./normalise";

describe("GSM8K's normaliser", () => {
  it("keeps question and worked answer, adds an id, and refuses an answer with no final line", async () => {
    const rows = [{ question: "Tom has 3 apples and buys 2. How many?", answer: "3 + 2 = <<3+2=5>>5\n#### 5" }];
    expect(await gsm8kRows([{ file: sourceFile("gsm8k/test.jsonl"), bytes: jsonl(rows) }])).toEqual([{ id: "test-1", ...rows[0] }]);
    await expect(gsm8kRows([{ file: sourceFile("gsm8k/test.jsonl"), bytes: jsonl([{ question: "q", answer: "5" }]) }])).rejects.toThrow(
      "gsm8k/test.jsonl line 1: the answer has no '#### <final>' line",
    );
    await expect(gsm8kRows([{ file: sourceFile("gsm8k/test.jsonl"), bytes: enc("{not json}\n") }])).rejects.toThrow(/gsm8k\/test.jsonl, line 1: not valid JSON/);
  });
});
