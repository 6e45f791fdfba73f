// Display and CI checks of a run's scores, on /scores-shaped answers.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { coverageSentence, formatPercent, formatScore, formatWithInterval } from "./format.mjs";
import { checkResults, resultLines, scoreRows } from "./results.mjs";

/** A /scores entry as the API returns it; `over` replaces fields. */
function entry(over = {}) {
  return {
    benchmark_id: "bm_1",
    benchmark_name: "arith",
    target: "a",
    target_label: "m",
    status: "completed",
    error: null,
    k: 2,
    score: 0.6,
    pass: 0.6,
    pass_at_k: 1,
    pass_hat_k: 0.5,
    score_counts: { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 },
    missing_policy: "unknown",
    uncertainty: { score_se: 0.2, score_ci95: [0.3, 0.9], pass_ci95: [0.23, 0.88], clustered: true, n_clusters: 3 },
    display: null,
    subsets: [],
    previous: null,
    ...over,
  };
}

const complete = { total: 6, scored: 6, missing: 0, invalid: 0, total_members: 3, complete_members: 3 };

describe("display", () => {
  test("the seed's worked example reads as score 0.6 with its coverage", () => {
    const counts = { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 };
    assert.equal(coverageSentence(0.6, counts), "score 0.6, 5/6 attempts scored, 2/3 members complete");
    assert.equal(coverageSentence(0.6, counts, "as_failure"), "score 0.6, 5/6 attempts scored, 2/3 members complete, missing counted as failures");
    assert.equal(coverageSentence(null, counts), "score n/a, 5/6 attempts scored, 2/3 members complete");
  });

  test("shares are percentages, never rounded to 0% or 100%; other scales stay plain", () => {
    const cases = [
      [0.75, "75%"],
      [1, "100%"],
      [0, "0%"],
      [2 / 3, "66.7%"],
      [0.99999, "99.999%"],
      [0.00001, "0.001%"],
      [7.5, "7.5"],
      [-0.25, "-0.25"],
      [null, "n/a"],
    ];
    for (const [value, shown] of cases) assert.equal(formatScore(value), shown, `formatScore(${value})`);
    assert.equal(formatPercent(0.999999999), ">99.9999%");
  });

  test("an interval carries its sample size", () => {
    assert.equal(formatWithInterval(0.6, [0.387, 0.813], 20), "60% (95% CI [38.7%, 81.3%], n = 20)");
    assert.equal(formatWithInterval(0.6, null, 20), "60% (n = 20)");
    assert.equal(formatWithInterval(12, [10, 14], 5), "12 (95% CI [10, 14], n = 5)");
  });

  test("result lines use the API's display strings when it sends them", () => {
    const display = {
      score: "60%",
      pass: "60%",
      pass_at_k: "100%",
      pass_hat_k: "50%",
      labels: { pass_at_k: "pass@2", pass_hat_k: "pass^2" },
      score_with_ci: "60% (API)",
      pass_with_ci: "60% (API pass)",
      coverage: "score 0.6, 5/6 attempts scored, 2/3 members complete",
    };
    const [row] = scoreRows({ scores: [entry({ display })] });
    assert.deepEqual(resultLines(row), [
      ["score", "60% (API)"],
      ["pass", "60% (API pass)"],
      ["pass@2", "100%"],
      ["pass^2", "50%"],
      ["coverage", "score 0.6, 5/6 attempts scored, 2/3 members complete"],
    ]);
  });

  test("a benchmark that leads with pass@k (ARC's pass@2) prints it first, and its mean as the mean over attempts", () => {
    const [row] = scoreRows({ scores: [entry({ headline: "pass_at_k" })] });
    assert.deepEqual(resultLines(row).slice(0, 4), [
      ["pass@2 (headline)", "100%"],
      ["mean over attempts", "60% (95% CI [30%, 90%], n = 5)"],
      ["pass", "60% (95% CI [23%, 88%], n = 5)"],
      ["pass^2", "50%"],
    ]);
  });

  test("a benchmark that leads with pass^k (τ²-bench) prints it first, then pass^1..pass^k overall and per domain", () => {
    const subsets = [
      { key: "airline", score: 0.5, pass_hat: [0.5, 0.25] },
      { key: "retail", score: 0.7, pass_hat: [0.7, 0.5] },
    ];
    const [row] = scoreRows({ scores: [entry({ headline: "pass_hat_k", pass_hat: [0.6, 0.375], subsets })] });
    assert.deepEqual(resultLines(row).slice(0, 7), [
      ["pass^2 (headline)", "50%"],
      ["pass^1..2", "60% / 37.5%"],
      ["  airline", "50% / 25%"],
      ["  retail", "70% / 50%"],
      ["mean over attempts", "60% (95% CI [30%, 90%], n = 5)"],
      ["pass", "60% (95% CI [23%, 88%], n = 5)"],
      ["pass@2", "100%"],
    ]);
  });

  test("without display strings the CLI formats the numbers itself", () => {
    const [row] = scoreRows({ scores: [entry()] });
    assert.deepEqual(resultLines(row), [
      ["score", "60% (95% CI [30%, 90%], n = 5)"],
      ["pass", "60% (95% CI [23%, 88%], n = 5)"],
      ["pass@2", "100%"],
      ["pass^2", "50%"],
      ["coverage", "score 0.6, 5/6 attempts scored, 2/3 members complete"],
    ]);
  });

  test("IFEval's four numbers follow the coverage line; per-type dimensions stay out", () => {
    const dimensions = {
      prompt_level_strict: { mean: 0.75, weight: 4, attempts: 4 },
      instruction_level_strict: { mean: 0.8, weight: 10, attempts: 4 },
      "strict/punctuation:no_comma": { mean: 1, weight: 2, attempts: 2 },
    };
    const [row] = scoreRows({ scores: [entry({ dimensions })] });
    assert.deepEqual(resultLines(row).slice(5), [
      ["prompt level strict", "75% (4 attempts)"],
      ["instruction level strict", "80% (10 over 4 attempts)"],
    ]);
  });

  test("a benchmark that scored nothing says why, with its counts by error kind", () => {
    const reason = "401 from the target: invalid API key (40 of 40 attempts)";
    const [row] = scoreRows({ scores: [entry({ status: "failed", error: reason, error_counts: { http_401: 40 }, score: null, pass: null, score_counts: null, uncertainty: null })] });
    assert.deepEqual(resultLines(row), [
      ["status", `failed: ${reason}`],
      ["errors", "http_401 × 40"],
    ]);
    assert.deepEqual(checkResults([row], { runStatus: "failed" }), ["the run is failed, not completed", `arith: failed: ${reason}`]);
  });

  test("pass is n/a because nothing was scored, not because rewards are not binary", () => {
    const counts = { total: 4, scored: 0, missing: 4, invalid: 0, total_members: 2, complete_members: 0 };
    const [running] = scoreRows({ scores: [entry({ status: "running", score: null, pass: null, score_counts: counts, uncertainty: null })] });
    assert.deepEqual(resultLines(running)[1], ["pass", "n/a (no attempt scored)"]);
    const [partly] = scoreRows({ scores: [entry({ pass: null, error_counts: { timeout: 2, http_500: 1 } })] });
    assert.deepEqual(resultLines(partly)[1], ["pass", "n/a (rewards are not all 0 or 1)"]);
    assert.deepEqual(resultLines(partly).at(-1), ["errors", "timeout × 2, http_500 × 1"]);
  });

  test("a failed benchmark shows its error, not numbers", () => {
    const [row] = scoreRows({ scores: [entry({ status: "failed", error: "dataset missing", score: null, score_counts: null, uncertainty: null })] });
    assert.deepEqual(resultLines(row), [["status", "failed: dataset missing"]]);
  });
});

