/**
 * A run's results from per-member rows counted in SQL: the aggregate of
 * each (benchmark, target) (DESIGN.md section 3), its per-subset and
 * per-task breakdowns, the A/B comparison of the two targets, the previous
 * run side by side and the pass@j / pass^j curves. The shapes here are the
 * JSON of the results API and the input of the reports. Pure: no binding,
 * no clock.
 */
import {
  aggregateSummaries,
  compareSummaries,
  curveMembers,
  formatDelta,
  passCurves,
  type ABComparison,
  type Aggregate,
  type AggregateOptions,
  type BreakdownRow,
  type CurveRow,
  type MemberSummary,
  type MissingPolicy,
  type ScoreCounts,
} from "../metrics";
import type { PlanMember } from "../execution/plan-layout";

export type TargetSlot = "a" | "b";

/** One member's attempts on one target, counted by SQL (see src/db/results.ts). */
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
}

/** The A/B comparison with its task lists capped; the counts say how many there are. */
export type ABView = ABComparison & { regressions_count: number; improvements_count: number };

export interface PreviousScore {
  run_id: string;
  display_name: string | null;
  finished_at: string | null;
  k: number;
  missing_policy: MissingPolicy;
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  score_counts: ScoreCounts;
  display: { score: string | null; coverage: string };
  /** This run's score minus the previous one's; null when either is null. */
  delta: number | null;
  display_delta: string | null;
  /** Same k and missing policy: the two scores measure the same thing. */
  comparable: boolean;
  /** Paired comparison over the tasks both runs share (previous = A, this run = B); null unless comparable. */
  paired: ABView | null;
}

/** The results of one (benchmark, target): status, then the aggregate of DESIGN.md section 3 (null when failed or unplanned). */
export interface ScoreRow {
  benchmark_id: string;
  benchmark_name: string | null;
  target: TargetSlot;
  target_label: string;
  status: string;
  error: string | null;
  k: number | null;
  member_count: number | null;
  dataset_digest: string | null;
  planning_complete: boolean;
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  score_counts: ScoreCounts | null;
  missing_policy: MissingPolicy;
  uncertainty: Aggregate["uncertainty"] | null;
  display: Aggregate["display"] | null;
  subsets: BreakdownRow[];
  previous: PreviousScore | null;
  /** What the ended attempts consumed; set by /scores (absent in cached history rows). */
  usage?: ScoreUsage | null;
  /** Mean milliseconds per phase of the ended attempts (see phasesOf). */
  phases?: Record<string, number> | null;
}

export interface ScoreUsage {
  attempts: number;
  mean_input_tokens: number | null;
  mean_output_tokens: number | null;
  mean_latency_ms: number | null;
  /** null when no attempt had a price. */
  total_cost: number | null;
}

export interface ABBenchmark {
  benchmark_id: string;
  benchmark_name: string | null;
  /** A = the run's target, B = its compare_target; delta = B − A. */
  a_label: string;
  b_label: string;
  overall: ABView;
  subsets: (ABView & { key: string | null })[];
}

/** Everything /scores shows of a run. */
export interface RunScores {
  run_id: string;
  run_status: string;
  missing_policy: MissingPolicy;
  /** One row per (benchmark, target), in benchmark order, target before compare target. */
  scores: ScoreRow[];
  /** Per benchmark: compare target (B) against target (A); empty without a compare target. */
  ab: ABBenchmark[];
}

export interface CurveSet {
  benchmark_id: string;
  target: TargetSlot;
  k: number | null;
  missing_policy: MissingPolicy;
  /** null when the curve cannot be estimated (nonbinary rewards, nothing scored, benchmark failed). */
  rows: CurveRow[] | null;
  /** Members by their number of binary attempts n (under `unknown`: scored attempts). */
  members_by_n: Record<string, number>;
  /** How rows treat members with different n, in words. */
  note: string;
}

/** Task lists in an A/B view stop at this many; the counts give the full number. */
export const MAX_LISTED_TASKS = 50;
export const MAX_LISTED_SUBSET_TASKS = 10;

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

function groupBySubset(rows: readonly MemberRow[]): Map<string | null, MemberRow[]> {
  const groups = new Map<string | null, MemberRow[]>();
  for (const r of rows) {
    const list = groups.get(r.subset);
    if (list) list.push(r);
    else groups.set(r.subset, [r]);
  }
  return groups;
}

function breakdownRow(key: string | null, agg: Aggregate): BreakdownRow {
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
}

