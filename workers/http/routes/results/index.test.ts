import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { attemptId } from "../../../../src/domain/attempt-id";
import { call, expectProblem, keyWith, newProject } from "../../../../test/http";
import { seedRun, type SeedMember } from "../../../../test/results";

const WORKED: SeedMember[] = [
  { key: "A", a: [1, 0] },
  { key: "B", a: [1, 1] },
  { key: "C", a: [0, "invalid"] },
];

async function scores(key: string, runId: string) {
  const r = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
  expect(r.status).toBe(200);
  return r.body;
}

describe("results: scores", () => {
  it("holds the seed's worked example through the API", async () => {
    const { key, project } = await newProject();
    const { runId, benchmarkIds } = await seedRun(key, project.id, { benchmarks: [{ k: 2, members: WORKED }] });
    const body = await scores(key, runId);
    expect(body).toMatchObject({ run_id: runId, run_status: "completed", missing_policy: "unknown", ab: [] });
    expect(body.scores).toHaveLength(1);
    const row = body.scores[0];
    expect(row).toMatchObject({
      benchmark_id: benchmarkIds[0],
      target: "a",
      target_label: "model-a",
      status: "completed",
      error: null,
      k: 2,
      score: 0.6,
      pass: 0.6,
      pass_at_k: 1,
      pass_hat_k: 0.5,
      score_counts: { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 },
      missing_policy: "unknown",
      previous: null,
    });
    expect(row.display).toMatchObject({
      score: "60%",
      pass_at_k: "100%",
      pass_hat_k: "50%",
      labels: { pass_at_k: "pass@2", pass_hat_k: "pass^2" },
      coverage: "score 0.6, 5/6 attempts scored, 2/3 members complete",
    });
    expect(row.uncertainty).toMatchObject({ clustered: true, n_clusters: 3, score_ci95: [expect.closeTo(0.0638, 4), expect.closeTo(0.9706, 4)] });
    expect(row.uncertainty.score_se).toBeCloseTo(0.2498, 4);
  });

  it("counts the missing attempt as a failure under missing_policy as_failure", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 2, members: WORKED }], missing_policy: "as_failure" });
    const [row] = (await scores(key, runId)).scores;
    expect(row).toMatchObject({
      score: 0.5,
      pass: 0.5,
      pass_at_k: 2 / 3,
      pass_hat_k: 1 / 3,
      missing_policy: "as_failure",
      score_counts: { total: 6, scored: 5, missing: 1, invalid: 1, total_members: 3, complete_members: 2 },
    });
    expect(row.display.coverage).toBe("score 0.5, 5/6 attempts scored, 2/3 members complete, missing counted as failures");
  });

  it("counts members and slots without any attempt row as missing, not invalid", async () => {
    const { key, project } = await newProject();
    // C's second attempt and all of a fourth member have not ended: no rows.
    const members: SeedMember[] = [WORKED[0]!, WORKED[1]!, { key: "C", a: [0, null] }];
    const { runId } = await seedRun(key, project.id, { status: "running", benchmarks: [{ k: 2, members, member_count: 4 }] });
    const [row] = (await scores(key, runId)).scores;
    expect(row).toMatchObject({
      score: 0.6,
      status: "running",
      score_counts: { total: 8, scored: 5, missing: 3, invalid: 0, total_members: 4, complete_members: 2 },
    });
    expect(row.display.coverage).toBe("score 0.6, 5/8 attempts scored, 2/4 members complete");
  });

  it("counts slots a stop cancelled as invalid", async () => {
    const { key, project } = await newProject();
    const members: SeedMember[] = [WORKED[0]!, WORKED[1]!, { key: "C", a: [0, null] }];
    const { runId } = await seedRun(key, project.id, { status: "cancelled", benchmarks: [{ k: 2, members, member_count: 4 }] });
    const [row] = (await scores(key, runId)).scores;
    expect(row.score_counts).toEqual({ total: 8, scored: 5, missing: 3, invalid: 3, total_members: 4, complete_members: 2 });
  });

  it("shows a failed benchmark's status and error with null numbers, never 0", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, {
      status: "failed",
      benchmarks: [
        { k: 1, members: [{ key: "x", a: [1] }] },
        { k: 1, members: [], status: "failed", error: "its dataset gone@1 is not available" },
      ],
    });
    const body = await scores(key, runId);
    expect(body.scores.map((s: any) => [s.status, s.score])).toEqual([
      ["completed", 1],
      ["failed", null],
    ]);
    expect(body.scores[1]).toMatchObject({
      error: "its dataset gone@1 is not available",
      score: null,
      pass: null,
      pass_at_k: null,
      pass_hat_k: null,
      score_counts: null,
      uncertainty: null,
      display: null,
      subsets: [],
    });
  });

  it("breaks scores down per subset", async () => {
    const { key, project } = await newProject();
    const members: SeedMember[] = [
      { key: "m1", subset: "algebra", a: [1] },
      { key: "m2", subset: "algebra", a: [0] },
      { key: "m3", subset: "geometry", a: [1] },
      { key: "m4", subset: null, a: ["invalid"] },
    ];
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members }] });
    const [row] = (await scores(key, runId)).scores;
    expect(row.subsets.map((s: any) => [s.key, s.score, s.score_counts.total_members, s.score_counts.scored])).toEqual([
      ["algebra", 0.5, 2, 2],
      ["geometry", 1, 1, 1],
      [null, null, 1, 0],
    ]);
    expect(row.subsets[0].display).toEqual({ score: "50%", coverage: "score 0.5, 2/2 attempts scored, 2/2 members complete" });
  });

  it("prints 20 and 1,000 attempts at the same rate differently", async () => {
    const { key, project } = await newProject();
    const many = (n: number): SeedMember[] => Array.from({ length: n }, (_, i) => ({ key: `t${i}`, a: [i % 5 < 3 ? 1 : 0] }));
    const small = (await seedRun(key, project.id, { benchmarks: [{ k: 1, members: many(20) }] })).runId;
    const large = (await seedRun(key, project.id, { benchmarks: [{ k: 1, members: many(1000) }] })).runId;
    const [s] = (await scores(key, small)).scores;
    const [l] = (await scores(key, large)).scores;
    expect(s.score).toBe(0.6);
    expect(l.score).toBe(0.6);
    expect(s.display.score_with_ci).toMatch(/^60% \(95% CI \[.*\], n = 20\)$/);
    expect(l.display.score_with_ci).toMatch(/^60% \(95% CI \[.*\], n = 1000\)$/);
    const width = (r: any) => r.uncertainty.score_ci95[1] - r.uncertainty.score_ci95[0];
    expect(width(s)).toBeGreaterThan(3 * width(l));
    expect(s.uncertainty.clustered).toBe(false);
    expect(l.uncertainty.pass_ci95[0]).toBeGreaterThan(0.56);
  });
});

