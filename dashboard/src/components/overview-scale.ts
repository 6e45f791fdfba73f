/** Axes of the overview's charts: a linear scale with round ticks, and how values read. No I/O. */

/** About `count` round ticks (1, 2 or 5 × a power of ten apart) covering [lo, hi]. */
export function ticks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / Math.max(1, count - 1);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/** A domain that shows the values: [0, 1] for rewards that lie in it, else [min, max] widened when flat. */
export function domainOf(min: number, max: number, unitInterval: boolean): [number, number] {
  if (unitInterval && min >= 0 && max <= 1) return [0, 1];
  if (min === max) return [min - 1, max + 1];
  return [min, max];
}

/** Maps [d0, d1] onto [r0, r1]. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** A number for an axis or a tooltip: integers plainly, others with up to 3 significant decimals. */
export function num(v: number): string {
  if (Number.isInteger(v)) return v.toLocaleString("en-US");
  const a = Math.abs(v);
  return a >= 100 ? Math.round(v).toLocaleString("en-US") : String(Number(v.toPrecision(3)));
}

/** Milliseconds for an axis: "850 ms", "1.2 s". */
export function ms(v: number): string {
  return v < 1000 ? `${Math.round(v)} ms` : `${Number((v / 1000).toPrecision(3))} s`;
}

/** The five-number line a pane's hover shows. */
export function summaryLine(s: { min: number; p10: number; median: number; p90: number; max: number; n: number }, fmt: (v: number) => string = num): string {
  return `min ${fmt(s.min)} · p10 ${fmt(s.p10)} · median ${fmt(s.median)} · p90 ${fmt(s.p90)} · max ${fmt(s.max)} (${s.n.toLocaleString("en-US")} attempts)`;
}
