import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";
import { seedRun, type SeedMember } from "../../../test/results";

const PLANTED = "sk-planted-4f7c2a9e81d3b6";
const JUDGE_PLANTED = "sk-judge-planted-77aa0c5e";

const members: SeedMember[] = [
  { key: "A", subset: "algebra", a: [1, 0], b: [1, 1] },
  { key: "B", subset: "algebra", a: [1, 1], b: [1, 0] },
  { key: "C", subset: "geometry", a: [0, "invalid"], b: [1, 1] },
];

async function plantedRun() {
  const { key, project } = await newProject();
  const { runId, benchmarkIds } = await seedRun(key, project.id, {
    display_name: "nightly | arithmetic",
    api_key: PLANTED,
    compare_model: "model-b",
    extra: { judge: { provider: "openai", base_url: "https://judge.example/v1", model: "judge-1", api_key: JUDGE_PLANTED } },
    status: "failed",
    benchmarks: [
      { k: 2, members },
      { k: 1, members: [], status: "failed", error: "its dataset gone@1 is not available" },
    ],
  });
  // A key that leaked into an error message must still not reach the report.
  await env.DB.prepare(`UPDATE eval_runs SET error = ?2 WHERE id = ?1`).bind(runId, `upstream said: invalid key ${PLANTED}`).run();
  return { key, runId, benchmarkIds };
}

describe("reports: export", () => {
  it("exports Markdown with scores, coverage, intervals, A/B, subsets and metadata, and keeps a copy in R2", async () => {
    const { key, runId, benchmarkIds } = await plantedRun();
    const r = await call("GET", `/api/eval-runs/${runId}/export?format=md`, { key });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="assay-report-${runId}-\\d{8}-\\d{6}\\.md"$`));
    const md: string = r.body;
    expect(md).toContain("## Assay report: nightly | arithmetic");
    expect(md).toContain("score 0.6, 5/6 attempts scored, 2/3 members complete");
    expect(md).toContain("60% (95% CI [6.4%, 97.1%], n = 5)");
    expect(md).toContain("failed: its dataset gone@1 is not available");
    expect(md).toContain("### A/B: model-b (B) vs model-a (A)");
    expect(md).toContain("Per-subset scores");
    expect(md).toContain("| algebra |");
    expect(md).toContain(benchmarkIds[0]);
    expect(md).toContain("`digest-1`");
    expect(md).toContain("judge-1");
    expect(md).toContain("`attempts=2`");
    expect(md.length).toBeLessThan(65_536);
    expect(md).not.toContain(PLANTED);
    expect(md).not.toContain(JUDGE_PLANTED);
    expect(md).toContain("[redacted]");

    const stored = await env.ARTIFACTS.get(r.headers.get("x-report-key")!);
    expect(r.headers.get("x-report-key")).toMatch(new RegExp(`^runs/${runId}/reports/[0-9T-]+Z\\.md$`));
    expect(await stored!.text()).toBe(md);
  });

  it("exports one self-contained HTML file with inline SVG charts and no key", async () => {
    const { key, runId } = await plantedRun();
    const r = await call("GET", `/api/eval-runs/${runId}/export?format=html`, { key });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="assay-report-run_[0-9a-z]+-\d{8}-\d{6}\.html"$/);
    const html: string = r.body;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<style>");
    expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('class="bar"');
    expect(html).toContain("pass@j and pass^j");
    expect(html).toContain("nightly | arithmetic");
    expect(html).not.toMatch(/<script|<link|<img|\ssrc=|\shref=|@import|url\(/i);
    expect(html).not.toContain(PLANTED);
    expect(html).not.toContain(JUDGE_PLANTED);
    const stored = await env.ARTIFACTS.get(r.headers.get("x-report-key")!);
    expect(await stored!.text()).toBe(html);
  });

  it("defaults to HTML, and a second export is a second copy", async () => {
    const { key, runId } = await plantedRun();
    const one = await call("GET", `/api/eval-runs/${runId}/export`, { key });
    expect(one.headers.get("content-type")).toBe("text/html; charset=utf-8");
    await new Promise((r) => setTimeout(r, 5));
    const two = await call("GET", `/api/eval-runs/${runId}/export`, { key });
    expect(two.headers.get("x-report-key")).not.toBe(one.headers.get("x-report-key"));
    const listed = await env.ARTIFACTS.list({ prefix: `runs/${runId}/reports/` });
    expect(listed.objects).toHaveLength(2);
  });
});

describe("reports: validation", () => {
  it.each([
    ["format=pdf", "format"],
    ["format=md&extra=1", "extra"],
  ])("refuses %s naming %s", async (query, field) => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "x", a: [1] }] }] });
    const p = expectProblem(await call("GET", `/api/eval-runs/${runId}/export?${query}`, { key }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
  });

  it("has nothing to export for a draft (409) or an unknown run (404)", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { status: "draft", benchmarks: [{ k: 1, members: [] }] });
    expectProblem(await call("GET", `/api/eval-runs/${runId}/export?format=md`, { key }), 409, "conflict");
    expectProblem(await call("GET", `/api/eval-runs/run_nope/export?format=md`, { key }), 404, "not_found");
  });
});
