// Runs compared through the API on real runs against the fixture model: a perfect baseline and a
// half-right candidate on the same benchmark, and an A/B run's two targets through the same view.
import { beforeAll, describe, expect, it } from "vitest";
import { attemptsOf, arithmeticBenchmark, arithmeticRows, createRun, fixtureBase, waitForRun } from "../../../test/runs";
import { call, expectProblem, newProject } from "../../../test/http";

const N = 16;
let key: string;
let bm: string;
let baseline: string;
let candidate: string;
let ab: string;

async function finished(runId: string) {
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  expect((await waitForRun(key, runId, 60_000)).status).toBe("completed");
}

beforeAll(async () => {
  const p = await newProject("compare");
  key = p.key;
  bm = await arithmeticBenchmark(key, p.project.id, arithmeticRows(N));
  const tag = crypto.randomUUID().slice(0, 8);
  baseline = await createRun(key, [bm], `fixture-${tag}:accuracy=1`);
  candidate = await createRun(key, [bm], `fixture-${tag}:accuracy=0.5`);
  ab = await createRun(key, [bm], `fixture-${tag}:accuracy=1`, {}, { compare_target: { kind: "model", provider: "openai", base_url: fixtureBase(), model: `fixture-${tag}:accuracy=0.5`, api_key: "sk-test-2" } });
  await Promise.all([finished(baseline), finished(candidate), finished(ab)]);
}, 120_000);

describe("compare: runs of the same benchmark", () => {
  it("puts both scores side by side with the paired test, and counts the regressions the attempts show", async () => {
    const wrong = (await attemptsOf(candidate)).filter((a: any) => a.reward === 0).map((a: any) => a.member_key);
    expect(wrong.length).toBeGreaterThan(0);
    const r = await call("GET", `/api/compare?runs=${baseline},${candidate}`, { key });
    expect(r.status).toBe(200);
    expect(r.body.baseline).toMatchObject({ run_id: baseline, target: "a", status: "completed" });
    const [cand] = r.body.candidates;
    expect(cand.side).toMatchObject({ run_id: candidate, target: "a" });
    const [b] = cand.benchmarks;
    expect(b).toMatchObject({ benchmark_id: bm, comparable: true, notes: [] });
    expect(b.baseline.score).toBe(1);
    expect(b.candidate.score).toBeCloseTo((N - wrong.length) / N, 12);
    expect(b.changes).toEqual({ regression: wrong.length, improvement: 0, unchanged: N - wrong.length, missing: 0 });
    expect(b.overall.regressions_count).toBe(wrong.length);
    expect(b.overall.test.name).toBe("mcnemar");
    expect(b.overall.test.b10).toBe(wrong.length);
    expect(b.overall.delta).toBeCloseTo(-wrong.length / N, 12);
  });

  it("lists the per-task diff regressions first, with both outputs, and filters by change", async () => {
    const wrong = new Set((await attemptsOf(candidate)).filter((a: any) => a.reward === 0).map((a: any) => a.member_key));
    const all = await call("GET", `/api/compare/tasks?baseline=${baseline}&candidate=${candidate}&benchmark_id=${bm}&limit=100`, { key });
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(N);
    expect(all.body.items.slice(0, wrong.size).map((t: any) => t.change)).toEqual([...wrong].map(() => "regression"));
    expect(new Set(all.body.items.slice(0, wrong.size).map((t: any) => t.task_key))).toEqual(wrong);
    const first = all.body.items[0];
    expect(first.baseline.attempts[0]).toMatchObject({ reward: 1, status: "succeeded" });
    expect(first.candidate.attempts[0]).toMatchObject({ reward: 0 });
    expect(first.baseline.attempts[0].output).not.toBe(first.candidate.attempts[0].output);
    expect(first.delta).toBe(-1);

    const regressions = await call("GET", `/api/compare/tasks?baseline=${baseline}&candidate=${candidate}&benchmark_id=${bm}&change=regression&limit=2`, { key });
    expect(regressions.body.counts.regression).toBe(wrong.size);
    expect(regressions.body.items.every((t: any) => t.change === "regression")).toBe(true);
    // Paging walks the filtered list without gaps or repeats.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call("GET", `/api/compare/tasks?baseline=${baseline}&candidate=${candidate}&benchmark_id=${bm}&change=regression&limit=2${cursor ? `&cursor=${cursor}` : ""}`, { key });
      seen.push(...page.body.items.map((t: any) => t.task_key));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...wrong].sort());
  });

  it("compares an A/B run's two targets through the same view", async () => {
    const wrongB = (await attemptsOf(ab)).filter((a: any) => a.target === "b" && a.reward === 0).length;
    const r = await call("GET", `/api/compare?runs=${ab}:a,${ab}:b`, { key });
    expect(r.status).toBe(200);
    const [b] = r.body.candidates[0].benchmarks;
    expect(r.body.candidates[0].side).toMatchObject({ run_id: ab, target: "b" });
    expect(b.changes.regression).toBe(wrongB);
    // The same numbers as the run's own A/B view.
    const scores = await call("GET", `/api/eval-runs/${ab}/scores`, { key });
    expect(b.overall.delta).toBe(scores.body.ab[0].overall.delta);
    expect(b.overall.test.p_value).toBe(scores.body.ab[0].overall.test.p_value);
  });
});

describe("compare: bad input", () => {
  it("answers problem+json naming the field, never a 500", async () => {
    expectProblem(await call("GET", `/api/compare?runs=${baseline}`, { key }), 422, "validation_failed");
    expectProblem(await call("GET", `/api/compare?runs=${baseline},bad%20id`, { key }), 422, "validation_failed");
    const noB = expectProblem(await call("GET", `/api/compare?runs=${baseline},${candidate}:b`, { key }), 422, "validation_failed");
    expect(JSON.stringify(noB)).toContain("has no compare_target");
    expectProblem(await call("GET", `/api/compare?runs=${baseline},${baseline}`, { key }), 422, "validation_failed");
    expectProblem(await call("GET", `/api/compare?runs=${baseline},run_doesnotexist`, { key }), 404, "not_found");
    expectProblem(await call("GET", `/api/compare/tasks?baseline=${baseline}&candidate=${candidate}&benchmark_id=bm_other`, { key }), 422, "validation_failed");
    expectProblem(await call("GET", `/api/compare/tasks?baseline=${baseline}&candidate=${candidate}&benchmark_id=${bm}&change=worse`, { key }), 422, "validation_failed");
  });

  it("hides another project's runs", async () => {
    const other = await newProject("compare-other");
    expectProblem(await call("GET", `/api/compare?runs=${baseline},${candidate}`, { key: other.key }), 404, "not_found");
  });
});
