/**
 * Completes a target's member rows from SQL with the run's plan, so members
 * whose attempts have not ended yet still count. Pure: no binding, no clock.
 */
import type { PlanMember } from "../execution/plan-layout";
import type { MemberRow, TargetSlot } from "./member-rows";

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