describe("results: previous run and history", () => {
  it("compares with the previous completed run of the same benchmark, digest and model", async () => {
    const { key, project } = await newProject();
    const first = await seedRun(key, project.id, { display_name: "baseline", benchmarks: [{ k: 1, members: [{ key: "p", a: [1] }, { key: "q", a: [0] }] }] });
    const bm = first.benchmarkIds[0]!;
    // Another model and another digest in between: neither is "previous".
    await seedRun(key, project.id, { model: "other", benchmarks: [{ id: bm, k: 1, members: [{ key: "p", a: [0] }] }] });
    await seedRun(key, project.id, { benchmarks: [{ id: bm, k: 1, digest: "digest-2", members: [{ key: "p", a: [0] }] }] });
    const second = await seedRun(key, project.id, { benchmarks: [{ id: bm, k: 1, members: [{ key: "p", a: [1] }, { key: "q", a: [1] }] }] });
    const [row] = (await scores(key, second.runId)).scores;
    expect(row.previous).toMatchObject({
      run_id: first.runId,
      display_name: "baseline",
      k: 1,
      missing_policy: "unknown",
      score: 0.5,
      delta: 0.5,
      display_delta: "+50 pp",
      comparable: true,
    });
    expect(row.previous.paired).toMatchObject({ delta: 0.5, improvements: ["q"], regressions: [], test: { name: "mcnemar", b01: 1, b10: 0 } });
    expect((await scores(key, first.runId)).scores[0].previous).toBeNull();
  });

  it("reads a finished previous run's tallies once per isolate while a run executes, and anew once it finished again", async () => {
    const { key, project } = await newProject();
    const first = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "p", a: [1] }, { key: "q", a: [0] }] }] });
    const bm = first.benchmarkIds[0]!;
    const running = await seedRun(key, project.id, { status: "running", benchmarks: [{ id: bm, k: 1, members: [{ key: "p", a: [1] }, { key: "q", a: [1] }] }] });
    const previous = async () => (await scores(key, running.runId)).scores[0].previous;
    expect(await previous()).toMatchObject({ run_id: first.runId, score: 0.5 });
    // A finished run's rows never change while it stays finished; changed behind its back here, the kept tallies still answer.
    await env.DB.prepare(`UPDATE attempts SET reward = 1.0 WHERE run_id = ?1`).bind(first.runId).run();
    expect(await previous()).toMatchObject({ run_id: first.runId, score: 0.5 });
    // Resumed and finished again, it has a new finished_at: its tallies are read anew.
    await env.DB.prepare(`UPDATE eval_runs SET finished_at = ?2 WHERE id = ?1`).bind(first.runId, new Date(Date.now() + 1000).toISOString()).run();
    expect(await previous()).toMatchObject({ run_id: first.runId, score: 1 });
  });

  it("gives score history across completed runs, newest first, with filters and a cursor", async () => {
    const { key, project } = await newProject();
    const one = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "p", a: [0] }, { key: "q", a: [0] }] }] });
    const bm = one.benchmarkIds[0]!;
    const two = await seedRun(key, project.id, { benchmarks: [{ id: bm, k: 1, members: [{ key: "p", a: [1] }, { key: "q", a: [0] }] }] });
    const other = await seedRun(key, project.id, { model: "model-z", benchmarks: [{ k: 1, members: [{ key: "p", a: [1] }] }] });
    await seedRun(key, project.id, { status: "running", benchmarks: [{ id: bm, k: 1, members: [{ key: "p", a: [1] }] }] });

    const all = await call("GET", "/api/eval-runs/history/scores", { key });
    expect(all.status).toBe(200);
    expect(all.body.items.map((p: any) => [p.run_id, p.score])).toEqual([
      [other.runId, 1],
      [two.runId, 0.5],
      [one.runId, 0],
    ]);
    expect(all.body.items[1]).toMatchObject({ benchmark_id: bm, target: "a", model: "model-a", k: 1, status: "completed", missing_policy: "unknown" });
    expect(all.body.items[1].display.coverage).toBe("score 0.5, 2/2 attempts scored, 2/2 members complete");

    const byBm = await call("GET", `/api/eval-runs/history/scores?benchmark_id=${bm}`, { key });
    expect(byBm.body.items.map((p: any) => p.run_id)).toEqual([two.runId, one.runId]);
    const byModel = await call("GET", "/api/eval-runs/history/scores?model=model-z", { key });
    expect(byModel.body.items.map((p: any) => p.run_id)).toEqual([other.runId]);

    const page1 = await call("GET", "/api/eval-runs/history/scores?limit=2", { key });
    expect(page1.body.items).toHaveLength(2);
    const page2 = await call("GET", `/api/eval-runs/history/scores?limit=2&cursor=${page1.body.next_cursor}`, { key });
    expect(page2.body.items.map((p: any) => p.run_id)).toEqual([one.runId]);
    expect(page2.body.next_cursor).toBeNull();

    // A second read comes from the cache and says the same.
    const cached = await env.DB.prepare(`SELECT count(*) AS n FROM run_score_cache WHERE run_id IN (?1, ?2, ?3)`).bind(one.runId, two.runId, other.runId).first<{ n: number }>();
    expect(cached?.n).toBe(3);
    expect((await call("GET", "/api/eval-runs/history/scores", { key })).body).toEqual(all.body);
  });
});

