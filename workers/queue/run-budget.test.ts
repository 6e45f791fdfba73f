/**
 * Budgets end to end: runs against the fixture model (which reports usage)
 * through the real queue and RunGate, stopped by their budget with exact
 * coverage, every call counted once, and refusals at create.
 */
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);
const sum = (rows: any[], col: string) => rows.reduce((n, r) => n + (r[col] ?? 0), 0);

async function runToEnd(key: string, runId: string) {
  const start = await call("POST", `/api/eval-runs/${runId}/start`, { key });
  expect(start.status).toBe(202);
  await waitForRun(key, runId, 90_000);
  const run = (await call("GET", `/api/eval-runs/${runId}`, { key })).body;
  const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
  return { run, scores, rows: await attemptsOf(runId) };
}

describe("run budgets", { timeout: 150_000 }, () => {
  it("an output-token budget stops the run: cancelled as budget_exhausted, what was scored exactly, the rest missing, each call counted once", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(30));
    const model = `fixture-${uniq()}`;
    // Each call reserves its max_output_tokens (16); 30 replies of ~5 tokens would need ~150.
    const runId = await createRun(key, [bm], model, { concurrency: 4, max_output_tokens: 16, budget: { max_output_tokens: 100 } });
    const { run, scores, rows } = await runToEnd(key, runId);

    expect(run).toMatchObject({ status: "cancelled", stop_reason: "budget_exhausted", budget_report: { exhausted_by: "max_output_tokens", limits: { max_output_tokens: 100 } } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    // Every admitted call landed and was recorded, once: the fixture saw exactly one call per row.
    expect((await fixtureStats(model)).calls).toBe(rows.length);
    expect(new Set(rows.map((r: any) => r.seq)).size).toBe(rows.length);
    // The gate counted what the rows hold, and a call reserving its output ceiling never passes an output limit.
    expect(run.budget_report.spent).toEqual({ input_tokens: sum(rows, "input_tokens"), output_tokens: sum(rows, "output_tokens"), cost_usd: 0 });
    expect(run.budget_report.spent.output_tokens).toBeLessThanOrEqual(100);
    // Coverage: what was scored, and the attempts never sent are missing, not 0.
    const scored = rows.filter((r: any) => r.reward !== null).length;
    expect(scores.scores[0].score_counts).toMatchObject({ total: 30, scored, missing: 30 - scored });
    expect(scores.scores[0].score).toBe(1);
    const logs = (await call("GET", `/api/eval-runs/${runId}/logs`, { key })).body;
    expect(JSON.stringify(logs)).toContain("budget_exhausted");
  });

  it("resume starts the budget over from the rewarded attempts: the run stops again within the same limit, no call counted twice", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(20));
    const model = `fixture-${uniq()}`;
    const runId = await createRun(key, [bm], model, { concurrency: 2, max_output_tokens: 16, budget: { max_output_tokens: 60 } });
    const first = await runToEnd(key, runId);
    expect(first.run.stop_reason).toBe("budget_exhausted");
    expect((await call("POST", `/api/eval-runs/${runId}/resume`, { key })).status).toBe(202);
    await waitForRun(key, runId, 90_000, (p: any) => p.status === "cancelled" || p.status === "completed" || p.status === "failed");
    const run = (await call("GET", `/api/eval-runs/${runId}`, { key })).body;
    const rows = await attemptsOf(runId);
    expect(run).toMatchObject({ status: "cancelled", stop_reason: "budget_exhausted" });
    expect(rows.length).toBeGreaterThanOrEqual(first.rows.length);
    expect(rows.length).toBeLessThan(20);
    expect((await fixtureStats(model)).calls).toBe(rows.length);
    expect(run.budget_report.spent.output_tokens).toBe(sum(rows, "output_tokens"));
    expect(run.budget_report.spent.output_tokens).toBeLessThanOrEqual(60);
  });

  it("a cost budget at the target's price, one call at a time: stops before passing the limit (the fixture's input count is the estimate's)", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(12));
    const price = { input_per_mtok: 1000, output_per_mtok: 2000 };
    const runId = await createRun(key, [bm], `fixture-${uniq()}`, { concurrency: 1, max_output_tokens: 20, budget: { max_cost_usd: 0.25 } }, {
      target: { kind: "model", provider: "openai", base_url: (await import("../../test/runs")).fixtureBase(), model: `fixture-${uniq()}`, price },
    });
    const { run, rows } = await runToEnd(key, runId);
    expect(run).toMatchObject({ status: "cancelled", stop_reason: "budget_exhausted", budget_report: { exhausted_by: "max_cost_usd" } });
    const cost = sum(rows, "cost");
    expect(run.budget_report.spent.cost_usd).toBeCloseTo(cost, 12);
    expect(cost).toBeLessThanOrEqual(0.25);
    // One more call at its ceiling would have passed the limit: the run did not stop early for nothing.
    const perCall = rows[0].input_tokens * 1000e-6 + 20 * 2000e-6;
    // (the next prompt may differ from the first by a token or two)
    expect(cost + perCall + 0.005).toBeGreaterThan(0.25);
    expect(rows.length).toBeLessThan(12);
  });

  it("a budget the run stays within changes nothing: completed, every attempt scored", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(4));
    const runId = await createRun(key, [bm], `fixture-${uniq()}`, { concurrency: 2, max_output_tokens: 16, budget: { max_output_tokens: 1000, max_input_tokens: 100_000 } });
    const { run, scores } = await runToEnd(key, runId);
    expect(run).toMatchObject({ status: "completed", stop_reason: null, budget_report: null });
    expect(scores.scores[0].score_counts).toMatchObject({ total: 4, scored: 4 });
  });

  it("refuses a cost limit without a price (at create and at an edit) and an empty budget, naming the setting", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const noPrice = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" }, options: { budget: { max_cost_usd: 1 } } },
    });
    expect(noPrice.status).toBe(422);
    expect(noPrice.body.errors).toEqual([expect.objectContaining({ field: "options.budget.max_cost_usd", message: expect.stringContaining("no price known for target's model") })]);
    const empty = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" }, options: { budget: {} } },
    });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain("budget");
    // A draft that had a price, edited to drop it, is refused at the edit.
    const draft = await createRun(key, [bm], "m", { budget: { max_cost_usd: 1 } }, { target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m", price: { input_per_mtok: 1, output_per_mtok: 1 } } });
    const edit = await call("PATCH", `/api/eval-runs/${draft}`, { key, body: { target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" } } });
    expect(edit.status).toBe(422);
    expect(edit.body.errors[0].field).toBe("options.budget.max_cost_usd");
  });
});