/**
 * Metrics per subset: each subset aggregated on its own, its members those
 * with attempt rows in it (every selected member once planning is done).
 */
export function subsetBreakdown(rows: readonly MemberRow[], k: number, policy: MissingPolicy): BreakdownRow[] {
  const groups = groupBySubset(rows);
  return sortedKeys(groups.keys()).map((key) => {
    const list = groups.get(key)!;
    return breakdownRow(key, aggregateSummaries(summariesOf(list), { k, missing_policy: policy, total_members: list.length }));
  });
}

/** One task's aggregate on one target (its k attempts). */
export interface TaskScore {
  score: number | null;
  pass: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
  score_counts: ScoreCounts;
  display: { score: string | null; coverage: string };
}

/** One row of the per-task breakdown: the task on each target and, for A/B, the difference. */
export interface TaskRow {
  task_key: string;
  member_index: number;
  subset: string | null;
  a: TaskScore | null;
  b: TaskScore | null;
  /** b.score − a.score when both have one. */
  delta: number | null;
}

function taskScore(r: MemberRow, k: number, policy: MissingPolicy): TaskScore {
  const agg = aggregateSummaries(summariesOf([r]), { k, missing_policy: policy, total_members: 1 });
  return {
    score: agg.score,
    pass: agg.pass,
    pass_at_k: agg.pass_at_k,
    pass_hat_k: agg.pass_hat_k,
    score_counts: agg.score_counts,
    display: { score: agg.display.score, coverage: agg.display.coverage },
  };
}

/** The per-task breakdown of member rows (either target), one row per task in member order. */
export function taskRows(rows: readonly MemberRow[], k: number, policy: MissingPolicy): TaskRow[] {
  const byMember = new Map<number, TaskRow>();
  for (const r of rows) {
    let row = byMember.get(r.member_index);
    if (!row) {
      row = { task_key: r.member_key, member_index: r.member_index, subset: r.subset, a: null, b: null, delta: null };
      byMember.set(r.member_index, row);
    }
    row[r.target] = taskScore(r, k, policy);
  }
  const out = [...byMember.values()].sort((x, y) => x.member_index - y.member_index);
  for (const row of out) row.delta = row.a?.score != null && row.b?.score != null ? row.b.score - row.a.score : null;
  return out;
}

/** Whether the benchmark has an aggregate to show: planned and not failed. */
export function measurable(b: BenchmarkFacts): b is BenchmarkFacts & { k: number; member_count: number } {
  return b.status !== "failed" && b.k !== null && b.member_count !== null;
}

export function optionsOf(b: { k: number; member_count: number }, policy: MissingPolicy): AggregateOptions {
  return { k: b.k, missing_policy: policy, total_members: b.member_count };
}

/** The aggregate of one (benchmark, target) from its member rows; null when failed or not planned yet. */
export function aggregateOf(b: BenchmarkFacts, rows: readonly MemberRow[], policy: MissingPolicy): Aggregate | null {
  if (!measurable(b)) return null;
  return aggregateSummaries(summariesOf(rows), optionsOf(b, policy));
}

/** The score row of one (benchmark, target). A failed benchmark has its status and error and no number at all. */
export function scoreRow(b: BenchmarkFacts, target: TargetSlot, label: string, rows: readonly MemberRow[], policy: MissingPolicy): ScoreRow {
  const agg = aggregateOf(b, rows, policy);
  return {
    benchmark_id: b.benchmark_id,
    benchmark_name: b.name,
    target,
    target_label: label,
    status: b.status,
    error: b.error,
    k: b.k,
    member_count: b.member_count,
    dataset_digest: b.dataset_digest,
    planning_complete: b.planning_complete,
    score: agg?.score ?? null,
    pass: agg?.pass ?? null,
    pass_at_k: agg?.pass_at_k ?? null,
    pass_hat_k: agg?.pass_hat_k ?? null,
    score_counts: agg?.score_counts ?? null,
    missing_policy: policy,
    uncertainty: agg?.uncertainty ?? null,
    display: agg?.display ?? null,
    subsets: agg && measurable(b) ? subsetBreakdown(rows, b.k, policy) : [],
    previous: null,
  };
}

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

