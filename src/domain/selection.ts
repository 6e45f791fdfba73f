/**
 * Task selection for a run: which dataset rows of a benchmark become
 * members, in which order. Filters first (split, subsets, include, exclude,
 * release window),
 * then the seeded shuffle, then skip, then limit and sample limit. No I/O.
 */
import { seededShuffle } from "./random";

/** What selection needs of a dataset row. */
export interface TaskRef {
  index: number;
  key: string;
  digest: string;
  split: string | null;
  subset: string | null;
  /** Its release date ("YYYY-MM-DDTHH:MM:SS"), when the benchmark dates its tasks (a release window reads it). */
  date?: string | null;
}

export interface SelectionSpec {
  split?: string;
  subsets?: string[];
  include?: string[];
  exclude?: string[];
  shuffle?: boolean;
  seed?: number;
  skip?: number;
  limit?: number;
  sample_limit?: number;
  /** Release dates to keep, by day (LiveCodeBench's start_date/end_date): from `start` 00:00 to `end` 00:00, both included. */
  window?: { start?: string; end?: string };
}

/** Whether a task's release date is in the window: compared from midnight of each day, as LiveCodeBench compares datetimes. */
export function inWindow(date: string | null | undefined, window: { start?: string; end?: string }): boolean {
  if (date === null || date === undefined) return false;
  if (window.start !== undefined && date < `${window.start}T00:00:00`) return false;
  if (window.end !== undefined && date > `${window.end}T00:00:00`) return false;
  return true;
}

export function selectTasks<T extends TaskRef>(rows: readonly T[], spec: SelectionSpec): T[] {
  const subsets = spec.subsets?.length ? new Set(spec.subsets) : null;
  const include = spec.include?.length ? new Set(spec.include) : null;
  const exclude = spec.exclude?.length ? new Set(spec.exclude) : null;
  let picked = rows.filter(
    (r) =>
      (spec.split === undefined || r.split === spec.split) &&
      (!subsets || (r.subset !== null && subsets.has(r.subset))) &&
      (!include || include.has(r.key)) &&
      (!exclude || !exclude.has(r.key)) &&
      (!spec.window || inWindow(r.date, spec.window)),
  );
  if (spec.shuffle) picked = seededShuffle(picked, spec.seed ?? 0);
  const skip = spec.skip ?? 0;
  const caps = [spec.limit, spec.sample_limit].filter((n): n is number => n !== undefined);
  const take = caps.length ? Math.min(...caps) : Infinity;
  return picked.slice(skip, skip + take);
}
