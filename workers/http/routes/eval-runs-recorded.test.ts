// Recorded outputs (issue 17): a run whose target is an outputs dataset
// revision scores those outputs with the benchmark's own scorer and calls no
// model; tasks without an output are missing (never 0); outputs matching no
// task are reported; a re-score reuses a finished run's stored outputs with
// a new spec and pairs its scores with the source's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";
import { arithmeticBenchmark, arithmeticRows, createRun, fixtureBase, fixtureStats, importRows, waitForRun } from "../../../test/runs";

async function runCount(projectId: string) {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM eval_runs WHERE project_id = ?1`).bind(projectId).first<{ n: number }>())!.n;
}

async function startAndWait(key: string, runId: string) {
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  return waitForRun(key, runId);
}

async function createOutputsRun(key: string, benchmarks: string[], target: Record<string, unknown>, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const r = await call("POST", "/api/eval-runs", { key, body: { benchmarks, target: { kind: "outputs", ...target }, options, ...extra } });
  if (r.status !== 201) throw new Error(`run create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

describe("outputs runs: happy path", { timeout: 120_000 }, () => {
  it("scores recorded outputs as attempts: missing tasks are missing, unmatched keys reported, pass@k over complete tasks", async () => {
    const { key, project } = await newProject("outputs");
    const rows = arithmeticRows(6);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    const right = (i: number) => `so #### ${rows[i]!.answer}`;
    const wrong = (i: number) => `so #### ${Number(rows[i]!.answer) + 1}`;
    // Attempts given out of file order (n orders them); q4 has one output of two; q5 and q6 none; two keys match no task.
    const outputs = [
      { task: "q1", n: 1, text: right(0) },
      { task: "q1", n: 0, text: wrong(0) },
      { task: "q2", n: 0, text: right(1) },
      { task: "q2", n: 1, text: right(1) },
      { task: "q3", n: 0, text: wrong(2) },
      { task: "q99", n: 0, text: "#### 1" },
      { task: "q3", n: 1, text: "no number" },
      { task: "q4", n: 0, text: right(3) },
      { task: "nope", n: 0, text: "#### 2" },
    ];
    const ref = await importRows(project.id, `outs-${crypto.randomUUID().slice(0, 6)}`, outputs);
    const runId = await createOutputsRun(key, [bm], { dataset: ref, key_column: "task", output_column: "text", attempt_column: "n" }, { attempts: 2 });
    const created = await call("GET", `/api/eval-runs/${runId}`, { key });
    expect(created.body).toMatchObject({ target: { kind: "outputs", dataset: ref, key_column: "task", output_column: "text", attempt_column: "n" }, recorded: true, source_run_id: null });
    expect((await startAndWait(key, runId)).status).toBe("completed");

    const scores = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    const [row] = scores.body.scores;
    // Rewards: q1 [0, 1], q2 [1, 1], q3 [0, 0], q4 [1, missing]; q5, q6 missing.
    expect(row).toMatchObject({
      status: "completed",
      target_label: `outputs ${ref}`,
      k: 2,
      member_count: 6,
      score: 4 / 7,
      pass_at_k: 2 / 3,
      pass_hat_k: 1 / 3,
      score_counts: { total: 12, scored: 7, missing: 5, invalid: 5, total_members: 6, complete_members: 3 },
      error_counts: { no_output: 5 },
      recorded: { source: "dataset", from: ref, outputs: 9, matched_tasks: 4, missing_tasks: 2, unmatched_count: 2, unmatched_keys: ["q99", "nope"], beyond_k: 0 },
    });
    expect(row.uncertainty).not.toBeNull();

    const samples = (await call("GET", `/api/eval-runs/${runId}/samples?limit=100`, { key })).body.items;
    expect(samples).toHaveLength(12);
    expect(samples.every((s: any) => s.recorded === true)).toBe(true);
    const q1 = samples.filter((s: any) => s.task_key === "q1").map((s: any) => [s.attempt_index, s.output, s.reward]);
    expect(q1).toEqual([
      [0, wrong(0), 0],
      [1, right(0), 1],
    ]);
    const missing = samples.filter((s: any) => s.reward === null);
    expect(missing.map((s: any) => `${s.task_key}/${s.attempt_index}`).sort()).toEqual(["q4/1", "q5/0", "q5/1", "q6/0", "q6/1"]);
    for (const s of missing) expect(s.error).toMatch(/^recorded output: /);
    const trial = await call("GET", `/api/trials/${samples[0].id}`, { key });
    expect(trial.body).toMatchObject({ recorded: true, tokens: { input: null, output: null } });
    const md = await call("GET", `/api/eval-runs/${runId}/export?format=md`, { key });
    expect(md.body).toContain(`outputs ${ref}: outputs recorded in dataset ${ref} (no model was called)`);
  });

  it("matches by row index without key_column, and compares with a live model as an A/B (only the live side calls the fixture)", async () => {
    const { key, project } = await newProject("outputs-ab");
    const rows = arithmeticRows(6);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    // Row i is task i's output: the first three right, the rest wrong.
    const ref = await importRows(project.id, `outs-${crypto.randomUUID().slice(0, 6)}`, rows.map((r, i) => ({ out: `#### ${i < 3 ? r.answer : "0"}` })));
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1,latency_ms=1`;
    const runId = await createOutputsRun(key, [bm], { dataset: ref, output_column: "out" }, { concurrency: 4 }, {
      compare_target: { kind: "model", provider: "openai", base_url: fixtureBase(), model },
    });
    expect((await startAndWait(key, runId)).status).toBe("completed");
    expect((await fixtureStats(model)).calls).toBe(6);
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
    const a = scores.scores.find((s: any) => s.target === "a");
    const b = scores.scores.find((s: any) => s.target === "b");
    expect(a).toMatchObject({ score: 0.5, recorded: { matched_tasks: 6, missing_tasks: 0, unmatched_count: 0 } });
    expect(b).toMatchObject({ score: 1, recorded: null });
    expect(scores.ab[0].overall).toMatchObject({ delta: 0.5, test: { name: "mcnemar", b01: 3, b10: 0 } });
    const samples = (await call("GET", `/api/eval-runs/${runId}/samples?limit=100`, { key })).body.items;
    expect(samples.filter((s: any) => s.recorded).every((s: any) => s.target === "a")).toBe(true);
    expect(samples.filter((s: any) => s.recorded)).toHaveLength(6);
  });
});

describe("outputs runs: two recorded sets compared", { timeout: 120_000 }, () => {
  it("an outputs compare_target: yesterday's outputs against today's, paired per task", async () => {
    const { key, project } = await newProject("outputs-vs-outputs");
    const rows = arithmeticRows(5);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    const before = await importRows(project.id, `before-${crypto.randomUUID().slice(0, 6)}`, rows.map((r, i) => ({ id: r.id, out: `#### ${i < 1 ? r.answer : "0"}` })));
    const after = await importRows(project.id, `after-${crypto.randomUUID().slice(0, 6)}`, rows.map((r, i) => ({ id: r.id, out: `#### ${i < 4 ? r.answer : "0"}` })));
    const runId = await createOutputsRun(key, [bm], { dataset: before, key_column: "id", output_column: "out" }, {}, {
      compare_target: { kind: "outputs", dataset: after, key_column: "id", output_column: "out" },
    });
    expect((await call("GET", `/api/eval-runs/${runId}`, { key })).body.recorded).toBe(true);
    expect((await startAndWait(key, runId)).status).toBe("completed");
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
    expect(scores.scores.map((s: any) => [s.target, s.score, s.recorded.from])).toEqual([
      ["a", 0.2, before],
      ["b", 0.8, after],
    ]);
    expect(scores.ab[0].overall).toMatchObject({ test: { name: "mcnemar", b01: 3, b10: 0 }, improvements_count: 3 });
  });
});

describe("outputs runs: validation", () => {
  it.each([
    ["an unknown dataset", (ref: string) => ({ dataset: "no-such-outputs@1", key_column: "task", output_column: "text", _ref: ref }), "target.dataset"],
    ["a missing output column", (ref: string) => ({ dataset: ref, key_column: "task", output_column: "completion" }), "target.output_column"],
    ["an absent key column", (ref: string) => ({ dataset: ref, key_column: "id", output_column: "text" }), "target.key_column"],
    ["an absent attempt column", (ref: string) => ({ dataset: ref, key_column: "task", output_column: "text", attempt_column: "try" }), "target.attempt_column"],
  ])("refuses %s with a 422 naming the field, writing nothing", async (_what, target, field) => {
    const { key, project } = await newProject("outputs-bad");
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const ref = await importRows(project.id, `outs-${crypto.randomUUID().slice(0, 6)}`, [{ task: "q1", text: "#### 5" }]);
    const { _ref, ...t } = target(ref) as Record<string, unknown>;
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body: { benchmarks: [bm], target: { kind: "outputs", ...t } } }), 422, "validation_failed");
    expect(p.errors!.map((e) => e.field)).toEqual([field]);
    expect(await runCount(project.id)).toBe(0);
  });

  it("refuses a malformed dataset ref by shape", async () => {
    const { key, project } = await newProject("outputs-bad-ref");
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body: { benchmarks: [bm], target: { kind: "outputs", dataset: "outs", output_column: "text" } } }), 422);
    expect(p.errors!.map((e) => e.field)).toContain("target.dataset");
  });
});

