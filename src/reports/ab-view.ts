/**
 * The A/B view: two sets of member rows compared with the paired test of
 * src/metrics, task lists capped, overall and per subset for a benchmark's
 * two targets. Also used to pair a run with its previous run. Pure: no
 * binding, no clock.
 */
import { compareSummaries, type ABComparison, type MissingPolicy } from "../metrics";
import { groupBySubset, measurable, sortedKeys, summariesOf, type BenchmarkFacts, type MemberRow } from "./member-rows";

/** The A/B comparison with its task lists capped; the counts say how many there are. */
export type ABView = ABComparison & { regressions_count: number; improvements_count: number };

export interface ABBenchmark {
  benchmark_id: string;
  benchmark_name: string | null;
  /** A = the run's target, B = its compare_target; delta = B − A. */
  a_label: string;
  b_label: string;
  overall: ABView;
  subsets: (ABView & { key: string | null })[];
}

/** Task lists in an A/B view stop at this many; the counts give the full number. */
export const MAX_LISTED_TASKS = 50;
export const MAX_LISTED_SUBSET_TASKS = 10;

function capped(c: ABComparison, max: number): ABView {
  return {
    ...c,
    regressions: c.regressions.slice(0, max),
    improvements: c.improvements.slice(0, max),
    regressions_count: c.regressions.length,
    improvements_count: c.improvements.length,
  };
}

/** Compares two sets of member rows (B against A) with the paired test of src/metrics. */
export function compareRows(a: readonly MemberRow[], b: readonly MemberRow[], k: number, policy: MissingPolicy, max = MAX_LISTED_TASKS): ABView {
  const sa = summariesOf(a);
  const sb = summariesOf(b);
  const names = new Set([...sa, ...sb].map((s) => s.member));
  return capped(compareSummaries(sa, sb, { k, missing_policy: policy, total_members: names.size }), max);
}

/** The A/B comparison of a benchmark's two targets, overall and per subset; null when it has no number. */
export function abBenchmark(b: BenchmarkFacts, labels: { a: string; b: string }, rowsA: readonly MemberRow[], rowsB: readonly MemberRow[], policy: MissingPolicy): ABBenchmark | null {
  if (!measurable(b)) return null;
  const ga = groupBySubset(rowsA);
  const gb = groupBySubset(rowsB);
  return {
    benchmark_id: b.benchmark_id,
    benchmark_name: b.name,
    a_label: labels.a,
    b_label: labels.b,
    overall: compareRows(rowsA, rowsB, b.k, policy),
    subsets: sortedKeys(new Set([...ga.keys(), ...gb.keys()])).map((key) => ({
      key,
      ...compareRows(ga.get(key) ?? [], gb.get(key) ?? [], b.k, policy, MAX_LISTED_SUBSET_TASKS),
    })),
  };
}
