/** ARC-Challenge's rows: the test questions, then the dev questions few-shot examples come from, with lettered options. Pure. */
import type { JsonObject } from "../../../datasets/canonical-json";
import { choiceColumns } from "../../choices";
import { nutcrackerItem } from "../../nutcracker";
import { fileAt, recordsOf } from "../../read";
import type { Normaliser } from "../../types";

export const arcChallengeRows: Normaliser = async (files) => {
  const rows: JsonObject[] = [];
  for (const split of ["test", "dev"] as const) {
    const path = `arc_challenge/${split}.jsonl`;
    const records = await recordsOf(fileAt(files, path));
    records.forEach((r, i) => rows.push({ id: `${split}-${i + 1}`, split, ...choiceColumns(nutcrackerItem(r, `${path} line ${i + 1}`)) }));
  }
  return rows;
};