/** The previous run's aggregate beside this one's, with a paired test when both measure the same thing. */
export function previousScore(
  current: ScoreRow,
  currentRows: readonly MemberRow[],
  prev: { run_id: string; display_name: string | null; finished_at: string | null; facts: BenchmarkFacts & { k: number; member_count: number }; rows: readonly MemberRow[]; policy: MissingPolicy },
): PreviousScore {
  const agg = aggregateSummaries(summariesOf(prev.rows), optionsOf(prev.facts, prev.policy));
  const comparable = current.k === prev.facts.k && current.missing_policy === prev.policy;
  const delta = current.score !== null && agg.score !== null ? current.score - agg.score : null;
  const unit = [...currentRows, ...prev.rows].every((r) => r.unit);
  return {
    run_id: prev.run_id,
    display_name: prev.display_name,
    finished_at: prev.finished_at,
    k: prev.facts.k,
    missing_policy: prev.policy,
    score: agg.score,
    pass: agg.pass,
    pass_at_k: agg.pass_at_k,
    pass_hat_k: agg.pass_hat_k,
    score_counts: agg.score_counts,
    display: { score: agg.display.score, coverage: agg.display.coverage },
    delta,
    display_delta: formatDelta(delta, null, null, unit),
    comparable,
    paired: comparable ? compareRows(prev.rows, currentRows, prev.facts.k, prev.policy) : null,
  };
}

/** How the curve treats members with different n, said plainly. */
function curveNote(byN: Map<number, number>, policy: MissingPolicy): string {
  const ns = [...byN.keys()].sort((x, y) => x - y);
  if (ns.length === 0) return "no member has a binary scored attempt, so no curve";
  const members = [...byN.values()].reduce((s, v) => s + v, 0);
  const source = policy === "as_failure" ? "every selected member counts with n = k, missing attempts failing" : "n is a member's scored attempts";
  if (ns.length === 1) return `all ${members} members have n = ${ns[0]} (${source}); every row averages all of them with equal weight`;
  return (
    `members have different n (${ns[0]} to ${ns.at(-1)}; ${source}): the row for j averages, with equal weight, only the members with n ≥ j ` +
    `(its \`members\`), so rows past j = ${ns[0]} rest on fewer members and need not be monotone in j`
  );
}

/** The pass@j / pass^j curve of one (benchmark, target). */
export function curveSet(b: BenchmarkFacts, target: TargetSlot, rows: readonly MemberRow[], policy: MissingPolicy): CurveSet {
  const base = { benchmark_id: b.benchmark_id, target, k: b.k, missing_policy: policy };
  if (!measurable(b)) {
    return { ...base, rows: null, members_by_n: {}, note: b.status === "failed" ? "the benchmark failed: nothing to estimate" : "not planned yet" };
  }
  const members = curveMembers(summariesOf(rows), optionsOf(b, policy));
  if (members === null) {
    const why = rows.some((r) => r.scored > 0) ? "some reward is not 0 or 1, and the estimators need pass/fail outcomes" : "nothing is scored yet";
    return { ...base, rows: null, members_by_n: {}, note: `no curve: ${why}` };
  }
  const byN = new Map<number, number>();
  for (const m of members) byN.set(m.n, (byN.get(m.n) ?? 0) + 1);
  return {
    ...base,
    rows: passCurves(members),
    members_by_n: Object.fromEntries([...byN.entries()].sort((x, y) => x[0] - y[0]).map(([n, count]) => [String(n), count])),
    note: curveNote(byN, policy),
  };
}

/**
 * Completes one target's member rows with the run's plan. Attempts get a
 * D1 row only when they end, so a member whose attempts are all open has
 * no row at all: it is added with nothing scored (its key and subset from
 * the plan), so subsets and tasks count it. When the run or benchmark was
 * cancelled, slots without a row were cancelled, which is terminal: they
 * count as invalid.
 */
export function completeWithPlan(
  rows: readonly MemberRow[],
  plan: readonly PlanMember[],
  target: TargetSlot,
  k: number,
  cancelled: boolean,
  /** Index of plan[0] among the benchmark's members, when `plan` is a slice. */
  offset = 0,
): MemberRow[] {
  const byIndex = new Map(rows.map((r) => [r.member_index, r]));
  return plan.map(([, key, , subset], i) => {
    const m = i + offset;
    const r = byIndex.get(m);
    if (r) return cancelled && r.rows < k ? { ...r, invalid: r.invalid + (k - r.rows) } : r;
    return { target, member_index: m, member_key: key, subset, rows: 0, scored: 0, sum: 0, binary: true, unit: true, invalid: cancelled ? k : 0 };
  });
}