describe("results: A/B", () => {
  it("compares the compare target with McNemar on a known table", async () => {
    const { key, project } = await newProject();
    // 6 tasks fail on A and pass on B, 1 passes on A and fails on B, 3 agree.
    const members: SeedMember[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ key: `up${i}`, subset: "s1", a: [0], b: [1] })),
      { key: "down0", subset: "s2", a: [1], b: [0] },
      { key: "same0", subset: "s2", a: [1], b: [1] },
      { key: "same1", subset: "s2", a: [0], b: [0] },
      { key: "same2", subset: "s2", a: [1], b: [1] },
    ];
    const { runId } = await seedRun(key, project.id, { compare_model: "model-b", benchmarks: [{ k: 1, members }] });
    const body = await scores(key, runId);
    expect(body.scores.map((s: any) => [s.target, s.target_label, s.score])).toEqual([
      ["a", "model-a", 0.3],
      ["b", "model-b", 0.8],
    ]);
    expect(body.ab).toHaveLength(1);
    const ab = body.ab[0];
    expect(ab.a_label).toBe("model-a");
    expect(ab.b_label).toBe("model-b");
    expect(ab.overall).toMatchObject({
      a_score: 0.3,
      b_score: 0.8,
      test: { name: "mcnemar", method: "exact_binomial", n_shared: 10, b01: 6, b10: 1 },
      regressions: ["down0"],
      improvements: ["up0", "up1", "up2", "up3", "up4", "up5"],
      regressions_count: 1,
      improvements_count: 6,
      excluded_members: 0,
    });
    expect(ab.overall.delta).toBeCloseTo(0.5, 12);
    // Two-sided exact binomial, 1 of 7 discordant pairs: 2 · (1 + 7) / 128.
    expect(ab.overall.test.p_value).toBeCloseTo(0.125, 12);
    expect(ab.overall.delta_ci95[0]).toBeLessThan(0.5);
    expect(ab.overall.delta_ci95[1]).toBeGreaterThan(0.5);
    expect(ab.subsets.map((s: any) => [s.key, s.delta, s.test.b01, s.test.b10])).toEqual([
      ["s1", 1, 6, 0],
      ["s2", -0.25, 0, 1],
    ]);
  });
});

