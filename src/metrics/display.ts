/**
 * How metrics read to people: the primary-score display rule (values in
 * [0, 1] as percentages, others on their own scale), intervals with their
 * sample size, and the coverage sentence. No I/O.
 */
import type { Interval, MissingPolicy, ScoreCounts } from "./types";

function trimZeros(s: string): string {
  const t = s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
  return t === "-0" ? "0" : t;
}

/**
 * A share in [0, 1] as a percentage with one decimal at most ("75%",
 * "66.7%", "100%"). A value that is not exactly 0 or 1 never prints as
 * "0%" or "100%": it gets more decimals, then "<0.0001%" / ">99.9999%".
 */
export function formatPercent(value: number): string {
  for (let d = 1; d <= 4; d++) {
    const s = trimZeros((value * 100).toFixed(d));
    if ((s === "100" && value < 1) || (s === "0" && value > 0)) continue;
    return `${s}%`;
  }
  return value > 0.5 ? ">99.9999%" : "<0.0001%";
}

/** A plain number with at most three decimals (0.6, 0.667, 12.5); tiny values keep three significant digits. */
export function formatPlain(value: number): string {
  if (value === 0) return "0";
  if (Math.abs(value) < 0.001) return String(Number(value.toPrecision(3)));
  return trimZeros(value.toFixed(3));
}

/** Primary-score display: percentages for values in [0, 1], the original scale otherwise. */
export function formatScore(value: number | null): string | null {
  if (value === null) return null;
  return value >= 0 && value <= 1 ? formatPercent(value) : formatPlain(value);
}

/**
 * A value with its 95% interval and sample size, all on the value's scale:
 * "60% (95% CI [38.7%, 81.3%], n = 20)". The n keeps a result on 20
 * attempts from reading like one on 1,000 even when both intervals are
 * degenerate (every attempt passed). A null n (the CLI, reading a response
 * that lacks it) is left out.
 */
export function formatWithInterval(value: number | null, interval: Interval | null, n: number | null): string | null {
  if (value === null) return null;
  const asPercent = value >= 0 && value <= 1;
  const f = (v: number) => (asPercent ? formatPercent(v) : formatPlain(v));
  if (interval === null) return n === null ? f(value) : `${f(value)} (n = ${n})`;
  return `${f(value)} (95% CI [${f(interval[0])}, ${f(interval[1])}]${n === null ? "" : `, n = ${n}`})`;
}

/**
 * "score 0.6, 5/6 attempts scored, 2/3 members complete" — the score is
 * printed raw (the API value), never without its coverage. Under
 * as_failure the sentence says so, since its score is not comparable with
 * an `unknown` one.
 */
export function coverageSentence(score: number | null, counts: ScoreCounts, policy: MissingPolicy): string {
  const s = score === null ? "score n/a" : `score ${formatPlain(score)}`;
  const tail = policy === "as_failure" ? ", missing counted as failures" : "";
  return `${s}, ${counts.scored}/${counts.total} attempts scored, ${counts.complete_members}/${counts.total_members} members complete${tail}`;
}

function signed(s: string): string {
  return s.startsWith("-") || s === "0" ? s : `+${s}`;
}

/** A p-value to two significant digits, "p < 0.001" below that. */
export function formatP(p: number): string {
  if (p < 0.001) return "p < 0.001";
  return `p = ${String(Number(p.toPrecision(2)))}`;
}

/**
 * An A/B difference: percentage points when both sides are on the [0, 1]
 * scale ("+12.5 pp (95% CI [+3.1, +21.9] pp, p = 0.012)"), the plain
 * difference otherwise.
 */
export function formatDelta(delta: number | null, interval: readonly [number, number] | null, p: number | null, unitScale: boolean): string | null {
  if (delta === null) return null;
  const f = (v: number) => signed(unitScale ? trimZeros((v * 100).toFixed(1)) : formatPlain(v));
  const unit = unitScale ? " pp" : "";
  const parts: string[] = [];
  if (interval !== null) parts.push(`95% CI [${f(interval[0])}, ${f(interval[1])}]${unit}`);
  if (p !== null) parts.push(formatP(p));
  return parts.length === 0 ? `${f(delta)}${unit}` : `${f(delta)}${unit} (${parts.join(", ")})`;
}