describe("scoreRows", () => {
  test("reads each benchmark and target of a /scores answer", () => {
    const rows = scoreRows({ run_id: "run_1", run_status: "completed", scores: [entry(), entry({ target: "b", target_label: "other" })], ab: [] });
    assert.deepEqual(
      rows.map((r) => [r.benchmark_id, r.benchmark, r.target, r.target_name, r.score, r.score_ci95]),
      [
        ["bm_1", "arith", "a", "m", 0.6, [0.3, 0.9]],
        ["bm_1", "arith", "b", "other", 0.6, [0.3, 0.9]],
      ],
    );
  });

  test("an answer without scores gives no rows", () => {
    assert.deepEqual(scoreRows({}), []);
    assert.deepEqual(scoreRows(null), []);
  });
});

describe("checkResults", () => {
  const rows = (over = {}) => scoreRows({ scores: [entry({ score_counts: complete, ...over })] });
  const cases = [
    ["complete, no threshold", rows(), {}, []],
    ["score at the threshold passes", rows(), { minScore: 0.6 }, []],
    ["score below the threshold", rows(), { minScore: 0.61 }, ["arith: score 60% is below 61%"]],
    ["strict: lower bound below", rows(), { minScore: 0.5, strict: true }, ["arith: interval lower bound 30% is below 50% (score 60%)"]],
    ["strict: lower bound at the threshold", rows(), { minScore: 0.3, strict: true }, []],
    ["strict without an interval", rows({ uncertainty: null }), { minScore: 0.3, strict: true }, ["arith: no interval for --strict (score 60%)"]],
    ["no score", rows({ score: null }), { minScore: 0 }, ["arith: no score to compare with --min-score 0"]],
    [
      "incomplete coverage fails even above the threshold",
      scoreRows({ scores: [entry()] }),
      { minScore: 0.1 },
      ["arith: coverage incomplete (score 0.6, 5/6 attempts scored, 2/3 members complete)"],
    ],
    ["incomplete coverage allowed", scoreRows({ scores: [entry()] }), { minScore: 0.1, allowIncomplete: true }, []],
    ["a run that did not complete", rows(), { runStatus: "cancelled" }, ["the run is cancelled, not completed"]],
    ["a failed benchmark", rows({ status: "failed", error: "no dataset", score: null }), {}, ["arith: failed: no dataset"]],
    ["no rows at all", [], {}, ["the run has no scores"]],
    // Only the target is checked: the compare target may be the worse baseline on purpose.
    ["compare target below the threshold", scoreRows({ scores: [entry({ score_counts: complete }), entry({ target: "b", score: 0.1 })] }), { minScore: 0.5 }, []],
  ];
  for (const [name, input, opts, expected] of cases) {
    test(name, () => assert.deepEqual(checkResults(input, opts), expected));
  }
});