describe("results: curves", () => {
  it("gives pass@j and pass^j for j = 1..n, n = 5 and c = 3 giving 90% and 30% at j = 2", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 5, members: [{ key: "t", a: [1, 1, 1, 0, 0] }] }] });
    const r = await call("GET", `/api/eval-runs/${runId}/metrics`, { key });
    expect(r.status).toBe(200);
    const [curve] = r.body.curves;
    expect(curve).toMatchObject({ target: "a", k: 5, missing_policy: "unknown", members_by_n: { "5": 1 } });
    expect(curve.rows).toHaveLength(5);
    expect(curve.rows[1].j).toBe(2);
    expect(curve.rows[1].pass_at_j).toBeCloseTo(0.9, 12);
    expect(curve.rows[1].pass_hat_j).toBeCloseTo(0.3, 12);
    expect(curve.rows[0].pass_at_j).toBeCloseTo(0.6, 12);
  });

  it("says how members with different n are averaged", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, {
      status: "running",
      benchmarks: [{ k: 3, members: [{ key: "t1", a: [1, 0, 1] }, { key: "t2", a: [1, null, null] }] }],
    });
    const [curve] = (await call("GET", `/api/eval-runs/${runId}/metrics`, { key })).body.curves;
    expect(curve.members_by_n).toEqual({ "1": 1, "3": 1 });
    expect(curve.rows.map((r: any) => r.members)).toEqual([2, 1, 1]);
    expect(curve.note).toMatch(/different n/);
    expect(curve.rows[0].pass_at_j).toBeCloseTo((2 / 3 + 1) / 2, 12);
  });

  it("has no curve for nonbinary rewards, and says why", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "t", a: [0.5] }] }] });
    const [curve] = (await call("GET", `/api/eval-runs/${runId}/metrics`, { key })).body.curves;
    expect(curve.rows).toBeNull();
    expect(curve.note).toMatch(/not 0 or 1/);
  });
});

