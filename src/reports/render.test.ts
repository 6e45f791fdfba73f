import { describe, expect, it } from "vitest";
import { curveChart, MAX_BARS, subsetChart } from "./charts";
import { renderHtml } from "./html";
import { PALETTE } from "./palette";
import { MAX_MARKDOWN_CHARS, renderMarkdown } from "./markdown";
import { formatDuration, type ReportInput } from "./report";
import { abBenchmark } from "./ab-view";
import { curveSet } from "./curve-set";
import { scoreRow } from "./score-row";
import type { BenchmarkFacts, MemberRow } from "./member-rows";

const facts = (over: Partial<BenchmarkFacts> = {}): BenchmarkFacts => ({
  benchmark_id: "bm_1",
  name: "arith",
  status: "completed",
  error: null,
  k: 1,
  member_count: 0,
  dataset_digest: "d1",
  planning_complete: true,
  scorer: "exact_match",
  ...over,
});

const member = (i: number, target: "a" | "b", reward: number, subset: string | null): MemberRow => ({
  target,
  member_index: i,
  member_key: `task-${i}`,
  subset,
  rows: 1,
  scored: 1,
  sum: reward,
  binary: reward === 0 || reward === 1,
  unit: true,
  invalid: 0,
});

function input(rowsA: MemberRow[], rowsB: MemberRow[] | null, b: BenchmarkFacts, name = "run name"): ReportInput {
  const scores = [scoreRow(b, "a", "model-a", rowsA, "unknown"), ...(rowsB ? [scoreRow(b, "b", "model-b", rowsB, "unknown")] : [])];
  const ab = rowsB ? abBenchmark(b, { a: "model-a", b: "model-b" }, rowsA, rowsB, "unknown") : null;
  return {
    generated_at: "2026-01-02T03:04:05.000Z",
    run: { id: "run_x", display_name: name, status: "completed", error: null, created_at: "2026-01-01T00:00:00Z", started_at: "2026-01-01T00:00:00Z", finished_at: "2026-01-01T00:03:12Z", options: { attempts: 1 } },
    targets: [
      { slot: "a", label: "model-a", kind: "model", provider: "openai", model: "model-a", base_url: "https://m.example/v1", runner_url: null, profile: null, params: {} },
      ...(rowsB ? [{ slot: "b" as const, label: "model-b", kind: "model" as const, provider: "openai", model: "model-b", base_url: "https://m.example/v1", runner_url: null, profile: null, params: {} }] : []),
    ],
    judge: null,
    benchmarks: [b],
    scores: { run_id: "run_x", run_status: "completed", missing_policy: "unknown", scores, ab: ab ? [ab] : [] },
    curves: [curveSet(b, "a", rowsA, "unknown")],
    usage: [{ target: "a", attempts: rowsA.length, input_tokens: 1000, output_tokens: 200, cost: 0.5, mean_latency_ms: 120.4 }],
  };
}

describe("reports: markdown", () => {
  it("fits a pull-request comment even with thousands of subsets, dropping detail first", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => member(i, "a", i % 2, `subset-${i}`));
    const md = renderMarkdown(input(rows, null, facts({ member_count: 3000 })));
    expect(md.length).toBeLessThanOrEqual(MAX_MARKDOWN_CHARS + 1);
    expect(md).toContain("### Scores");
    expect(md).toContain("### Run metadata");
    expect(md).toContain("score 0.5, 3000/3000 attempts scored, 3000/3000 members complete");
  });

  it("keeps names from breaking tables or injecting markup", () => {
    const rows = [member(0, "a", 1, "a|b"), member(1, "a", 0, "<img src=x>")];
    const md = renderMarkdown(input(rows, null, facts({ name: "bench | <script>alert(1)</script>", member_count: 2 }), "<b>run</b>"));
    expect(md).not.toContain("<script>");
    expect(md).not.toContain("<img");
    expect(md).not.toContain("<b>run");
    expect(md).toContain("| a\\|b |");
    expect(md).toContain("bench \\| &lt;script>");
  });

  it("states duration, usage and the missing-reward policy", () => {
    const md = renderMarkdown(input([member(0, "a", 1, null)], null, facts({ member_count: 1 })));
    expect(md).toContain("**Duration:** 3m 12s");
    expect(md).toContain("model-a: 1 attempts ended, 1,000 input / 200 output tokens, cost 0.5, mean latency 120 ms");
    expect(md).toContain("never counted as 0 (unknown)");
  });
});

