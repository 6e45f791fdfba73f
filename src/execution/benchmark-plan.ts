/**
 * What a run asks of one benchmark: the selection (run options, per-benchmark
 * overrides and the benchmark's own defaults merged) and which rows serve as
 * few-shot examples. No I/O.
 */
import type { RunOptions } from "../domain/run-options";
import type { SelectionSpec, TaskRef } from "../domain/selection";

export interface BenchmarkDefaults {
  split: string | null;
  options: { few_shot?: number; subsets?: string[]; few_shot_split?: string; min_attempts?: number; date_column?: string };
}

/** The selection for one benchmark: its own `select` fields over the run's, then its subsets, then the benchmark's defaults. */
export function selectionFor(options: RunOptions, benchmarkId: string, bm: BenchmarkDefaults): SelectionSpec {
  const per = options.per_benchmark[benchmarkId] ?? {};
  const own = Object.fromEntries(Object.entries(per.select ?? {}).filter(([, v]) => v !== undefined));
  const select = { ...options.select, ...own };
  const subsets = per.select?.subsets ?? per.subsets ?? options.select.subsets ?? bm.options.subsets;
  return {
    ...select,
    split: select.split ?? bm.split ?? undefined,
    subsets: subsets?.length ? subsets : undefined,
    sample_limit: per.sample_limit ?? options.sample_limit,
    ...(per.release_window ? { window: per.release_window } : {}),
  };
}

/**
 * Attempts per task of one benchmark (its k): its own override, else the
 * run's, raised to the benchmark's minimum where its rule needs several
 * (ARC's pass@2); without the benchmark's defaults, the run's alone.
 */
export function attemptsFor(options: RunOptions, benchmarkId: string, bm?: BenchmarkDefaults): number {
  return options.per_benchmark[benchmarkId]?.attempts ?? Math.max(options.attempts, bm?.options.min_attempts ?? 1);
}

/** The sampling sent to the target for one benchmark: its own values over the run's. */
export function samplingFor(options: RunOptions, benchmarkId: string): { temperature: number; top_p: number | undefined; max_output_tokens: number } {
  const per = options.per_benchmark[benchmarkId] ?? {};
  return {
    temperature: per.temperature ?? options.temperature,
    top_p: per.top_p ?? options.top_p,
    max_output_tokens: per.max_output_tokens ?? options.max_output_tokens,
  };
}

export function fewShotCount(options: RunOptions, benchmarkId: string, bm: BenchmarkDefaults): number {
  return options.per_benchmark[benchmarkId]?.few_shot ?? options.few_shot ?? bm.options.few_shot ?? 0;
}

/** Splits that hold examples rather than test items, in order of preference. */
export const EXAMPLE_SPLITS = ["dev", "train", "validation"];

/**
 * Few-shot examples of a benchmark within a run: `by_subset` gives each
 * subset its own examples (MMLU's five dev questions per subject), `all`
 * serves members whose subset has none.
 */
export interface FewShotPlan {
  all: number[];
  by_subset: Record<string, number[]>;
}

/**
 * Row indices of `n` examples: the first rows of the benchmark's example
 * split when the data has one (and it is not the split under test), else
 * the first rows that are not members, so an example never answers its own
 * question. Per subset as well as overall.
 */
export function pickFewShot(rows: readonly TaskRef[], members: ReadonlySet<number>, n: number, evalSplit: string | undefined, preferred?: string): FewShotPlan {
  if (n <= 0) return { all: [], by_subset: {} };
  const splits = new Set(rows.map((r) => r.split).filter((s): s is string => s !== null));
  const source = [preferred, ...EXAMPLE_SPLITS].find((s) => s !== undefined && s !== evalSplit && splits.has(s));
  const pool = source ? rows.filter((r) => r.split === source) : rows.filter((r) => !members.has(r.index));
  const bySubset: Record<string, number[]> = {};
  for (const r of pool) {
    if (r.subset === null) continue;
    const list = (bySubset[r.subset] ??= []);
    if (list.length < n) list.push(r.index);
  }
  return { all: pool.slice(0, n).map((r) => r.index), by_subset: bySubset };
}

/** The example rows for a member of `subset` (older plans stored a plain list). */
export function examplesFor(plan: FewShotPlan | number[] | null | undefined, subset: string | null): number[] {
  if (!plan) return [];
  if (Array.isArray(plan)) return plan;
  return (subset !== null ? plan.by_subset[subset] : undefined) ?? plan.all;
}
