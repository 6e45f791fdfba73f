/**
 * Where an attempt sits in its benchmark's block bar. Seqs are laid out
 * member-major (seq = base + (member × targets + target) × k + attempt) and
 * benchmarks take consecutive seq ranges in run order, so a benchmark's
 * base is the attempts of the benchmarks before it. No I/O.
 */

export interface BarLayout {
  base: number;
  k: number;
  targets: 1 | 2;
  target: 0 | 1;
  total: number;
}

export function seqOf(attemptId: string): number | null {
  const m = /\.(\d+)$/.exec(attemptId);
  return m ? Number(m[1]) : null;
}

/** The cell (member × k + attempt) of `seq` for this target, or null when it is another target's or out of range. */
export function cellIndex(seq: number, l: BarLayout): number | null {
  const off = seq - l.base;
  const per = l.targets * l.k;
  if (off < 0 || l.k <= 0) return null;
  const member = Math.floor(off / per);
  const within = off % per;
  if (Math.floor(within / l.k) !== l.target) return null;
  const i = member * l.k + (within % l.k);
  return i < l.total ? i : null;
}

/** Each benchmark's first seq, from the attempts planned for the benchmarks before it (run order). */
export function basesOf(benchmarks: { benchmark_id: string; attempts: number | null }[]): Map<string, number> {
  const out = new Map<string, number>();
  let next = 0;
  for (const b of benchmarks) {
    out.set(b.benchmark_id, next);
    next += b.attempts ?? 0;
  }
  return out;
}