describe("reports: a benchmark that leads with pass@k", () => {
  it("marks pass@2 as ARC's headline in both formats; other scorers lead with the score", () => {
    const rows = [member(0, "a", 1, null), member(1, "a", 0, null)].map((r) => ({ ...r, rows: 2, scored: 2, sum: r.sum === 1 ? 1 : 0 }));
    const arc = input(rows, null, facts({ k: 2, member_count: 2, scorer: "grid_match" }));
    expect(arc.scores.scores[0]!.headline).toBe("pass_at_k");
    expect(renderMarkdown(arc)).toMatch(/\| arith \| model-a \| [^|]+ \| 50% \(headline\) \/ [^|]+ \(k = 2\) \|/);
    expect(renderHtml(arc)).toContain("50% (headline) / ");
    const plain = input(rows, null, facts({ k: 2, member_count: 2 }));
    expect(plain.scores.scores[0]!.headline).toBe("score");
    expect(renderMarkdown(plain)).not.toContain("(headline)");
  });

  it("marks pass^k as τ²-bench's headline with pass^1..pass^k beside it", () => {
    const rows = [member(0, "a", 1, null), member(1, "a", 0, null)].map((r) => ({ ...r, rows: 2, scored: 2, sum: r.sum === 1 ? 2 : 1 }));
    const tau = input(rows, null, facts({ k: 2, member_count: 2, scorer: "tau2" }));
    expect(tau.scores.scores[0]!.headline).toBe("pass_hat_k");
    expect(renderMarkdown(tau)).toContain("100% / 50% (headline) (pass^1..2: 75% / 50%)");
  });
});

describe("reports: html", () => {
  it("escapes every name and draws curve and subset charts inline", () => {
    const a = Array.from({ length: 6 }, (_, i) => member(i, "a", i % 2, i < 3 ? "<x>" : "y"));
    const b = Array.from({ length: 6 }, (_, i) => member(i, "b", 1, i < 3 ? "<x>" : "y"));
    const html = renderHtml(input(a, b, facts({ name: "<script>alert(1)</script>", member_count: 6 })));
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("A/B: model-b (B) vs model-a (A)");
    expect(html.match(/class="bar"/g)).toHaveLength(4);
    expect(html).toContain("&lt;x&gt;");
  });
});

describe("reports: html A/B colours", () => {
  it("colours a significant regression and leaves a non-significant delta uncoloured, saying so", () => {
    // 40 tasks: B loses 20 that A solved (p < 0.001); then B loses 3 of 40 (McNemar exact p = 0.25).
    const rows = (n: number, lost: number) => [
      Array.from({ length: n }, (_, i) => member(i, "a", 1, null)),
      Array.from({ length: n }, (_, i) => member(i, "b", i < lost ? 0 : 1, null)),
    ];
    const [a1, b1] = rows(40, 20);
    const significant = renderHtml(input(a1!, b1!, facts({ member_count: 40 })));
    expect(significant).toMatch(/<span class="down">▼ -50 pp/);
    const [a2, b2] = rows(40, 3);
    const noise = renderHtml(input(a2!, b2!, facts({ member_count: 40 })));
    expect(noise).not.toMatch(/class="down"/);
    expect(noise).toContain("(no significant difference)");
  });
});