describe("results: samples and tasks", () => {
  const members: SeedMember[] = [
    { key: "A", a: [1, 0], b: [1, 1] },
    { key: "B", a: [1, 1], b: ["invalid", 0] },
    { key: "C", a: [0, "invalid"], b: [1, 0.5] },
  ];

  it("pages every attempt in task order without gaps or overlaps", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { compare_model: "model-b", benchmarks: [{ k: 2, members }] });
    const seen: any[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const r: any = await call("GET", `/api/eval-runs/${runId}/samples?limit=5${cursor ? `&cursor=${cursor}` : ""}`, { key });
      expect(r.status).toBe(200);
      seen.push(...r.body.items);
      cursor = r.body.next_cursor;
    }
    expect(seen).toHaveLength(12);
    expect(seen.map((s) => `${s.task_key}/${s.target}/${s.attempt_index}`)).toEqual(
      ["A", "B", "C"].flatMap((t) => ["a", "b"].flatMap((side) => [`${t}/${side}/0`, `${t}/${side}/1`])),
    );
    expect(seen[0]).toEqual({
      id: attemptId(runId, 0),
      benchmark_id: seen[0].benchmark_id,
      target: "a",
      task_key: "A",
      subset: null,
      attempt_index: 0,
      status: "succeeded",
      reward: 1,
      output: "output of A/0",
      output_truncated: false,
      recorded: false,
      cached: false,
      expected_answer: null,
      reason: "matches",
      error: null,
      error_kind: null,
      latency_ms: 42,
      input_tokens: 10,
      output_tokens: 5,
      started_at: "2026-01-01T00:00:00.000Z",
      finished_at: "2026-01-01T00:00:01.500Z",
      turns: 1,
    });
    // Open attempts have no dispatch time or turns yet; an ended one that ran in Assay made one model call.
    for (const s of seen) expect(s.turns).toBe(s.finished_at === null ? null : s.output === null ? 0 : 1);
    // Only an ended attempt without a reward has an error kind.
    expect(seen.filter((s) => s.error_kind !== null).map((s) => `${s.task_key}/${s.target}/${s.attempt_index}`)).toEqual(["B/b/0", "C/a/1"]);
  });

  it.each([
    ["passed", ["A/a/0", "A/b/0", "A/b/1", "B/a/0", "B/a/1", "C/b/0"]],
    ["failed", ["A/a/1", "B/b/1", "C/a/0", "C/b/1"]],
    ["missing", ["B/b/0", "C/a/1"]],
    ["invalid", ["B/b/0", "C/a/1"]],
  ])("filters %s samples", async (filter, expected) => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { compare_model: "model-b", benchmarks: [{ k: 2, members }] });
    const r = await call("GET", `/api/eval-runs/${runId}/samples?filter=${filter}`, { key });
    expect(r.body.items.map((s: any) => `${s.task_key}/${s.target}/${s.attempt_index}`)).toEqual(expected);
  });

  it("filters by benchmark and target", async () => {
    const { key, project } = await newProject();
    const { runId, benchmarkIds } = await seedRun(key, project.id, {
      compare_model: "model-b",
      benchmarks: [
        { k: 2, members },
        { k: 2, members: [{ key: "Z", a: [1, 1], b: [0, 0] }] },
      ],
    });
    const r = await call("GET", `/api/eval-runs/${runId}/samples?benchmark_id=${benchmarkIds[1]}&target=b`, { key });
    expect(r.body.items.map((s: any) => [s.benchmark_id, s.task_key, s.target, s.reward])).toEqual([
      [benchmarkIds[1], "Z", "b", 0],
      [benchmarkIds[1], "Z", "b", 0],
    ]);
  });

  it("lists attempts that have not ended as missing while the run is active", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { status: "running", benchmarks: [{ k: 1, members: [{ key: "done", a: [1] }, { key: "open", a: [null] }], member_count: 3 }] });
    const r = await call("GET", `/api/eval-runs/${runId}/samples?filter=missing`, { key });
    expect(r.body.items.map((s: any) => [s.task_key, s.status, s.reward])).toEqual([
      ["open", "dispatched", null],
      ["extra-2", "dispatched", null],
    ]);
    const all = await call("GET", `/api/eval-runs/${runId}/samples?limit=2`, { key });
    expect(all.body.items.map((s: any) => s.task_key)).toEqual(["done", "open"]);
    const rest = await call("GET", `/api/eval-runs/${runId}/samples?limit=2&cursor=${all.body.next_cursor}`, { key });
    expect(rest.body).toMatchObject({ items: [{ task_key: "extra-2" }], next_cursor: null });
  });

  it("breaks results down per task with the A/B difference, paged", async () => {
    const { key, project } = await newProject();
    const { runId, benchmarkIds } = await seedRun(key, project.id, { compare_model: "model-b", benchmarks: [{ k: 2, members }] });
    const first = await call("GET", `/api/eval-runs/${runId}/tasks?benchmark_id=${benchmarkIds[0]}&limit=2`, { key });
    expect(first.status).toBe(200);
    expect(first.body.items.map((t: any) => [t.task_key, t.a.score, t.b.score, t.delta])).toEqual([
      ["A", 0.5, 1, 0.5],
      ["B", 1, 0, -1],
    ]);
    expect(first.body.items[1].b.score_counts).toEqual({ total: 2, scored: 1, missing: 1, invalid: 1, total_members: 1, complete_members: 0 });
    const second = await call("GET", `/api/eval-runs/${runId}/tasks?benchmark_id=${benchmarkIds[0]}&limit=2&cursor=${first.body.next_cursor}`, { key });
    expect(second.body.items.map((t: any) => [t.task_key, t.a.score, t.b.score])).toEqual([["C", 0, 0.75]]);
    expect(second.body.next_cursor).toBeNull();
  });
});

