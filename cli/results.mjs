// A run's scores as the CLI reads them: rows per (benchmark, target) from
// GET /api/eval-runs/{id}/scores, their display, and the CI checks
// (--min-score, --strict, coverage). No I/O.
import { coverageSentence, formatScore, formatWithInterval } from "./format.mjs";

/**
 * @typedef {object} ScoreCounts
 * @property {number} total
 * @property {number} scored
 * @property {number} missing
 * @property {number} invalid
 * @property {number} total_members
 * @property {number} complete_members
 */

/**
 * One (benchmark, target) aggregate, as the metric contract defines it.
 * @typedef {object} ScoreRow
 * @property {string} benchmark_id
 * @property {string} benchmark Display name (the id when the API gives no name)
 * @property {string} target "a" for the target, "b" for the compare target
 * @property {string | null} target_name The target's label
 * @property {string} status The benchmark's status in the run
 * @property {string | null} error Why the benchmark failed
 * @property {Record<string, number> | null} error_counts Attempts without a reward by error kind (set when the run ended)
 * @property {number | null} score
 * @property {number | null} pass
 * @property {number | null} pass_at_k
 * @property {number | null} pass_hat_k
 * @property {"score" | "pass_at_k" | "pass_hat_k"} headline The number the benchmark leads with (pass_at_k for ARC's pass@2, pass_hat_k for τ²-bench's pass^k)
 * @property {number[] | null} pass_hat pass^1..pass^k
 * @property {{key: string | null, score: number | null, pass_hat: number[] | null}[]} subsets Per subset (τ²'s domains): the score and pass^1..pass^k
 * @property {number} k
 * @property {ScoreCounts} score_counts
 * @property {string} missing_policy
 * @property {[number, number] | null} score_ci95
 * @property {[number, number] | null} pass_ci95
 * @property {Record<string, any>} display Display strings the API sent, if any
 * @property {Record<string, {mean: number, weight: number, attempts: number}> | null} dimensions The scorer's pooled structured dimensions (IFEval's four numbers, judge dimensions)
 */

const EMPTY_COUNTS = { total: 0, scored: 0, missing: 0, invalid: 0, total_members: 0, complete_members: 0 };

