/**
 * Whether an A/B delta is a change or noise: only a paired test below the
 * 5% level makes a delta an improvement or a regression; anything else is
 * "no significant difference" and must not be painted as either. The
 * dashboard and the HTML export both read this. No I/O.
 */

/** The two-sided level below which a paired test's p-value counts as a change. */
export const SIGNIFICANCE_ALPHA = 0.05;

/** better / worse: significant; no_difference: tested, not significant; untested: no p-value. */
export type DeltaVerdict = "better" | "worse" | "no_difference" | "untested";

/** The verdict on a delta (B − A, higher is better) with its paired test's p-value. */
export function deltaVerdict(delta: number | null, pValue: number | null): DeltaVerdict {
  if (delta === null || pValue === null) return "untested";
  if (pValue >= SIGNIFICANCE_ALPHA || delta === 0) return "no_difference";
  return delta > 0 ? "better" : "worse";
}

/** How a verdict reads next to the delta: empty for a significant change (the arrow says it). */
export function verdictText(verdict: DeltaVerdict): string {
  return verdict === "no_difference" ? "no significant difference" : verdict === "untested" ? "not tested" : "";
}