describe("reports: charts", () => {
  it("draws at most MAX_BARS bars and one point per j and series", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      key: `s${i}`,
      score: 0.5,
      pass: 0.5,
      pass_at_k: null,
      pass_hat_k: null,
      score_counts: { total: 2, scored: 2, missing: 0, invalid: 0, total_members: 2, complete_members: 2 },
      score_ci95: [0.2, 0.8] as [number, number],
      display: { score: "50%", coverage: "score 0.5" },
    }));
    expect(subsetChart(rows, "t").match(/class="bar"/g)).toHaveLength(MAX_BARS);
    const curve = curveChart(
      [
        { j: 1, pass_at_j: 0.6, pass_hat_j: 0.6, members: 3 },
        { j: 2, pass_at_j: 0.9, pass_hat_j: 0.3, members: 3 },
      ],
      "curve",
    );
    expect(curve.match(/<circle /g)).toHaveLength(4);
    expect(curve).toContain("pass@2 = 90% over 3 members");
  });

  it("labels both axes with their units, scores in % on a [0, 1] scale and in the reward's own unit past it", () => {
    const row = (key: string, score: number) => ({
      key,
      score,
      pass: null,
      pass_at_k: null,
      pass_hat_k: null,
      score_counts: { total: 2, scored: 2, missing: 0, invalid: 0, total_members: 2, complete_members: 2 },
      score_ci95: null,
      display: { score: String(score), coverage: "" },
    });
    const unit = subsetChart([row("a", 0.4), row("b", 0.9)], "t");
    expect(unit.match(/class="axis"/g)).toHaveLength(2 + 5);
    expect(unit).toContain(">100%</text>");
    expect(unit).toContain("score (mean reward), %");
    const wide = subsetChart([row("a", 2), row("b", 8)], "t");
    expect(wide).toContain(">8</text>");
    expect(wide).not.toContain("%;");
    const curve = curveChart([{ j: 1, pass_at_j: 0.5, pass_hat_j: 0.5, members: 2 }, { j: 2, pass_at_j: 1, pass_hat_j: 0, members: 2 }], "c");
    expect(curve).toContain("j, attempts per task");
    expect(curve).toContain("tasks, %");
  });

  it("colours the HTML report from the palette the dashboard shares", () => {
    const a = Array.from({ length: 4 }, (_, i) => member(i, "a", i % 2, i < 2 ? "x" : "y"));
    const html = renderHtml(input(a, a, facts({ member_count: 4 })));
    const style = html.slice(html.indexOf("<style>"), html.indexOf("</style>"));
    for (const c of [PALETTE.fg, PALETTE.pass, PALETTE.error, PALETTE.series[0], PALETTE.series[1], PALETTE.bar]) expect(style).toContain(c);
    // No colour of its own: every hex value in the page's CSS is a palette entry.
    const known = new Set(Object.values(PALETTE).flat());
    expect(style.match(/#[0-9a-f]{6}/gi)!.filter((c) => !known.has(c as never))).toEqual([]);
  });

  it("formats durations", () => {
    expect(formatDuration("2026-01-01T00:00:00Z", "2026-01-01T00:00:00.850Z")).toBe("850 ms");
    expect(formatDuration("2026-01-01T00:00:00Z", "2026-01-01T01:02:00Z")).toBe("1h 02m");
    expect(formatDuration(null, "2026-01-01T00:00:00Z")).toBeNull();
  });
});

describe("reports: a benchmark that scored nothing", () => {
  const reason = "401 from the target: invalid API key (4 of 4 attempts)";
  const failed = facts({ status: "failed", error: reason, member_count: 4, error_counts: { http_401: 4 } });
  const report = (): ReportInput => {
    const i = input([], null, failed);
    return { ...i, run: { ...i.run, status: "failed", error: `bm_1: ${reason}` }, scores: { ...i.scores, run_status: "failed" } };
  };

  it("markdown says why nothing was scored, with counts by error kind, and no number", () => {
    const md = renderMarkdown(report());
    expect(md).toContain("**Status:** failed");
    expect(md).toContain(`| arith | model-a | failed: ${reason} | – (k = 1) | without a reward: http_401 × 4 | – |`);
    expect(md).not.toContain("pass n/a");
    expect(md).toContain("it was not scored 0");
  });

  it("html says the same", () => {
    const html = renderHtml(report());
    expect(html).toContain(`<span class="failed">failed: ${reason}</span>`);
    expect(html).toContain("without a reward: http_401 × 4");
  });

  it("a target that scored nothing beside one that scored is failed alone", () => {
    const two = facts({ status: "failed", error: `target B: ${reason}`, member_count: 1, targets: { a: { status: "completed", error: null, error_counts: {} }, b: { status: "failed", error: reason, error_counts: { http_401: 1 } } } });
    const a = scoreRow(two, "a", "model-a", [member(0, "a", 1, null)], "unknown");
    const b = scoreRow(two, "b", "model-b", [], "unknown");
    expect([a.status, a.error, a.score]).toEqual(["completed", null, 1]);
    expect([b.status, b.error, b.score, b.error_counts]).toEqual(["failed", reason, null, { http_401: 1 }]);
  });
});