describe("results: trials", () => {
  const structured = { composite: 0.8, dimensions: { accuracy: 1, tone: 0.6 }, judge_summary: "mostly right" };

  async function seeded() {
    const { key, project } = await newProject();
    const { runId, benchmarkIds } = await seedRun(key, project.id, {
      status: "running",
      benchmarks: [
        {
          k: 1,
          scoring: { type: "llm_judge", criteria: "right" },
          members: [{ key: "T", a: [0.8], extra: [{ structured, reason: "judge: 8/10", exit_code: 0, cost: 0.002, input_tokens: 120, output_tokens: 30 }] }, { key: "U", a: [null] }],
        },
      ],
    });
    return { key, runId, benchmarkId: benchmarkIds[0]! };
  }

  it("reads one attempt without reward components by default", async () => {
    const { key, runId, benchmarkId } = await seeded();
    const r = await call("GET", `/api/trials/${attemptId(runId, 0)}`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: attemptId(runId, 0),
      run_id: runId,
      benchmark_id: benchmarkId,
      target: "a",
      task_key: "T",
      member_index: 0,
      subset: null,
      attempt_index: 0,
      status: "succeeded",
      reward: 0.8,
      structured,
      output: "output of T/0",
      recorded: false,
      cached: false,
      expected_answer: null,
      exit_code: 0,
      error: null,
      tries: 1,
      tokens: { input: 120, output: 30 },
      cost: 0.002,
      latency_ms: 42,
      timings: { started_at: "2026-01-01T00:00:00.000Z", finished_at: "2026-01-01T00:00:01.500Z", duration_ms: 1500 },
      transcript_available: false,
    });
  });

  it("adds the scorer's reason and structured components on request", async () => {
    const { key, runId } = await seeded();
    const r = await call("GET", `/api/trials/${attemptId(runId, 0)}?include_reward_components=true`, { key });
    expect(r.body.reward_components).toEqual({ scorer: "llm_judge", reason: "judge: 8/10", composite: 0.8, dimensions: { accuracy: 1, tone: 0.6 }, judge_summary: "mostly right" });
    const off = await call("GET", `/api/trials/${attemptId(runId, 0)}?include_reward_components=false`, { key });
    expect(off.body.reward_components).toBeUndefined();
  });

  it("describes an attempt that has not ended from the plan", async () => {
    const { key, runId } = await seeded();
    const r = await call("GET", `/api/trials/${attemptId(runId, 1)}?include_reward_components=true`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ task_key: "U", status: "dispatched", reward: null, output: null, tries: 0, reward_components: { reason: null, composite: null } });
    expectProblem(await call("GET", `/api/trials/${attemptId(runId, 2)}`, { key }), 404, "not_found");
  });
});

