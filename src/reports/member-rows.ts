/**
 * The inputs of a run's results: per-member attempt counts from SQL and
 * what the run knows about each benchmark, with the helpers that turn them
 * into src/metrics inputs (summaries, subset groups, aggregate options).
 * Pure: no binding, no clock.
 */
import type { OutputsMatch } from "../domain/recorded-outputs";
import type { AggregateOptions, MemberSummary, MissingPolicy } from "../metrics";

export type TargetSlot = "a" | "b";

/** One member's attempts on one target, counted by SQL (see src/db/member-tally.ts). */
export interface MemberRow {
  target: TargetSlot;
  member_index: number;
  member_key: string;
  subset: string | null;
  /** Attempt rows of the member on this target (planned slots). */
  rows: number;
  scored: number;
  sum: number;
  binary: boolean;
  unit: boolean;
  invalid: number;
}

/** What a run knows about one of its benchmarks (run_benchmarks plus the catalog name). */
export interface BenchmarkFacts {
  benchmark_id: string;
  name: string | null;
  /** pending | planning | running | completed | failed | cancelled. */
  status: string;
  error: string | null;
  k: number | null;
  member_count: number | null;
  dataset_digest: string | null;
  /** Every attempt slot is written to D1 (until then, subset totals count planned members only). */
  planning_complete: boolean;
  /** The scorer type the benchmark ran with (exact_match, regex, llm_judge, ...). */
  scorer: string | null;
  /** Attempts without a reward by error kind, once the run ended (src/domain/run-outcome.ts). */
  error_counts?: Record<string, number> | null;
  /** Per target slot, the verdict of the run's end: a target that scored nothing is failed with its reason. */
  targets?: Partial<Record<TargetSlot, { status: string; error: string | null; error_counts: Record<string, number> }>> | null;
  /** Per target slot whose outputs are recorded: where they came from and how they matched the tasks. */
  recorded?: Partial<Record<TargetSlot, OutputsMatch>> | null;
}

/** Member summaries of rows; a key repeated in the dataset is told apart by its index. */
export function summariesOf(rows: readonly MemberRow[]): MemberSummary[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    let member = r.member_key;
    if (seen.has(member)) member = `${r.member_key}#${r.member_index}`;
    seen.add(member);
    return { member, scored: r.scored, sum: r.sum, binary: r.binary, unit: r.unit, invalid: r.invalid };
  });
}

/** Group keys in order, the null group last (as src/metrics breakdowns order them). */
export function sortedKeys(keys: Iterable<string | null>): (string | null)[] {
  return [...keys].sort((x, y) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1));
}

/** Member rows by subset, each group in row order. */
export function groupBySubset(rows: readonly MemberRow[]): Map<string | null, MemberRow[]> {
  const groups = new Map<string | null, MemberRow[]>();
  for (const r of rows) {
    const list = groups.get(r.subset);
    if (list) list.push(r);
    else groups.set(r.subset, [r]);
  }
  return groups;
}

/** Whether the benchmark has an aggregate to show: planned and not failed. */
export function measurable(b: BenchmarkFacts): b is BenchmarkFacts & { k: number; member_count: number } {
  return b.status !== "failed" && b.k !== null && b.member_count !== null;
}

export function optionsOf(b: { k: number; member_count: number }, policy: MissingPolicy): AggregateOptions {
  return { k: b.k, missing_policy: policy, total_members: b.member_count };
}
