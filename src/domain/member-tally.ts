/**
 * Per-member tallies of a run's attempts, as the leaderboard reads them
 * from D1 one seq window at a time: how a window's tally adds to the
 * running ones, and how members merge by task digest so tasks can be
 * matched across runs (drift). Pure: no I/O, no clock.
 */
import type { TaskSummary } from "../drift/detect";
import type { MemberSummary } from "../metrics";

/** One member of one target, tallied from its attempts. */
export interface MemberTally extends MemberSummary {
  task: string;
  digest: string;
  compositeSum: number;
  compositeN: number;
}

/** One member's attempts within one seq window, as the tally query returns them. */
export interface WindowTally {
  target: string;
  member_index: number;
  task: string;
  digest: string;
  attempts: number;
  scored: number;
  sum: number;
  nonbinary: number;
  nonunit: number;
  invalid: number;
  composite_sum: number;
  composite_n: number;
}

/** Adds one window's tally of a member to the tallies by target and member index. */
export function addWindowTally(byTarget: Map<string, Map<number, MemberTally>>, t: WindowTally): void {
  let members = byTarget.get(t.target);
  if (!members) byTarget.set(t.target, (members = new Map()));
  const m = members.get(t.member_index);
  // A member's attempts are contiguous in seq, but a window edge may split them.
  if (m) {
    m.scored += t.scored;
    m.sum += t.sum;
    m.binary &&= t.nonbinary === 0;
    m.unit &&= t.nonunit === 0;
    m.invalid += t.invalid;
    m.compositeSum += t.composite_sum;
    m.compositeN += t.composite_n;
  } else {
    members.set(t.member_index, {
      member: String(t.member_index),
      task: t.task,
      digest: t.digest,
      scored: t.scored,
      sum: t.sum,
      binary: t.nonbinary === 0,
      unit: t.nonunit === 0,
      invalid: t.invalid,
      compositeSum: t.composite_sum,
      compositeN: t.composite_n,
    });
  }
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
