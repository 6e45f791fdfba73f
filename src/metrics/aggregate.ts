/**
 * The metric contract of DESIGN.md section 3 for one (run, benchmark,
 * target): score, pass, pass@k, pass^k, coverage counts, uncertainty and
 * display, under either missing-reward policy. No I/O.
 *
 * Policies:
 * - `unknown` (default): a missing reward is never a number. score and
 *   pass average scored attempts only; pass@k and pass^k use complete
 *   members only (all k attempts scored).
 * - `as_failure` (Harbor, τ-bench): a missing reward counts as 0, so score
 *   and pass average all total_members × k requested slots, and every
 *   selected member enters pass@k / pass^k (a missing attempt fails).
 *   score_counts still reports the true coverage.
 * Under both, no scored attempt at all makes every metric null (nothing
 * was measured), and any reward other than 0 or 1 makes pass, pass@k and
 * pass^k null.
 */
import { coverageSentence, formatScore, formatWithInterval } from "./display";
import { clusteredMean, clusteredWilson, meanInterval, type Cluster } from "./intervals";
import { checkSummaries, summarize } from "./summarize";
import type { Aggregate, AggregateOptions, AttemptOutcome, MemberSummary, ScoreCounts } from "./types";

/** Aggregates one requested-slot outcome list (see AttemptOutcome). */
export function aggregate(outcomes: readonly AttemptOutcome[], opts: AggregateOptions): Aggregate {
  return aggregateSummaries(summarize(outcomes, opts), opts);
}

/** Same as `aggregate`, from per-member summaries (e.g. computed in SQL). */
export function aggregateSummaries(summaries: readonly MemberSummary[], opts: AggregateOptions): Aggregate {
  checkSummaries(summaries, opts);
  const { k, missing_policy: policy, total_members } = opts;
  let scored = 0;
  let invalid = 0;
  let complete = 0;
  let sum = 0;
  let binary = true;
  let unit = true;
  for (const s of summaries) {
    scored += s.scored;
    invalid += s.invalid;
    sum += s.sum;
    if (s.scored === k) complete += 1;
    binary &&= s.binary;
    unit &&= s.unit;
  }
  const counts: ScoreCounts = {
    total: total_members * k,
    scored,
    missing: total_members * k - scored,
    invalid,
    total_members,
    complete_members: complete,
  };
  const labels = { pass_at_k: `pass@${k}`, pass_hat_k: `pass^${k}` };
  if (scored === 0) {
    return {
      score: null,
      pass: null,
      pass_at_k: null,
      pass_hat_k: null,
      k,
      score_counts: counts,
      missing_policy: policy,
      uncertainty: { score_se: null, score_ci95: null, pass_ci95: null, clustered: k > 1, n_clusters: 0 },
      display: {
        score: null,
        pass: null,
        pass_at_k: null,
        pass_hat_k: null,
        labels,
        score_with_ci: null,
        pass_with_ci: null,
        coverage: coverageSentence(null, counts, policy),
      },
    };
  }

  const est = clusteredMean(clustersOf(summaries, opts))!;
  const score = est.mean;
  const pass = binary ? score : null;
  const km = binary ? kMetrics(summaries, opts) : null;
  // Binary rewards: Wilson (clustered when k > 1), honest at 0% and 100%; else the t interval.
  const scoreCi = binary ? clusteredWilson(est) : meanInterval(est, unit);
  const passCi = pass === null ? null : scoreCi;
  return {
    score,
    pass,
    pass_at_k: km?.pass_at_k ?? null,
    pass_hat_k: km?.pass_hat_k ?? null,
    k,
    score_counts: counts,
    missing_policy: policy,
    uncertainty: { score_se: est.se, score_ci95: scoreCi, pass_ci95: passCi, clustered: k > 1, n_clusters: est.clusters },
    display: {
      score: formatScore(score),
      pass: formatScore(pass),
      pass_at_k: formatScore(km?.pass_at_k ?? null),
      pass_hat_k: formatScore(km?.pass_hat_k ?? null),
      labels,
      score_with_ci: formatWithInterval(score, scoreCi, est.n),
      pass_with_ci: formatWithInterval(pass, passCi, est.n),
      coverage: coverageSentence(score, counts, policy),
    },
  };
}

/**
 * Observations per member for score and its standard error. Under
 * as_failure every selected member has k observations, missing ones 0,
 * including members with no summary at all.
 */
export function clustersOf(summaries: readonly MemberSummary[], opts: AggregateOptions): Cluster[] {
  if (opts.missing_policy === "unknown") return summaries.map((s) => ({ sum: s.sum, count: s.scored }));
  const clusters = summaries.map((s) => ({ sum: s.sum, count: opts.k }));
  for (let i = summaries.length; i < opts.total_members; i++) clusters.push({ sum: 0, count: opts.k });
  return clusters;
}

/** pass@k and pass^k for binary rewards; null members-denominator gives null metrics. */
function kMetrics(
  summaries: readonly MemberSummary[],
  opts: AggregateOptions,
): { pass_at_k: number | null; pass_hat_k: number | null } {
  const { k } = opts;
  let members = 0;
  let any = 0;
  let all = 0;
  for (const s of summaries) {
    if (opts.missing_policy === "unknown" && s.scored !== k) continue;
    members += 1;
    if (s.sum > 0) any += 1;
    if (s.scored === k && s.sum === k) all += 1;
  }
  // as_failure: members without a summary enter the denominator as failing.
  if (opts.missing_policy === "as_failure") members = opts.total_members;
  if (members === 0) return { pass_at_k: null, pass_hat_k: null };
  return { pass_at_k: any / members, pass_hat_k: all / members };
}
