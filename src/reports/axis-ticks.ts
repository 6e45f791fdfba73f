/**
 * Ticks for a chart axis that starts at 0: a "nice" step (1, 2, 2.5 or 5
 * times a power of ten, whole numbers for counts) giving about four
 * intervals, and the axis maximum rounded up to a whole step. Every tick is
 * a distinct multiple of the step, so labels never read "1, 1, 1" however
 * small the data. Pure, no I/O.
 */

export interface Ticks {
  /** The axis maximum: the data's maximum rounded up to a whole step (at least one step). */
  max: number;
  step: number;
  /** 0, step, 2 × step, …, max. */
  values: number[];
}

/** Multiples of a power of ten a step may take, smallest first. */
const NICE = [1, 2, 2.5, 5, 10];

/**
 * @param dataMax the largest value to show (≤ 0 or not finite: one step from 0)
 * @param opts.integer counts and seconds: no step below 1, none of 2.5 × 10ⁿ below 10
 * @param opts.intervals about how many steps (4)
 */
export function niceTicks(dataMax: number, opts: { integer?: boolean; intervals?: number } = {}): Ticks {
  const intervals = opts.intervals ?? 4;
  const top = Number.isFinite(dataMax) && dataMax > 0 ? dataMax : opts.integer ? 1 : 1;
  const raw = top / intervals;
  const mag = 10 ** Math.floor(Math.log10(raw));
  let step = NICE.map((m) => m * mag).find((s) => s >= raw * (1 - 1e-9) && (!opts.integer || Number.isInteger(s))) ?? 10 * mag;
  if (opts.integer) step = Math.max(1, Math.round(step));
  // Float-safe: round the step to the magnitude's precision (0.1 × 3 must not be 0.30000000000000004).
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  const fix = (v: number) => Number(v.toFixed(digits));
  step = fix(step);
  const n = Math.max(1, Math.ceil(top / step - 1e-9));
  const values = Array.from({ length: n + 1 }, (_, i) => fix(i * step));
  return { max: values[n]!, step, values };
}
