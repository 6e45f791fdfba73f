/**
 * The CLI's concurrency: `--concurrency 8` pins it, `--concurrency 2..64`
 * is a band the server adapts within (src/execution/concurrency-band.ts);
 * a TOML file's `[concurrency] min_inflight / max_inflight` say the same.
 * No I/O.
 */
import { UsageError } from "./errors.mjs";

/** Most calls in flight the API accepts. */
const MAX = 1000;

/**
 * `N` or `MIN..MAX` from a flag; undefined when the flag is absent.
 * @param {string | undefined} value @param {string} flag
 * @returns {number | {min: number, max: number} | undefined}
 */
export function concurrencyFlag(value, flag) {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(value);
  if (!m) throw new UsageError(`${flag} takes N (pinned) or MIN..MAX (a band that adapts to the endpoint), e.g. 8 or 2..64 (got '${value}')`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min < 1 || max > MAX) throw new UsageError(`${flag}: each bound must be from 1 to ${MAX} (got '${value}')`);
  if (min > max) throw new UsageError(`${flag}: MIN must not exceed MAX (got '${value}')`);
  return min === max ? min : { min, max };
}

/**
 * The API's `options.concurrency` from a band: equal bounds (or one given) pin it.
 * @param {{min_inflight?: number, max_inflight?: number} | undefined} band
 * @returns {number | {min: number, max: number} | undefined}
 */
export function concurrencyOption(band) {
  const min = band?.min_inflight ?? band?.max_inflight;
  const max = band?.max_inflight ?? band?.min_inflight;
  if (min === undefined || max === undefined) return undefined;
  return min === max ? min : { min, max };
}

/**
 * How a run's concurrency reads: `8` or `2..64`.
 * @param {number | {min: number, max: number} | undefined} c
 */
export function concurrencyText(c) {
  if (c === undefined || c === null) return undefined;
  return typeof c === "number" ? String(c) : `${c.min}..${c.max}`;
}
