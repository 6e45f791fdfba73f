/**
 * Standard errors and 95% intervals: the cluster-robust (CR1) standard
 * error of a mean over attempts clustered by member, its t interval, the
 * Wilson interval for a pass rate, and its clustered form.
 *
 * Why Wilson for binary rewards: the Wald-style mean ± t·se collapses to
 * zero width at 0% and 100% (se = 0), claiming certainty from a finite
 * sample; Wilson's interval stays honest there (0/120 → [0%, 3.1%]).
 *
 * The clustered form (k > 1 attempts per member) is Wilson computed on the
 * effective sample size n_eff = n / deff, where the design effect deff is
 * the CR1 variance over the simple-random-sample variance p(1 − p)/n, with
 * Korn and Graubard's degrees-of-freedom adjustment n_eff · (z / t(G − 1))²
 * (Korn & Graubard 1998, "Confidence intervals for proportions with small
 * expected number of positive counts estimated from survey data"; the
 * same construction as Kott & Carr's effective-size Wilson interval).
 * deff is kept in [1, n/G]: below 1 it would claim more information than
 * independent attempts carry, and n/G (every member's attempts perfectly
 * alike, so each member counts once) is the most it can be. At p = 0 or 1
 * the variance says nothing about deff, so the worst case n_eff = G is
 * used: the interval never collapses and never claims more than one
 * observation per member. No I/O.
 */
import { tCritical, Z95 } from "./distributions";
import type { Interval } from "./types";

/** One cluster (member): the sum and number of its observations. */
export interface Cluster {
  sum: number;
  count: number;
}

export interface MeanEstimate {
  mean: number;
  /** null with fewer than two clusters (no spread to estimate). */
  se: number | null;
  /** Observations. */
  n: number;
  /** Clusters with at least one observation. */
  clusters: number;
}

/**
 * Mean of all observations and its CR1 cluster-robust standard error:
 * se² = G/(G−1) · Σ_g (S_g − n_g·ȳ)² / N², with S_g, n_g the sum and count
 * of cluster g, N = Σ n_g and G the clusters. With one observation per
 * cluster this is exactly the usual sd/√N, so k = 1 needs no special case.
 * Returns null when there is no observation.
 */
export function clusteredMean(clusters: readonly Cluster[]): MeanEstimate | null {
  let n = 0;
  let total = 0;
  let g = 0;
  for (const c of clusters) {
    if (c.count === 0) continue;
    n += c.count;
    total += c.sum;
    g += 1;
  }
  if (n === 0) return null;
  const mean = total / n;
  if (g < 2) return { mean, se: null, n, clusters: g };
  let ss = 0;
  for (const c of clusters) {
    if (c.count === 0) continue;
    const u = c.sum - c.count * mean;
    ss += u * u;
  }
  return { mean, se: Math.sqrt((g / (g - 1)) * ss) / n, n, clusters: g };
}

/**
 * mean ± t(0.975, clusters − 1)·se; the t quantile (not 1.96) keeps the
 * coverage near 95% on benchmarks of a few dozen members. Clipped to [0, 1]
 * when the observations are known to lie there.
 */
export function meanInterval(est: MeanEstimate, clipUnit: boolean): Interval | null {
  if (est.se === null) return null;
  const half = tCritical(est.clusters - 1) * est.se;
  let lo = est.mean - half;
  let hi = est.mean + half;
  if (clipUnit) {
    lo = Math.max(0, lo);
    hi = Math.min(1, hi);
  }
  return [lo, hi];
}

/**
 * Wilson 95% interval for a binary mean clustered by member, on the
 * effective sample size (see the header); plain Wilson with one
 * observation per member. Null without an observation, or with fewer than
 * two members when members have several observations (no spread to
 * estimate the design effect from).
 */
export function clusteredWilson(est: MeanEstimate): Interval | null {
  if (est.n === 0) return null;
  if (est.n === est.clusters) return wilson(est.mean * est.n, est.n);
  if (est.se === null || est.clusters < 2) return null;
  const p = est.mean;
  const srsVariance = (p * (1 - p)) / est.n;
  const maxDeff = est.n / est.clusters;
  const deff = srsVariance === 0 ? maxDeff : Math.min(maxDeff, Math.max(1, (est.se * est.se) / srsVariance));
  const dfAdjust = (Z95 / tCritical(est.clusters - 1)) ** 2;
  const nEff = (est.n / deff) * dfAdjust;
  return wilson(p * nEff, nEff);
}

/**
 * Wilson score 95% interval for `successes` out of `n` Bernoulli trials
 * (both may be fractional: an effective count); null when n is 0.
 */
export function wilson(successes: number, n: number): Interval | null {
  if (n <= 0) return null;
  const z2 = Z95 * Z95;
  const p = successes / n;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z95 / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
