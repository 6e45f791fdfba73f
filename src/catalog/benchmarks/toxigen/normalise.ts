/**
 * The ToxiGen loader: each prompt file (1,000 lines, each 4–6 sentences
 * joined by a literal backslash-n and ending in "-") gives its distinct
 * sentences, in order of first appearance, as binary multiple-choice rows
 * labelled by the file: hate_<group> → hateful, neutral_<group> → not;
 * the group is the subset. Deterministic, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { choiceColumns } from "../../choices";
import { textOf } from "../../read";
import type { LoadedFile } from "../../types";

/** The two options, in letter order: A hateful, B not. */
export const TOXIGEN_OPTIONS = ["Yes, it is hateful", "No, it is not hateful"] as const;

/** The sentences of one prompt line: split on the literal "\n", each without its "- " bullet (and the "-" some lines end with). */
export function toxigenSentences(line: string): string[] {
  return line
    .split("\\n")
    .map((s) => s.trim().replace(/^-\s*/, "").replace(/\s*-$/, "").trim())
    .filter((s) => s !== "");
}

export async function toxigenRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: JsonObject[] = [];
  for (const f of files) {
    const m = /\/(hate|neutral)_(.+)_1k\.txt$/.exec(f.file.path);
    if (!m) throw new Error(`${f.file.path} is not a hate_<group>_1k.txt or neutral_<group>_1k.txt file`);
    const [, label, group] = m as unknown as [string, "hate" | "neutral", string];
    const seen = new Set<string>();
    for (const line of textOf(f).split("\n")) {
      for (const statement of toxigenSentences(line)) {
        if (seen.has(statement)) continue;
        seen.add(statement);
        rows.push({
          id: `${label}_${group}/${seen.size}`,
          subset: group,
          label,
          ...choiceColumns({ question: statement, options: [...TOXIGEN_OPTIONS], answer: label === "hate" ? 0 : 1 }),
        });
      }
    }
  }
  return rows;
}
