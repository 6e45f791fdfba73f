/** GSM8K's rows: one per test problem, its worked answer kept whole (the '#### <final>' line is what scoring reads). Pure. */
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";

export const gsm8kRows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "gsm8k/test.jsonl"));
  return records.map((r, i) => {
    const where = `gsm8k/test.jsonl line ${i + 1}`;
    const answer = text(r, "answer", where);
    if (!/####\s*\S/.test(answer)) throw new Error(`${where}: the answer has no '#### <final>' line`);
    return { id: `test-${i + 1}`, question: text(r, "question", where), answer };
  });
};
