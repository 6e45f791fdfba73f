/** MMLU's rows: the test questions subject by subject, then the dev rows few-shot examples come from, with lettered options. Pure. */
import type { JsonObject } from "../../../datasets/canonical-json";
import { choiceColumns } from "../../choices";
import { nutcrackerItem } from "../../nutcracker";
import { fileAt, recordsOf } from "../../read";
import type { Normaliser } from "../../types";
import { MMLU_SUBJECTS } from "./source";

/** "high_school_us_history" → "high school US history" (with US and the like kept readable). */
export function subjectLabel(subject: string): string {
  return subject
    .split("_")
    .map((w) => (w === "us" ? "US" : w))
    .join(" ");
}

export const mmluRows: Normaliser = async (files) => {
  const rows: JsonObject[] = [];
  // Test rows first, subject by subject, then the dev rows the few-shot examples come from.
  for (const split of ["test", "dev"] as const) {
    for (const subject of MMLU_SUBJECTS) {
      const path = `mmlu/${subject}_${split}.jsonl`;
      const records = await recordsOf(fileAt(files, path));
      records.forEach((r, i) => {
        const item = nutcrackerItem(r, `${path} line ${i + 1}`);
        rows.push({ id: `${subject}/${split}-${i + 1}`, split, subject, subject_label: subjectLabel(subject), ...choiceColumns(item) });
      });
    }
  }
  return rows;
};