/** @param {any} v */
const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** @param {any} v */
const pair = (v) => (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number") ? /** @type {[number, number]} */ ([v[0], v[1]]) : null);

/**
 * The rows of a /scores answer (`{run_id, run_status, scores: ScoreRow[], ab}`),
 * typed by the API's document (sdk/typescript/src/schema.ts, generated from
 * it) so a field the API does not send fails the CLI's type check. A failed
 * benchmark keeps its status and error, its numbers null.
 * @param {import("../sdk/typescript/src/schema.ts").components["schemas"]["RunScores"]} body
 * @returns {ScoreRow[]}
 */
export function scoreRows(body) {
  const list = Array.isArray(body?.scores) ? body.scores : [];
  return list.map((e) => ({
    benchmark_id: String(e.benchmark_id),
    benchmark: e.benchmark_name ?? String(e.benchmark_id),
    target: e.target === "b" ? "b" : "a",
    target_name: e.target_label ?? null,
    status: String(e.status ?? "unknown"),
    error: e.error ?? null,
    error_counts: e.error_counts && typeof e.error_counts === "object" ? e.error_counts : null,
    score: num(e.score),
    pass: num(e.pass),
    pass_at_k: num(e.pass_at_k),
    pass_hat_k: num(e.pass_hat_k),
    headline: e.headline === "pass_at_k" || e.headline === "pass_hat_k" ? e.headline : "score",
    pass_hat: Array.isArray(e.pass_hat) ? e.pass_hat.filter((v) => typeof v === "number") : null,
    subsets: (Array.isArray(e.subsets) ? e.subsets : []).map((x) => ({ key: x.key ?? null, score: num(x.score), pass_hat: Array.isArray(x.pass_hat) ? x.pass_hat.filter((v) => typeof v === "number") : null })),
    k: num(e.k) ?? 1,
    score_counts: { ...EMPTY_COUNTS, ...e.score_counts },
    missing_policy: e.missing_policy ?? "unknown",
    score_ci95: pair(e.uncertainty?.score_ci95),
    pass_ci95: pair(e.uncertainty?.pass_ci95),
    display: e.display && typeof e.display === "object" ? e.display : {},
    dimensions: e.dimensions && typeof e.dimensions === "object" ? e.dimensions : null,
  }));
}

/**
 * The lines `assay job result` prints for one row.
 * @param {ScoreRow} r
 * @returns {[string, string][]}
 */
export function resultLines(r) {
  const c = r.score_counts;
  const errors = errorCountsText(r.error_counts);
  /** @type {[string, string][]} */
  const errorLine = errors ? [["errors", errors]] : [];
  if (r.status === "failed") return [["status", `failed: ${r.error ?? "no error recorded"}`], ...errorLine];
  const labels = r.display.labels ?? { pass_at_k: `pass@${r.k}`, pass_hat_k: `pass^${r.k}` };
  const passN = c.scored;
  // pass is null for two reasons: nothing was scored (say why), or some reward is not 0 or 1.
  const noPass = c.scored === 0 ? `n/a (no attempt scored${errors ? `: ${errors}` : ""})` : "n/a (rewards are not all 0 or 1)";
  /** @type {[string, string]} */
  const passAtK = [labels.pass_at_k, r.display.pass_at_k ?? formatScore(r.pass_at_k)];
  // A benchmark whose rule counts a task solved by any of its k attempts (ARC's pass@2) leads with pass@k;
  // one that counts reliability (τ²-bench) with pass^k, then pass^1..pass^k overall and per subset (its domains).
  const lead = r.headline === "pass_at_k";
  const reliable = r.headline === "pass_hat_k";
  /** @type {[string, string]} */
  const passHatK = [labels.pass_hat_k, r.display.pass_hat_k ?? formatScore(r.pass_hat_k)];
  /** @param {number[]} xs */
  const series = (xs) => xs.map((v) => formatScore(v)).join(" / ");
  /** @type {[string, string][]} */
  const curve = reliable && r.pass_hat?.length
    ? [
        [`pass^1..${r.pass_hat.length}`, series(r.pass_hat)],
        ...r.subsets.filter((x) => x.key !== null && x.pass_hat?.length).map((x) => /** @type {[string, string]} */ ([`  ${x.key}`, series(/** @type {number[]} */ (x.pass_hat))])),
      ]
    : [];
  return [
    ...(lead ? [/** @type {[string, string]} */ ([`${passAtK[0]} (headline)`, passAtK[1]])] : []),
    ...(reliable ? [/** @type {[string, string]} */ ([`${passHatK[0]} (headline)`, passHatK[1]]), ...curve] : []),
    [lead || reliable ? "mean over attempts" : "score", r.display.score_with_ci ?? formatWithInterval(r.score, r.score_ci95, c.scored)],
    ["pass", r.display.pass_with_ci ?? (r.pass === null ? noPass : formatWithInterval(r.pass, r.pass_ci95, passN))],
    ...(lead ? [] : [passAtK]),
    ...(reliable ? [] : [passHatK]),
    ["coverage", r.display.coverage ?? coverageSentence(r.score, c, r.missing_policy)],
    ...dimensionLines(r.dimensions),
    ...errorLine,
  ];
}

/**
 * The headline dimensions, one line each (those without a `/`: IFEval's and
 * IFBench's four numbers, a judge's dimensions); per-type ones like
 * `strict/punctuation:no_comma` stay in --json.
 * @param {ScoreRow["dimensions"] | undefined} dims
 * @returns {[string, string][]}
 */
export function dimensionLines(dims) {
  if (!dims) return [];
  return Object.entries(dims)
    .filter(([k, d]) => !k.includes("/") && typeof d?.mean === "number")
    .map(([k, d]) => [k.replaceAll("_", " "), `${formatScore(d.mean)} (${d.weight === d.attempts ? `${d.attempts} attempts` : `${d.weight} over ${d.attempts} attempts`})`]);
}

/**
 * Error counts as one line, most frequent first: "http_401 × 40, timeout × 2"; null when there are none.
 * @param {Record<string, number> | null | undefined} counts
 */
export function errorCountsText(counts) {
  if (!counts) return null;
  const entries = Object.entries(counts).filter(([, n]) => typeof n === "number" && n > 0).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return entries.length ? entries.map(([k, n]) => `${k} × ${n}`).join(", ") : null;
}

/**
 * The rows the CI checks read: the target's, not the compare target's.
 * @param {ScoreRow[]} rows
 */
export function primaryRows(rows) {
  return rows.filter((r) => r.target === "a");
}

/**
 * @typedef {object} CheckOptions
 * @property {number} [minScore] Fail below this score
 * @property {boolean} [strict] Compare the interval's lower bound instead of the score
 * @property {boolean} [allowIncomplete] Do not fail on missing rewards
 * @property {string} [runStatus] The run's final status
 */

/**
 * Why the run fails the CI checks; empty when it passes. The run must have
 * completed; every benchmark must have full coverage (unless allowed), and,
 * with a threshold, a score (or with strict the interval's lower bound) at
 * or above it.
 * @param {ScoreRow[]} rows
 * @param {CheckOptions} opts
 * @returns {string[]}
 */
export function checkResults(rows, { minScore, strict = false, allowIncomplete = false, runStatus } = {}) {
  const failures = [];
  if (runStatus && runStatus !== "completed") failures.push(`the run is ${runStatus}, not completed`);
  const primary = primaryRows(rows);
  if (primary.length === 0) failures.push("the run has no scores");
  for (const r of primary) {
    const c = r.score_counts;
    if (r.status === "failed") {
      failures.push(`${r.benchmark}: failed: ${r.error ?? "no error recorded"}`);
      continue;
    }
    if (!allowIncomplete && (c.missing > 0 || c.scored < c.total || c.total === 0)) {
      failures.push(`${r.benchmark}: coverage incomplete (${coverageSentence(r.score, c, r.missing_policy)})`);
    }
    if (minScore === undefined) continue;
    if (r.score === null) {
      failures.push(`${r.benchmark}: no score to compare with --min-score ${minScore}`);
    } else if (strict) {
      const lo = r.score_ci95?.[0];
      if (lo === undefined) failures.push(`${r.benchmark}: no interval for --strict (score ${formatScore(r.score)})`);
      else if (lo < minScore) failures.push(`${r.benchmark}: interval lower bound ${formatScore(lo)} is below ${formatScore(minScore)} (score ${formatScore(r.score)})`);
    } else if (r.score < minScore) {
      failures.push(`${r.benchmark}: score ${formatScore(r.score)} is below ${formatScore(minScore)}`);
    }
  }
  return failures;
}
