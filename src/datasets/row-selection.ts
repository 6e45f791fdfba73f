/**
 * Which rows of a dataset revision a benchmark draws from: a row's subset
 * under the benchmark (its own subset column, else the revision's), and the
 * count of rows in its split and subsets (its sample size). Pure, no I/O,
 * and free of zod so the queue path can import it without building schemas.
 */

/** What a benchmark narrows its revision's rows to: a split, subsets (of its subset column). */
export interface RowSelection {
  split?: string;
  subsets?: string[];
  subset_column?: string;
}

/** A row's subset under a benchmark: the value of its subset column when it names one, else the revision's. */
export function subsetOf(row: { subset: string | null; data: Record<string, unknown> }, subsetColumn: string | undefined): string | null {
  if (subsetColumn === undefined) return row.subset;
  const v = row.data[subsetColumn];
  if (typeof v === "string") return v.trim() === "" ? null : v;
  return typeof v === "number" || typeof v === "boolean" ? String(v) : null;
}

/** A row's release date under a benchmark that dates its tasks (its date column's text), else null. */
export function dateOf(row: { data: Record<string, unknown> }, dateColumn: string | undefined): string | null {
  if (dateColumn === undefined) return null;
  const v = row.data[dateColumn];
  return typeof v === "string" && v !== "" ? v : null;
}

/**
 * The rows a benchmark draws from, counted (its sample size), and the subset values its subset
 * column takes, to check the subsets it names. Fed chunk by chunk; no I/O.
 */
export class SelectionCounter {
  count = 0;
  readonly values = new Set<string>();
  constructor(private readonly sel: RowSelection) {}
  add(rows: Iterable<{ split: string | null; subset: string | null; data: Record<string, unknown> }>): void {
    const wanted = this.sel.subsets?.length ? new Set(this.sel.subsets) : null;
    for (const r of rows) {
      const subset = subsetOf(r, this.sel.subset_column);
      if (subset !== null) this.values.add(subset);
      if (this.sel.split !== undefined && r.split !== this.sel.split) continue;
      if (wanted && (subset === null || !wanted.has(subset))) continue;
      this.count++;
    }
  }
}
