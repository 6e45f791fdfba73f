/**
 * The check every SWE-bench dataset loader (Verified, Multilingual, Pro)
 * makes of its rows before they become a revision: each parses as the
 * loader's instance schema, no instance_id twice, and the rows come out in
 * instance_id order. Throws naming the row (its file and position) and the
 * field. Pure.
 */
import type { ZodType } from "zod";
import type { JsonObject } from "../../datasets/canonical-json";

export interface PlacedRow {
  data: JsonObject;
  /** Where the row came from, for errors: "<file> row <n>". */
  where: string;
}

export function checkedInstanceRows(rows: PlacedRow[], schema: ZodType<{ instance_id: string }>): JsonObject[] {
  const seen = new Set<string>();
  for (const { data, where } of rows) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${where}: ${issue.path.join(".") || "row"} ${issue.message}`);
    }
    if (seen.has(parsed.data.instance_id)) throw new Error(`${where}: ${parsed.data.instance_id} appears twice`);
    seen.add(parsed.data.instance_id);
  }
  return rows.map((r) => r.data).sort((a, b) => (String(a.instance_id) < String(b.instance_id) ? -1 : 1));
}
