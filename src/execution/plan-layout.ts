/**
 * How a benchmark's selected members become attempt slots. Seqs are laid
 * out member-major: for member m, target t and attempt i,
 * seq = base + (m * targets + t) * k + i, so both targets of an A/B run
 * advance together. No I/O.
 */
import type { AttemptSlot } from "../db/attempts";

/** A selected member as stored in the run's plan object. */
export type PlanMember = [rowIndex: number, key: string, digest: string, subset: string | null];

export interface Layout {
  runId: string;
  benchmarkId: string;
  base: number;
  k: number;
  targets: 1 | 2;
}

/** The slot at `seq`, or undefined when the seq is outside the benchmark's range. */
export function slotAt(members: readonly PlanMember[], layout: Layout, seq: number): AttemptSlot | undefined {
  const off = seq - layout.base;
  const per = layout.targets * layout.k;
  if (off < 0 || off >= members.length * per) return undefined;
  const m = Math.floor(off / per);
  const within = off % per;
  const member = members[m]!;
  return {
    runId: layout.runId,
    seq,
    benchmarkId: layout.benchmarkId,
    target: Math.floor(within / layout.k) === 0 ? "a" : "b",
    memberKey: member[1],
    memberIndex: m,
    rowIndex: member[0],
    taskDigest: member[2],
    subset: member[3],
    attemptIndex: within % layout.k,
  };
}

/** The run benchmark whose seq range holds `seq`. */
export function benchmarkOf<T extends { baseSeq: number | null; attemptCount: number | null }>(rbs: Iterable<T>, seq: number): T | undefined {
  for (const rb of rbs) {
    if (rb.baseSeq !== null && rb.attemptCount !== null && seq >= rb.baseSeq && seq < rb.baseSeq + rb.attemptCount) return rb;
  }
  return undefined;
}
