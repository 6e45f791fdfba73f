/**
 * Column detection: names in first-seen order, each with the JSON kind of
 * its values. Nulls do not make a column mixed (most columns have gaps); a
 * column holding only nulls is "null"; two different non-null kinds make
 * it "mixed". No I/O.
 */
import { jsonKind, type JsonObject } from "./canonical-json";

export const COLUMN_TYPES = ["string", "number", "boolean", "object", "array", "null", "mixed"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** A detected column. */
export interface Column {
  /** The field name as it appears in the rows. */
  name: string;
  /** The JSON kind of its non-null values, "null" if it only holds nulls, "mixed" if kinds differ. */
  type: ColumnType;
}

type Kind = ReturnType<typeof jsonKind>;

export class ColumnTracker {
  private readonly kinds = new Map<string, Kind | "null" | "mixed">();

  /** Adds one row's fields; returns the names of columns first seen in this row. */
  add(data: JsonObject): string[] {
    const added: string[] = [];
    for (const name of Object.keys(data)) {
      const kind = jsonKind(data[name]);
      const prev = this.kinds.get(name);
      if (prev === undefined) added.push(name);
      if (prev === undefined || prev === "null") this.kinds.set(name, kind);
      else if (kind !== "null" && prev !== kind) this.kinds.set(name, "mixed");
    }
    return added;
  }

  get size(): number {
    return this.kinds.size;
  }

  columns(): Column[] {
    return [...this.kinds].map(([name, type]) => ({ name, type }));
  }
}
