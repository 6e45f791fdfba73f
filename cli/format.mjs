// How numbers read in the terminal: the API's own display rules
// (src/metrics/display.ts, generated into display.mjs) for when a response
// carries no display strings, said as the terminal says them: "n/a" for a
// missing value, an interval without its n when the response has none. No I/O.
import * as display from "./display.mjs";

/**
 * A share as a percentage with one decimal at most; never "0%" or "100%"
 * for a value that is not exactly 0 or 1.
 * @type {(value: number) => string}
 */
export const formatPercent = display.formatPercent;

/** @type {(value: number) => string} */
export const formatPlain = display.formatPlain;

/**
 * Primary-score display: a percentage in [0, 1], the plain value otherwise; "n/a" for null.
 * @param {number | null | undefined} value
 * @returns {string}
 */
export function formatScore(value) {
  return value === null || value === undefined ? "n/a" : display.formatScore(value);
}

/**
 * "60% (95% CI [38.7%, 81.3%], n = 20)".
 * @param {number | null | undefined} value
 * @param {readonly [number, number] | null | undefined} interval
 * @param {number | null | undefined} n
 * @returns {string}
 */
export function formatWithInterval(value, interval, n) {
  if (value === null || value === undefined) return "n/a";
  return display.formatWithInterval(value, interval ?? null, typeof n === "number" ? n : null);
}

/**
 * "score 0.6, 5/6 attempts scored, 2/3 members complete".
 * @param {number | null | undefined} score
 * @param {{total: number, scored: number, total_members: number, complete_members: number}} counts
 * @param {string} [policy]
 * @returns {string}
 */
export function coverageSentence(score, counts, policy = "unknown") {
  return display.coverageSentence(score ?? null, counts, policy);
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
