import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

describe("execution end to end", { timeout: 120_000 }, () => {
  it("runs every attempt once, scores it, and completes", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(10));
    // A fixed name and seed: the fixture's draws are salted by them, so the mix of right and wrong is the same every
    // run (8 of the 10 tasks right, each twice). A random seed put all 10 right about one run in 36.
    const model = "fixture-execute-completes:accuracy=0.7,latency_ms=5,seed=7";
    const runId = await createRun(key, [bm], model, { attempts: 2, concurrency: 3 });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const p = await waitForRun(key, runId);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 20, total_attempts: 20, scored_attempts: 20 });
    const rows = await attemptsOf(runId);
    expect(rows).toHaveLength(20);
    expect(rows.every((r: any) => r.status === "succeeded" && (r.reward === 0 || r.reward === 1))).toBe(true);
    const right = rows.filter((r: any) => r.reward === 1).length;
    expect(right).toBe(16);
    const stats = await fixtureStats(model);
    expect(stats.calls).toBe(20);
    expect(stats.max_in_flight).toBeLessThanOrEqual(3);
    const logs = (await call("GET", `/api/eval-runs/${runId}/logs`, { key })).body;
    expect(logs.items.map((l: any) => l.event)).toEqual(expect.arrayContaining(["queued", "planned", "started", "finished"]));
  });

  it("survives 429s, 500s and timeouts: every attempt terminal, none counted twice, concurrency held", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(20));
    const model = "fixture-execute-faults:rate_429=0.2,rate_500=0.1,timeout_rate=0.05,hang_ms=3000,latency_ms=10";
    const runId = await createRun(key, [bm], model, { concurrency: 4, timeout_s: 1 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId, 120_000);
    expect(p.status).toBe("completed");
    expect(p.terminal_attempts).toBe(20);
    const rows = await attemptsOf(runId);
    expect(new Set(rows.map((r: any) => r.seq)).size).toBe(20);
    expect(rows.every((r: any) => ["succeeded", "failed", "timed_out"].includes(r.status))).toBe(true);
    // Retried faults still end in a verdict for most attempts; the ones that gave up carry their error.
    for (const r of rows.filter((r: any) => r.status !== "succeeded")) expect(r.error).toBeTruthy();
    expect(rows.some((r: any) => r.tries > 1)).toBe(true);
    const stats = await fixtureStats(model);
    expect(stats.max_in_flight).toBeLessThanOrEqual(4);
    const logs = JSON.stringify((await call("GET", `/api/eval-runs/${runId}/logs?limit=1000`, { key })).body);
    expect(logs).toContain("retry");
    expect(logs).not.toContain("sk-test-planted-secret-7731");
  });

  it("fails a benchmark whose scorer cannot work instead of scoring it 0", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(3));
    const ref = (await call("GET", `/api/benchmarks/${bm}`, { key })).body.dataset;
    const judged = await call("POST", "/api/benchmarks", {
      key,
      body: { name: `judged-${uniq()}`, dataset: ref, prompt_column: "question", answer_column: "answer", scoring: { type: "llm_judge", criteria: "correct sum" } },
    });
    const runId = await createRun(key, [bm, judged.body.id], `fixture-${uniq()}`);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId);
    expect(p.status).toBe("failed");
    const failed = p.benchmarks.find((b: any) => b.benchmark_id === judged.body.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 0 });
    expect(failed.error).toMatch(/judge/);
    expect(p.benchmarks.find((b: any) => b.benchmark_id === bm)).toMatchObject({ status: "completed", attempts: 3 });
    const rows = await attemptsOf(runId);
    expect(rows.every((r: any) => r.benchmark_id === bm)).toBe(true);
    const run = (await call("GET", `/api/eval-runs/${runId}`, { key })).body;
    expect(run.error).toMatch(/judge/);
  });

  it("ends an attempt at once on a permanent error (401) with its error, scrubbed", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const model = `fixture-${uniq()}:status=401`;
    const runId = await createRun(key, [bm], model);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    // Nothing was scored: the run is failed with the reason, not completed (issue 21).
    expect((await waitForRun(key, runId)).status).toBe("failed");
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => [r.status, r.tries, r.reward])).toEqual([
      ["failed", 1, null],
      ["failed", 1, null],
    ]);
    expect(rows[0].error).toMatch(/401/);
    expect(JSON.stringify(rows)).not.toContain("sk-test-planted-secret-7731");
    expect((await fixtureStats(model)).calls).toBe(2);
  });

  it("runs both targets of an A/B run on every task", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(4));
    const a = `fixture-${uniq()}:accuracy=1`;
    const b = `fixture-${uniq()}:accuracy=0`;
    const runId = await createRun(key, [bm], a, {}, { compare_target: { kind: "model", provider: "openai", base_url: `${(await import("../../test/runs")).fixtureBase()}`, model: b } });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect((await waitForRun(key, runId)).status).toBe("completed");
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => `${r.member_key}/${r.target}/${r.reward}`).sort()).toEqual(
      ["q1", "q2", "q3", "q4"].flatMap((q) => [`${q}/a/1`, `${q}/b/0`]).sort(),
    );
  });
});
