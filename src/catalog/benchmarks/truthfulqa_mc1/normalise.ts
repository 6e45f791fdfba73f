/** TruthfulQA MC1's rows: each question's options shuffled in a fixed, seeded order (the source lists the true one first). Pure. */
import { choiceColumns, shuffleChoices } from "../../choices";
import { nutcrackerItem } from "../../nutcracker";
import { fileAt, recordsOf } from "../../read";
import type { Normaliser } from "../../types";

/** Salt of the option shuffle; changing it changes the revision, so bump its version with it. */
export const MC1_SHUFFLE_SALT = "assay/truthfulqa-mc1/v1";

export const truthfulqaMc1Rows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "truthfulqa_mc1/test.jsonl"));
  return records.map((r, i) => {
    const item = shuffleChoices(nutcrackerItem(r, `truthfulqa_mc1/test.jsonl line ${i + 1}`), MC1_SHUFFLE_SALT);
    return { id: `mc1-${i + 1}`, ...choiceColumns(item) };
  });
};
