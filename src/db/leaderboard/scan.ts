/**
 * Reads a run's attempts from D1 as per-member tallies, in bounded seq
 * windows so no query scans more than SCAN_WINDOW rows: the tally query
 * results read too (src/db/member-tally.ts), in the leaderboard's shape. An
 * attempt has a row once it ended, so members still running are simply absent.
 */
import { addWindowTally, type MemberTally } from "../../domain/member-tally";
import type { TargetSlot } from "../../reports/member-rows";
import { memberTallyStatement, type MemberTallyRow } from "../member-tally";

/** Attempt seqs read per query. */
export const SCAN_WINDOW = 20_000;

/** A tally row as the leaderboard counts a member. */
export function toMemberTally(r: MemberTallyRow): MemberTally {
  return {
    member: String(r.member_index),
    task: r.member_key,
    digest: r.task_digest,
    attempts: r.attempts,
    scored: r.scored,
    sum: r.sum,
    binary: r.all_binary === 1,
    unit: r.all_unit === 1,
    invalid: r.invalid,
    compositeSum: r.composite_sum,
    compositeN: r.composite_n,
  };
}

/**
 * Tallies the attempts of seqs [from, from + count) of a run by target and
 * member, one window of `window` seqs per query. Returns the tallies and
 * the attempt rows read.
 */
export async function scanAttempts(
  d1: D1Database,
  runId: string,
  from: number,
  count: number,
  onlyTarget?: TargetSlot,
  window = SCAN_WINDOW,
): Promise<{ byTarget: Map<string, Map<number, MemberTally>>; rows: number }> {
  const byTarget = new Map<string, Map<number, MemberTally>>();
  let rows = 0;
  for (let lo = from; lo < from + count; lo += window) {
    const hi = Math.min(from + count, lo + window);
    const r = await memberTallyStatement(d1, runId, lo, hi, onlyTarget).all<MemberTallyRow>();
    for (const t of r.results) {
      rows += t.attempts;
      addWindowTally(byTarget, t.target, t.member_index, toMemberTally(t));
    }
  }
  return { byTarget, rows };
}