describe("results: validation", () => {
  it.each([
    ["samples?filter=great", "filter"],
    ["samples?target=c", "target"],
    ["samples?limit=0", "limit"],
    ["samples?limit=abc", "limit"],
    ["samples?sort=asc", "sort"],
    ["samples?benchmark_id=bm_nope", "benchmark_id"],
    ["samples?target=b", "target"],
    ["tasks", "benchmark_id"],
    ["tasks?benchmark_id=bm_nope", "benchmark_id"],
  ])("refuses %s naming %s", async (path, field) => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "x", a: [1] }] }] });
    const r = expectProblem(await call("GET", `/api/eval-runs/${runId}/${path}`, { key }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it("refuses bad history filters and trial flags naming the field", async () => {
    const { key } = await newProject();
    const h = expectProblem(await call("GET", "/api/eval-runs/history/scores?limit=1000", { key }), 422, "validation_failed");
    expect(h.errors?.map((e) => e.field)).toContain("limit");
    const t = expectProblem(await call("GET", `/api/trials/att_x.1?include_reward_components=maybe`, { key }), 422, "validation_failed");
    expect(t.errors?.map((e) => e.field)).toContain("include_reward_components");
  });

  it.each(["samples", "tasks", "history"])("answers a bad %s cursor with 400", async (what) => {
    const { key, project } = await newProject();
    const { runId, benchmarkIds } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "x", a: [1] }] }] });
    const path =
      what === "history" ? "/api/eval-runs/history/scores?cursor=" : what === "tasks" ? `/api/eval-runs/${runId}/tasks?benchmark_id=${benchmarkIds[0]}&cursor=` : `/api/eval-runs/${runId}/samples?cursor=`;
    for (const cursor of ["%25%25", "bm90LWEtbnVtYmVy"]) expectProblem(await call("GET", path + cursor, { key }), 400, "bad_request");
  });
});

describe("results: auth and isolation", () => {
  it("needs a key, and a read key is enough", async () => {
    const { key, project } = await newProject();
    const { runId } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: [{ key: "x", a: [1] }] }] });
    expectProblem(await call("GET", `/api/eval-runs/${runId}/scores`), 401, "unauthorized");
    expectProblem(await call("GET", `/api/eval-runs/${runId}/scores`, { key: "ak_wrong" }), 401, "unauthorized");
    const ro = await keyWith(key, ["read"]);
    expect((await call("GET", `/api/eval-runs/${runId}/scores`, { key: ro })).status).toBe(200);
    expect((await call("GET", `/api/trials/${attemptId(runId, 0)}`, { key: ro })).status).toBe(200);
    const keys = await call("GET", "/api/keys", { key });
    const roId = keys.body.items.find((k: any) => ro.startsWith(k.prefix)).id;
    await call("DELETE", `/api/keys/${roId}`, { key });
    expectProblem(await call("GET", `/api/eval-runs/${runId}/samples`, { key: ro }), 401, "unauthorized");
  });

  it("hides another project's run from every results route", async () => {
    const owner = await newProject();
    const { runId, benchmarkIds } = await seedRun(owner.key, owner.project.id, { benchmarks: [{ k: 1, members: [{ key: "x", a: [1] }] }] });
    const other = await newProject();
    for (const path of [
      `/api/eval-runs/${runId}/scores`,
      `/api/eval-runs/${runId}/metrics`,
      `/api/eval-runs/${runId}/samples`,
      `/api/eval-runs/${runId}/tasks?benchmark_id=${benchmarkIds[0]}`,
      `/api/eval-runs/${runId}/export?format=md`,
      `/api/eval-runs/${runId}/export?format=html`,
      `/api/trials/${attemptId(runId, 0)}`,
      `/api/trials/${attemptId(runId, 0)}?include_reward_components=true`,
    ]) {
      expectProblem(await call("GET", path, { key: other.key }), 404, "not_found");
    }
    const h = await call("GET", "/api/eval-runs/history/scores", { key: other.key });
    expect(h.body.items).toEqual([]);
    expect((await call("GET", `/api/eval-runs/history/scores?benchmark_id=${benchmarkIds[0]}`, { key: other.key })).body.items).toEqual([]);
  });
});

describe("results: OpenAPI", () => {
  it("documents every results route", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    for (const path of [
      "/api/eval-runs/history/scores",
      "/api/eval-runs/{id}/scores",
      "/api/eval-runs/{id}/metrics",
      "/api/eval-runs/{id}/samples",
      "/api/eval-runs/{id}/tasks",
      "/api/eval-runs/{id}/export",
      "/api/trials/{id}",
    ]) {
      expect(doc.paths[path]?.get, path).toBeTruthy();
    }
  });
});
