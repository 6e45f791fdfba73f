// How numbers read in the terminal, by the same rules as the API's display
// fields (src/metrics/display.ts): shares in [0, 1] as percentages, other
// values on their own scale, a score never without its interval and
// coverage. Used when a response carries no display strings. No I/O.

function trimZeros(s) {
  const t = s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
  return t === "-0" ? "0" : t;
}

/**
 * A share as a percentage with one decimal at most; never "0%" or "100%"
 * for a value that is not exactly 0 or 1.
 * @param {number} value
 */
export function formatPercent(value) {
  for (let d = 1; d <= 4; d++) {
    const s = trimZeros((value * 100).toFixed(d));
    if ((s === "100" && value < 1) || (s === "0" && value > 0)) continue;
    return `${s}%`;
  }
  return value > 0.5 ? ">99.9999%" : "<0.0001%";
}

/** @param {number} value */
export function formatPlain(value) {
  if (value === 0) return "0";
  if (Math.abs(value) < 0.001) return String(Number(value.toPrecision(3)));
  return trimZeros(value.toFixed(3));
}

/**
 * Primary-score display: a percentage in [0, 1], the plain value otherwise; "n/a" for null.
 * @param {number | null | undefined} value
 */
export function formatScore(value) {
  if (value === null || value === undefined) return "n/a";
  return value >= 0 && value <= 1 ? formatPercent(value) : formatPlain(value);
}

/**
 * "60% (95% CI [38.7%, 81.3%], n = 20)".
 * @param {number | null | undefined} value
 * @param {readonly [number, number] | null | undefined} interval
 * @param {number | null | undefined} n
 */
export function formatWithInterval(value, interval, n) {
  if (value === null || value === undefined) return "n/a";
  const asPercent = value >= 0 && value <= 1;
  const f = (v) => (asPercent ? formatPercent(v) : formatPlain(v));
  const size = typeof n === "number" ? `, n = ${n}` : "";
  if (!interval) return typeof n === "number" ? `${f(value)} (n = ${n})` : f(value);
  return `${f(value)} (95% CI [${f(interval[0])}, ${f(interval[1])}]${size})`;
}

/**
 * "score 0.6, 5/6 attempts scored, 2/3 members complete".
 * @param {number | null | undefined} score
 * @param {{total: number, scored: number, total_members: number, complete_members: number}} counts
 * @param {string} [policy]
 */
export function coverageSentence(score, counts, policy = "unknown") {
  const s = score === null || score === undefined ? "score n/a" : `score ${formatPlain(score)}`;
  const tail = policy === "as_failure" ? ", missing counted as failures" : "";
  return `${s}, ${counts.scored}/${counts.total} attempts scored, ${counts.complete_members}/${counts.total_members} members complete${tail}`;
}

/**
 * Bytes for people: "812 B", "3.2 MiB".
 * @param {number} n
 */
export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
