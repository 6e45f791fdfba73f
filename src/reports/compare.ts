/**
 * Two results of one benchmark compared task by task: a baseline (a run's
 * target) and a candidate (another run's target, or the same run's compare
 * target), matched by task key. The benchmark-level paired test is the A/B
 * view's (compareRows); this module adds the per-task diff a reviewer reads:
 * each task classified as a regression (worse on the candidate), an
 * improvement, unchanged, or missing (no reward on one side, which is
 * never read as a 0), regressions first. Pure: no binding, no clock.
 */
import type { MissingPolicy } from "../metrics";
import type { MemberRow } from "./member-rows";
import { taskScore, type TaskScore } from "./task-rows";

export const CHANGES = ["regression", "improvement", "unchanged", "missing"] as const;
export type Change = (typeof CHANGES)[number];

/** One task in both results. The member indexes locate its attempts in each run. */
export interface CompareTask {
  task_key: string;
  subset: string | null;
  change: Change;
  /** candidate score − baseline score, when both have one. */
  delta: number | null;
  baseline: TaskScore | null;
  candidate: TaskScore | null;
  baseline_member: number | null;
  candidate_member: number | null;
}

/** Whether the two sides can be compared as like for like, and if not, why. */
export interface Comparability {
  comparable: boolean;
  notes: string[];
}

/** Same data (digest) and same k: otherwise the comparison is shown with the reason it may mislead. */
export function comparability(base: { dataset_digest: string | null; k: number | null }, cand: { dataset_digest: string | null; k: number | null }): Comparability {
  const notes: string[] = [];
  if (base.dataset_digest !== cand.dataset_digest) notes.push("the two ran on different dataset revisions (digests differ): tasks are matched by key, but their content may differ");
  if (base.k !== cand.k) notes.push(`attempts per task differ (k = ${base.k ?? "?"} vs ${cand.k ?? "?"}): pass@k is not comparable; task scores are means over each side's own attempts`);
  return { comparable: notes.length === 0, notes };
}

/** A task's identity across runs: its key, told apart by occurrence when the dataset repeats a key. */
function keysOf(rows: readonly MemberRow[]): Map<string, MemberRow> {
  const seen = new Map<string, number>();
  const out = new Map<string, MemberRow>();
  for (const r of [...rows].sort((x, y) => x.member_index - y.member_index)) {
    const n = seen.get(r.member_key) ?? 0;
    seen.set(r.member_key, n + 1);
    out.set(n === 0 ? r.member_key : `${r.member_key}#${n + 1}`, r);
  }
  return out;
}

const ORDER: Record<Change, number> = { regression: 0, improvement: 1, unchanged: 2, missing: 3 };

/**
 * Every task of either side, classified and ordered: regressions by the
 * largest drop, improvements by the largest gain, then unchanged and
 * missing tasks, each in the baseline's task order (the candidate's for
 * tasks only it has).
 */
export function compareTasks(base: readonly MemberRow[], cand: readonly MemberRow[], k: { baseline: number; candidate: number }, policy: MissingPolicy): CompareTask[] {
  const b = keysOf(base);
  const c = keysOf(cand);
  const tasks: (CompareTask & { order: number })[] = [];
  const baseCount = base.length;
  for (const key of new Set([...b.keys(), ...c.keys()])) {
    const rb = b.get(key);
    const rc = c.get(key);
    const sb = rb ? taskScore(rb, k.baseline, policy) : null;
    const sc = rc ? taskScore(rc, k.candidate, policy) : null;
    const delta = sb?.score != null && sc?.score != null ? sc.score - sb.score : null;
    // Floating-point means of the same rewards can differ in the last bit; that is not a change.
    const change: Change = delta === null ? "missing" : delta < -1e-12 ? "regression" : delta > 1e-12 ? "improvement" : "unchanged";
    tasks.push({
      task_key: rb?.member_key ?? rc!.member_key,
      subset: rb?.subset ?? rc?.subset ?? null,
      change,
      delta,
      baseline: sb,
      candidate: sc,
      baseline_member: rb?.member_index ?? null,
      candidate_member: rc?.member_index ?? null,
      order: rb ? rb.member_index : baseCount + (rc?.member_index ?? 0),
    });
  }
  tasks.sort((x, y) => ORDER[x.change] - ORDER[y.change] || (x.change === "regression" ? x.delta! - y.delta! : x.change === "improvement" ? y.delta! - x.delta! : 0) || x.order - y.order);
  return tasks.map(({ order: _order, ...t }) => t);
}

/** How many tasks fall in each change. */
export function changeCounts(tasks: readonly CompareTask[]): Record<Change, number> {
  const counts: Record<Change, number> = { regression: 0, improvement: 0, unchanged: 0, missing: 0 };
  for (const t of tasks) counts[t.change]++;
  return counts;
}
