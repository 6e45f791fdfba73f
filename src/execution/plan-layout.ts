/**
 * How a benchmark's selected members become attempt slots. Seqs are laid
 * out member-major: for member m, target t and attempt i,
 * seq = base + (m * targets + t) * k + i, so both targets of an A/B run
 * advance together. No I/O.
 */
import type { PlannedAttempt } from "../db/attempts";

/** A selected member as stored in the run's plan object. */
export type PlanMember = [rowIndex: number, key: string, digest: string, subset: string | null];

export interface Layout {
  base: number;
  k: number;
  targets: 1 | 2;
}

export function attemptsPerMember(layout: Layout): number {
  return layout.targets * layout.k;
}

/** The attempt slots with offsets [from, to) of a benchmark's plan. */
export function slotsBetween(members: PlanMember[], layout: Layout, from: number, to: number): PlannedAttempt[] {
  const per = attemptsPerMember(layout);
  const out: PlannedAttempt[] = [];
  for (let off = from; off < to; off++) {
    const m = Math.floor(off / per);
    const within = off % per;
    const t = Math.floor(within / layout.k);
    const i = within % layout.k;
    const member = members[m];
    if (!member) break;
    out.push([layout.base + off, t === 0 ? "a" : "b", member[1], m, member[0], member[2], member[3], i]);
  }
  return out;
}
