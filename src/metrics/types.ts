/**
 * Types of the metric contract (DESIGN.md section 3): what an aggregation
 * reads (attempt outcomes or per-member summaries) and what it returns.
 * Pure declarations, no I/O.
 */

/** How a requested attempt without a reward enters the metrics. */
export type MissingPolicy = "unknown" | "as_failure";

/** One requested attempt slot of one member (undispatched slots included). */
export interface AttemptOutcome {
  /** Dataset member (task) key; attempts of one member form one cluster. */
  member: string;
  /** 0-based slot index, 0 ≤ attempt_index < k; one outcome per (member, index). */
  attempt_index: number;
  /** Verifier reward, a finite number, or null when there is none (yet). */
  reward: number | null;
  /** Execution reached a final state (succeeded, failed, cancelled, timed out). */
  terminal: boolean;
  /** The slot was handed to execution. */
  dispatched: boolean;
  /** The member's subset or category, used by breakdowns. */
  subset?: string | null;
}

/**
 * Pre-counted attempts of one member, for callers (SQL) that aggregate
 * before calling: `aggregateSummaries` gives exactly what `aggregate` gives
 * on the outcomes that were summarised. A member with no row counts as
 * having no outcome at all.
 */
export interface MemberSummary {
  member: string;
  /** Attempts with a numeric reward (0 ≤ scored ≤ k). */
  scored: number;
  /** Sum of those rewards. */
  sum: number;
  /** Every scored reward is exactly 0 or 1 (true when scored is 0). */
  binary: boolean;
  /** Every scored reward lies in [0, 1] (true when scored is 0); decides interval clipping. */
  unit: boolean;
  /** Terminal attempts without a reward (0 ≤ invalid ≤ k − scored). */
  invalid: number;
}

export interface AggregateOptions {
  /** Requested attempts per member. */
  k: number;
  missing_policy: MissingPolicy;
  /** Selected members, including those with no attempt recorded yet. */
  total_members: number;
}

/** Coverage: how much of the requested evaluation produced a reward. */
export interface ScoreCounts {
  /** total_members × k, undispatched slots included. */
  total: number;
  /** Attempts with a numeric reward. */
  scored: number;
  /** Requested attempts without a reward (waiting, running, invalid, undispatched). */
  missing: number;
  /** Terminal attempts without a reward; a part of missing. */
  invalid: number;
  total_members: number;
  /** Members with all k requested attempts scored. */
  complete_members: number;
}

export type Interval = [lo: number, hi: number];

export interface Uncertainty {
  /** Standard error of score: CR1 cluster-robust by member when k > 1, sd/√n when k = 1. */
  score_se: number | null;
  /**
   * Binary rewards: the Wilson 95% interval (on the design-effect effective
   * sample size when k > 1, see intervals.ts), never of zero width at 0% or
   * 100%. Other rewards: score ± t(0.975, n_clusters − 1) × score_se,
   * clipped to [0, 1] when every reward is in [0, 1].
   */
  score_ci95: Interval | null;
  /** The 95% interval of pass: score_ci95 when pass is defined, else null. */
  pass_ci95: Interval | null;
  /** Whether score_se is clustered by member (k > 1). */
  clustered: boolean;
  /** Members that contributed an observation to score. */
  n_clusters: number;
}

export interface AggregateDisplay {
  /** Primary-score display of score: percentages for values in [0, 1], else the plain value. */
  score: string | null;
  pass: string | null;
  pass_at_k: string | null;
  pass_hat_k: string | null;
  /** Metric names with the actual k, e.g. "pass@2" and "pass^2". */
  labels: { pass_at_k: string; pass_hat_k: string };
  /** Score with its interval and sample size, so 60% on 20 and on 1,000 attempts read differently. */
  score_with_ci: string | null;
  /** Pass with its Wilson interval and sample size. */
  pass_with_ci: string | null;
  /** "score 0.6, 5/6 attempts scored, 2/3 members complete". */
  coverage: string;
}

/** Metrics of one (run, benchmark, target) or of one breakdown group. */
export interface Aggregate {
  /** Mean reward of scored attempts (under as_failure: over all requested attempts, missing as 0). */
  score: number | null;
  /** score when every scored reward is 0 or 1, else null. */
  pass: number | null;
  /** Share of k-metric members with at least one passing attempt. */
  pass_at_k: number | null;
  /** Share of k-metric members with all k attempts passing. */
  pass_hat_k: number | null;
  k: number;
  score_counts: ScoreCounts;
  missing_policy: MissingPolicy;
  uncertainty: Uncertainty;
  display: AggregateDisplay;
}
