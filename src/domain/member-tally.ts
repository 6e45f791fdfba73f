/**
 * Per-member tallies of a run's attempts, as the leaderboard reads them
 * from D1 (src/db/member-tally.ts) one seq window at a time: how a window's tally adds to the
 * running ones, and how members merge by task digest so tasks can be
 * matched across runs (drift). Pure: no I/O, no clock.
 */
import type { TaskSummary } from "../drift/detect";
import type { MemberSummary } from "../metrics";

/** One member of one target, tallied from its attempts. */
export interface MemberTally extends MemberSummary {
  task: string;
  digest: string;
  /** Attempt rows of the member (attempts that ended). */
  attempts: number;
  compositeSum: number;
  compositeN: number;
}

/**
 * Adds one seq window's tally of a member to the tallies by target and
 * member index (the window's tally object is kept when it is the first).
 */
export function addWindowTally(byTarget: Map<string, Map<number, MemberTally>>, target: string, memberIndex: number, t: MemberTally): void {
  let members = byTarget.get(target);
  if (!members) byTarget.set(target, (members = new Map()));
  const m = members.get(memberIndex);
  // A member's attempts are contiguous in seq, but a window edge may split them.
  if (!m) {
    members.set(memberIndex, t);
    return;
  }
  m.attempts += t.attempts;
  m.scored += t.scored;
  m.sum += t.sum;
  m.binary &&= t.binary;
  m.unit &&= t.unit;
  m.invalid += t.invalid;
  m.compositeSum += t.compositeSum;
  m.compositeN += t.compositeN;
}

/**
 * A stopped run's open slots: attempts get a row only when they end, and
 * once the run or benchmark was cancelled the slots without one were
 * cancelled, which is terminal, so they count as invalid (the rule results
 * apply in src/reports/plan-rows.ts). `tasks` is the plan, by member index;
 * a planned member with no row at all gets a tally of k invalid attempts.
 */
export function cancelOpenSlots(members: Map<number, MemberTally>, tasks: readonly { key: string; digest: string }[], k: number): void {
  tasks.forEach(({ key, digest }, i) => {
    const m = members.get(i);
    if (m) m.invalid += Math.max(0, k - m.attempts);
    else members.set(i, { member: String(i), task: key, digest, attempts: 0, scored: 0, sum: 0, binary: true, unit: true, invalid: k, compositeSum: 0, compositeN: 0 });
  });
}

/** Members merged by task digest, for matching tasks across runs. */
export function byTaskDigest(members: Iterable<MemberTally>): TaskSummary[] {
  const out = new Map<string, TaskSummary>();
  for (const m of members) {
    const t = out.get(m.digest);
    if (!t) out.set(m.digest, { member: m.digest, task: m.task, scored: m.scored, sum: m.sum, binary: m.binary, unit: m.unit, invalid: m.invalid });
    else {
      t.scored += m.scored;
      t.sum += m.sum;
      t.binary &&= m.binary;
      t.unit &&= m.unit;
      t.invalid += m.invalid;
    }
  }
  return [...out.values()];
}
