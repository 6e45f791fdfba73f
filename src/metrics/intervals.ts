/**
 * Standard errors and 95% intervals: the cluster-robust (CR1) standard
 * error of a mean over attempts clustered by member, its t interval, and
 * the Wilson interval for a pass rate. No I/O.
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

/** Wilson score 95% interval for `successes` out of `n` Bernoulli trials; null when n is 0. */
export function wilson(successes: number, n: number): Interval | null {
  if (n <= 0) return null;
  const z2 = Z95 * Z95;
  const p = successes / n;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z95 / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
