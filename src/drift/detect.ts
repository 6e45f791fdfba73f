/**
 * Drift: is a new run of a benchmark significantly worse than an earlier
 * run of the same benchmark (same dataset digest and scorer) on the same
 * model? Tasks are matched by task digest; the comparison is the paired
 * one of src/metrics (McNemar for pass/fail with one attempt per task,
 * else a paired bootstrap over tasks). An alert needs both a p-value below
 * `alpha` and a drop larger than `min_drop`, so noise and tiny real
 * differences stay quiet. Pure: no I/O, no clock.
 */
import { compareSummaries, type ABComparison, type MemberSummary } from "../metrics";

/** Two-sided significance level of the paired test. */
export const ALPHA = 0.05;
/** Default smallest drop in score (mean reward) worth an alert: two points on a 0-1 scale. */
export const DEFAULT_MIN_DROP = 0.02;
/** Regressed tasks an alert lists by name (the count covers them all). */
export const MAX_LISTED_TASKS = 50;

/** One task's summary on one side; `member` is the task digest. */
export interface TaskSummary extends MemberSummary {
  /** The task's key in the dataset, for people. */
  task: string;
}

export interface DriftSettings {
  min_drop: number;
  alpha?: number;
}

export interface RegressedTask {
  task: string;
  task_digest: string;
  baseline: number;
  score: number;
}

export interface DriftFinding {
  /** Whether this comparison raises an alert. */
  alert: boolean;
  /** Why (or why not), in words. */
  reason: string;
  baseline_score: number | null;
  score: number | null;
  delta: number | null;
  delta_ci95: [number, number] | null;
  p_value: number | null;
  test: ABComparison["test"];
  shared_tasks: number;
  excluded_tasks: number;
  regressed_count: number;
  /** The tasks that got worse, largest drop first, at most MAX_LISTED_TASKS. */
  regressed: RegressedTask[];
  min_drop: number;
  alpha: number;
  display: { delta: string | null };
}

const valueOf = (s: MemberSummary) => s.sum / s.scored;

/**
 * Compares `current` against `baseline`. `k` is the larger attempts-per-task
 * of the two runs; it only decides which paired test applies.
 */
export function detectDrift(baseline: readonly TaskSummary[], current: readonly TaskSummary[], k: number, settings: DriftSettings): DriftFinding {
  const alpha = settings.alpha ?? ALPHA;
  const names = new Set([...baseline.map((s) => s.member), ...current.map((s) => s.member)]);
  // Duplicate rows share a digest, so a task may hold more attempts than k.
  const widest = Math.max(k, ...baseline.map((s) => s.scored + s.invalid), ...current.map((s) => s.scored + s.invalid));
  const cmp = compareSummaries(baseline, current, { k: widest, missing_policy: "unknown", total_members: names.size });
  const before = new Map(baseline.map((s) => [s.member, s]));
  const after = new Map(current.map((s) => [s.member, s]));
  const regressed = cmp.regressions.slice(0, MAX_LISTED_TASKS).map((digest) => ({
    task: after.get(digest)?.task ?? before.get(digest)?.task ?? digest,
    task_digest: digest,
    baseline: valueOf(before.get(digest)!),
    score: valueOf(after.get(digest)!),
  }));

  const drop = cmp.delta === null ? null : -cmp.delta;
  let alert = false;
  let reason: string;
  if (cmp.delta === null || cmp.test.p_value === null) {
    reason = `too few shared scored tasks to test (${cmp.test.n_shared})`;
  } else if (drop! <= 0) {
    reason = "no drop in score";
  } else if (cmp.test.p_value >= alpha) {
    reason = `the drop is not significant (p = ${cmp.test.p_value.toPrecision(3)} ≥ ${alpha})`;
  } else if (drop! <= settings.min_drop) {
    reason = `the drop of ${drop!.toPrecision(3)} is within the minimum of ${settings.min_drop}`;
  } else {
    alert = true;
    reason = `score dropped by ${drop!.toPrecision(3)} over ${cmp.test.n_shared} shared tasks (p = ${cmp.test.p_value.toPrecision(3)})`;
  }
  return {
    alert,
    reason,
    baseline_score: cmp.a_score,
    score: cmp.b_score,
    delta: cmp.delta,
    delta_ci95: cmp.delta_ci95,
    p_value: cmp.test.p_value,
    test: cmp.test,
    shared_tasks: cmp.test.n_shared,
    excluded_tasks: cmp.excluded_members,
    regressed_count: cmp.regressions.length,
    regressed,
    min_drop: settings.min_drop,
    alpha,
    display: cmp.display,
  };
}