describe("re-scoring a finished run", { timeout: 120_000 }, () => {
  it("reuses the stored outputs with a new regex, calls no model, and pairs the two runs per task", async () => {
    const { key, project } = await newProject("rescore");
    const rows = arithmeticRows(8);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1,latency_ms=1`;
    const sourceId = await createRun(key, [bm], model, { concurrency: 4 });
    expect((await startAndWait(key, sourceId)).status).toBe("completed");
    const callsBefore = (await fixtureStats(model)).calls;
    expect(callsBefore).toBe(8);

    // Only the first digit: right only where the answer has one digit.
    const scoring = { type: "regex", pattern: "#### (\\d)" };
    const r = await call("POST", `/api/eval-runs/${sourceId}/rescore`, { key, body: { scoring } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: "queued", source_run_id: sourceId, rescore_scoring: scoring, recorded: true, benchmarks: [bm] });
    const rescoreId = r.body.id as string;
    expect((await waitForRun(key, rescoreId)).status).toBe("completed");
    expect((await fixtureStats(model)).calls).toBe(callsBefore);

    const single = rows.filter((x) => x.answer.length === 1).length;
    expect(single).toBeGreaterThan(0);
    expect(single).toBeLessThan(8);
    const [row] = (await call("GET", `/api/eval-runs/${rescoreId}/scores`, { key })).body.scores;
    expect(row).toMatchObject({ score: single / 8, k: 1, member_count: 8, recorded: { source: "run", from: sourceId, outputs: 8, matched_tasks: 8, missing_tasks: 0 } });
    expect(row.source).toMatchObject({ run_id: sourceId, score: 1, comparable: true, delta: single / 8 - 1 });
    expect(row.source.paired).toMatchObject({ test: { name: "mcnemar", b01: 0, b10: 8 - single }, regressions_count: 8 - single });
    expect(row.source.paired.test.p_value).toBeLessThan(0.05);

    const src = (await call("GET", `/api/eval-runs/${sourceId}/samples?limit=100`, { key })).body.items;
    const again = (await call("GET", `/api/eval-runs/${rescoreId}/samples?limit=100`, { key })).body.items;
    expect(again.map((s: any) => [s.task_key, s.output])).toEqual(src.map((s: any) => [s.task_key, s.output]));
    expect(again.every((s: any) => s.recorded)).toBe(true);
    expect(src.some((s: any) => s.recorded)).toBe(false);
    const md = await call("GET", `/api/eval-runs/${rescoreId}/export?format=md`, { key });
    expect(md.body).toContain(`outputs recorded by run ${sourceId}, re-scored (no model was called)`);
  });

  it("refuses a bad spec, a benchmark the source lacks and a run that has not ended, writing nothing", async () => {
    const { key, project } = await newProject("rescore-bad");
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const other = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const draft = await createRun(key, [bm], "fixture-x");
    expectProblem(await call("POST", `/api/eval-runs/${draft}/rescore`, { key, body: { scoring: { type: "exact_match" } } }), 409, "conflict");
    await env.DB.prepare(`UPDATE eval_runs SET status = 'completed' WHERE id = ?1`).bind(draft).run();
    const before = await runCount(project.id);
    const bad = expectProblem(await call("POST", `/api/eval-runs/${draft}/rescore`, { key, body: { scoring: { type: "regex", pattern: "(?=x)" } } }), 422);
    expect(bad.errors!.map((e) => e.field)).toContain("scoring.pattern");
    const notIn = expectProblem(await call("POST", `/api/eval-runs/${draft}/rescore`, { key, body: { benchmarks: [other], scoring: { type: "exact_match" } } }), 422);
    expect(notIn.errors!.map((e) => e.field)).toEqual(["benchmarks.0"]);
    const judge = expectProblem(await call("POST", `/api/eval-runs/${draft}/rescore`, { key, body: { scoring: { type: "llm_judge", criteria: "is it right?" } } }), 422);
    expect(judge.errors!.map((e) => e.field)).toContain("judge");
    expectProblem(await call("POST", `/api/eval-runs/run_nope/rescore`, { key, body: { scoring: { type: "exact_match" } } }), 404);
    expect(await runCount(project.id)).toBe(before);
  });
});
