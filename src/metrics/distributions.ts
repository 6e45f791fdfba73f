/**
 * The few distribution functions the metrics need (Student t quantile,
 * chi-square with 1 df, exact binomial tail), written out so src/metrics has
 * no numeric dependency. Accurate to well below the digits we print. No I/O.
 */

/** Two-sided 95% normal quantile, Φ⁻¹(0.975). */
export const Z95 = 1.959963984540054;

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const TINY = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast only on its own side of the mean.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(|T| ≥ t) for Student's t with df degrees of freedom. */
export function tTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(df)) return erfc(Math.abs(t) / Math.SQRT2);
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The t with P(|T| ≥ t) = 1 − level; the normal quantile when df is infinite. */
export function tCritical(df: number, level = 0.95): number {
  if (!(df > 0)) throw new RangeError(`t quantile needs df > 0, got ${df}`);
  const alpha = 1 - level;
  if (!Number.isFinite(df) && level === 0.95) return Z95;
  let lo = 0;
  let hi = 1;
  while (tTwoSidedP(hi, df) > alpha) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSidedP(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Complementary error function (Chebyshev fit, relative error < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(X ≥ x) for a chi-square with 1 degree of freedom. */
export function chiSquare1Upper(x: number): number {
  if (x <= 0) return 1;
  return erfc(Math.sqrt(x / 2));
}

/** Two-sided exact binomial test of x successes in n trials at p = 1/2. */
export function binomialTwoSidedHalf(x: number, n: number): number {
  if (n === 0) return 1;
  const m = Math.min(x, n - x);
  let tail = 0;
  if (n <= 50) {
    // Integer binomial coefficients stay exact below 2^53 here, so small tables get exact p-values.
    let c = 1;
    for (let i = 0; i <= m; i++) {
      tail += c;
      c = (c * (n - i)) / (i + 1);
    }
    tail /= 2 ** n;
  } else {
    const base = logGamma(n + 1) - n * Math.LN2;
    for (let i = 0; i <= m; i++) tail += Math.exp(base - logGamma(i + 1) - logGamma(n - i + 1));
  }
  return Math.min(1, 2 * tail);
}
