/**
 * Reduces attempt outcomes to one summary per member (everything the
 * metrics need), checking the input contract on the way: one outcome per
 * (member, attempt slot), slots within k, finite rewards. A violation is a
 * caller bug and throws a RangeError. No I/O.
 */
import type { AggregateOptions, AttemptOutcome, MemberSummary } from "./types";

export function checkOptions(opts: AggregateOptions): void {
  if (!Number.isInteger(opts.k) || opts.k < 1) throw new RangeError(`k must be an integer ≥ 1, got ${opts.k}`);
  if (!Number.isInteger(opts.total_members) || opts.total_members < 0) {
    throw new RangeError(`total_members must be an integer ≥ 0, got ${opts.total_members}`);
  }
  if (opts.missing_policy !== "unknown" && opts.missing_policy !== "as_failure") {
    throw new RangeError(`unknown missing_policy ${String(opts.missing_policy)}`);
  }
}

/** The summaries of `outcomes`, in order of first appearance of each member. */
export function summarize(outcomes: readonly AttemptOutcome[], opts: AggregateOptions): MemberSummary[] {
  checkOptions(opts);
  const byMember = new Map<string, { summary: MemberSummary; slots: Set<number> }>();
  for (const o of outcomes) {
    if (!Number.isInteger(o.attempt_index) || o.attempt_index < 0 || o.attempt_index >= opts.k) {
      throw new RangeError(`attempt_index ${o.attempt_index} of member ${o.member} is outside 0..${opts.k - 1}`);
    }
    if (o.reward !== null && !Number.isFinite(o.reward)) {
      throw new RangeError(`reward of member ${o.member} attempt ${o.attempt_index} is not a finite number`);
    }
    let entry = byMember.get(o.member);
    if (!entry) {
      entry = { summary: { member: o.member, scored: 0, sum: 0, binary: true, unit: true, invalid: 0 }, slots: new Set() };
      byMember.set(o.member, entry);
    }
    if (entry.slots.has(o.attempt_index)) {
      throw new RangeError(`member ${o.member} has two outcomes for attempt ${o.attempt_index}`);
    }
    entry.slots.add(o.attempt_index);
    const s = entry.summary;
    if (o.reward === null) {
      if (o.terminal) s.invalid += 1;
      continue;
    }
    s.scored += 1;
    s.sum += o.reward;
    if (o.reward !== 0 && o.reward !== 1) s.binary = false;
    if (o.reward < 0 || o.reward > 1) s.unit = false;
  }
  if (byMember.size > opts.total_members) {
    throw new RangeError(`outcomes name ${byMember.size} members but total_members is ${opts.total_members}`);
  }
  return [...byMember.values()].map((e) => e.summary);
}

/** Checks pre-counted summaries against the same contract as `summarize`. */
export function checkSummaries(summaries: readonly MemberSummary[], opts: AggregateOptions): void {
  checkOptions(opts);
  if (summaries.length > opts.total_members) {
    throw new RangeError(`${summaries.length} member summaries but total_members is ${opts.total_members}`);
  }
  const seen = new Set<string>();
  for (const s of summaries) {
    if (seen.has(s.member)) throw new RangeError(`member ${s.member} is summarised twice`);
    seen.add(s.member);
    if (!Number.isInteger(s.scored) || s.scored < 0 || s.scored > opts.k) {
      throw new RangeError(`member ${s.member}: scored ${s.scored} is outside 0..${opts.k}`);
    }
    if (!Number.isInteger(s.invalid) || s.invalid < 0 || s.invalid > opts.k - s.scored) {
      throw new RangeError(`member ${s.member}: invalid ${s.invalid} is outside 0..${opts.k - s.scored}`);
    }
    if (!Number.isFinite(s.sum)) throw new RangeError(`member ${s.member}: sum is not a finite number`);
  }
}
