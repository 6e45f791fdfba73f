/**
 * Per-group metrics and A/B comparisons: per subset (the dataset's subset
 * or category) and per task. Each group is aggregated on its own with
 * total_members = the distinct members whose slots fall in it, so a group
 * is only as complete as the outcome list it is given (pass every
 * requested slot, undispatched included). `keyOf` must give the same key
 * for every attempt of a member. No I/O.
 */
import { aggregate } from "./aggregate";
import { compareAB, type ABComparison, type CompareConfig } from "./paired";
import type { AggregateOptions, AttemptOutcome, Interval, ScoreCounts } from "./types";

export type GroupKey = string | null;

/** Group by the member's subset (null when it has none). */
export const bySubset = (o: AttemptOutcome): GroupKey => o.subset ?? null;
/** One group per member (task). */
export const byTask = (o: AttemptOutcome): GroupKey => o.member;

export interface BreakdownRow {
  key: GroupKey;
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  /** pass^1..pass^k of the group (src/metrics/curves.ts passHatSeries), where the caller computes it. */
  pass_hat?: number[] | null;
  score_counts: ScoreCounts;
  score_ci95: Interval | null;
  display: { score: string | null; coverage: string };
}

export interface CompareRow extends ABComparison {
  key: GroupKey;
}

function groupsOf(outcomes: readonly AttemptOutcome[], keyOf: (o: AttemptOutcome) => GroupKey): Map<GroupKey, AttemptOutcome[]> {
  const groups = new Map<GroupKey, AttemptOutcome[]>();
  for (const o of outcomes) {
    const key = keyOf(o);
    const list = groups.get(key);
    if (list) list.push(o);
    else groups.set(key, [o]);
  }
  return groups;
}

/** Keys in order, the null group last. */
function sortedKeys(keys: Iterable<GroupKey>): GroupKey[] {
  return [...keys].sort((x, y) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1));
}

function membersIn(...lists: (readonly AttemptOutcome[])[]): number {
  return new Set(lists.flatMap((l) => l.map((o) => o.member))).size;
}

/** Metrics per group, ordered by key. */
export function breakdown(
  outcomes: readonly AttemptOutcome[],
  opts: Pick<AggregateOptions, "k" | "missing_policy">,
  keyOf: (o: AttemptOutcome) => GroupKey,
): BreakdownRow[] {
  const groups = groupsOf(outcomes, keyOf);
  return sortedKeys(groups.keys()).map((key) => {
    const list = groups.get(key)!;
    const agg = aggregate(list, { ...opts, total_members: membersIn(list) });
    return {
      key,
      score: agg.score,
      pass: agg.pass,
      pass_at_k: agg.pass_at_k,
      pass_hat_k: agg.pass_hat_k,
      score_counts: agg.score_counts,
      score_ci95: agg.uncertainty.score_ci95,
      display: { score: agg.display.score, coverage: agg.display.coverage },
    };
  });
}

/** A/B comparison per group (a key present on either side), ordered by key. */
export function compareBreakdown(
  a: readonly AttemptOutcome[],
  b: readonly AttemptOutcome[],
  opts: Pick<AggregateOptions, "k" | "missing_policy">,
  keyOf: (o: AttemptOutcome) => GroupKey,
  config: CompareConfig = {},
): CompareRow[] {
  const ga = groupsOf(a, keyOf);
  const gb = groupsOf(b, keyOf);
  return sortedKeys(new Set([...ga.keys(), ...gb.keys()])).map((key) => {
    const la = ga.get(key) ?? [];
    const lb = gb.get(key) ?? [];
    return { key, ...compareAB(la, lb, { ...opts, total_members: membersIn(la, lb) }, config) };
  });
}
