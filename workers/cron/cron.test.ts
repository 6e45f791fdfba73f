import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedBenchmark } from "../../test/benchmarks";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, waitForRun } from "../../test/runs";
import { cronPass, passFail, syntheticRun } from "../../test/synthetic-runs";
import { DEFAULT_LIMITS } from "./budget";
import { runCronPass } from "./index";
import { MAX_SWEEPS, staleAfterMs } from "./sweeper";

const uniq = () => crypto.randomUUID().slice(0, 8);
const gate = (runId: string) => env.RUN_GATE.get(env.RUN_GATE.idFromName(runId));
const status = async (runId: string) => (await env.DB.prepare(`SELECT status FROM eval_runs WHERE id = ?1`).bind(runId).first<{ status: string }>())!.status;
const logs = async (key: string, runId: string) => JSON.stringify((await call("GET", `/api/eval-runs/${runId}/logs?limit=1000`, { key })).body);
const pending = async () => (await env.DB.prepare(`SELECT count(*) AS n FROM run_finishes`).first<{ n: number }>())!.n;

/** A completed run against the fixture, with its key. */
async function finishedRun(tasks = 6) {
  const { key, project } = await newProject();
  const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(tasks));
  const runId = await createRun(key, [bm], `fixture-${uniq()}:accuracy=1`, { timeout_s: 5 });
  await call("POST", `/api/eval-runs/${runId}/start`, { key });
  expect((await waitForRun(key, runId)).status).toBe("completed");
  return { key, project, bm, runId };
}

/** Puts a finished run back to running, as if its end had never been recorded (nor its gate told of it). */
async function reopen(runId: string) {
  await env.DB.prepare(`UPDATE eval_runs SET status = 'running', finished_at = NULL WHERE id = ?1`).bind(runId).run();
  await env.DB.prepare(`UPDATE run_benchmarks SET status = 'running' WHERE run_id = ?1`).bind(runId).run();
  await env.RUN_GATE.get(env.RUN_GATE.idFromName(runId)).resume();
}

describe("cron: finished runs", { timeout: 120_000 }, () => {
  it("sees every way a run ends, scores completed and failed runs once, and empties its outbox", async () => {
    const { key, project, runId } = await finishedRun(3);
    const bm = await seedBenchmark(project.id);
    const failed = await syntheticRun({ projectId: project.id, model: "m", status: "failed", benchmarks: [{ benchmarkId: bm, rewards: passFail(4, 1) }] });
    const stopped = await createRun(key, [bm], `fixture-${uniq()}`);
    await env.DB.prepare(`UPDATE eval_runs SET status = 'running' WHERE id = ?1`).bind(stopped).run();
    expect((await call("POST", `/api/eval-runs/${stopped}/stop`, { key })).status).toBe(200);
    const finishes = await env.DB.prepare(`SELECT run_id, status FROM run_finishes WHERE run_id IN (?1, ?2, ?3) ORDER BY id`).bind(runId, failed, stopped).all();
    expect(finishes.results).toEqual([
      { run_id: runId, status: "completed" },
      { run_id: failed, status: "failed" },
      { run_id: stopped, status: "cancelled" },
    ]);
    await cronPass();
    expect(await pending()).toBe(0);
    const scores = await env.DB.prepare(`SELECT run_id, run_status, score, scored, missing FROM run_scores WHERE project_id = ?1 ORDER BY run_status`).bind(project.id).all();
    expect(scores.results).toEqual([
      { run_id: runId, run_status: "completed", score: 1, scored: 3, missing: 0 },
      { run_id: failed, run_status: "failed", score: 0.25, scored: 4, missing: 0 },
    ]);
    await cronPass();
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM run_scores WHERE project_id = ?1`).bind(project.id).first<{ n: number }>())!.n).toBe(2);
  });

  it("handles finishes within the pass's limits, the rest on later passes", async () => {
    const { project } = await newProject();
    const bm = await seedBenchmark(project.id);
    await cronPass();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await syntheticRun({ projectId: project.id, model: `m${i}`, benchmarks: [{ benchmarkId: bm, rewards: passFail(3, i) }] }));
    const one = { ...DEFAULT_LIMITS, finishes: 1 };
    const first = await runCronPass(env, new Date(), one);
    expect(first.finishes).toMatchObject({ handled: 1, scored: 1, errors: 0 });
    expect(await pending()).toBe(2);
    await runCronPass(env, new Date(), one);
    await runCronPass(env, new Date(), one);
    expect(await pending()).toBe(0);
    const rows = await env.DB.prepare(`SELECT run_id FROM run_scores WHERE project_id = ?1`).bind(project.id).all<{ run_id: string }>();
    expect(rows.results.map((r) => r.run_id).sort()).toEqual([...ids].sort());
    // A row budget already spent leaves finishes for the next pass.
    await syntheticRun({ projectId: project.id, model: "late", benchmarks: [{ benchmarkId: bm, rewards: passFail(3, 3) }] });
    const starved = await runCronPass(env, new Date(), { ...DEFAULT_LIMITS, rows: 0 });
    expect(starved.finishes).toMatchObject({ handled: 0 });
    expect(await pending()).toBe(1);
  });
});

describe("cron: the sweeper", { timeout: 120_000 }, () => {
  it("leaves a progressing run alone and finishes a run whose last attempt landed without closing it", async () => {
    const { key, runId } = await finishedRun();
    await reopen(runId);
    const t0 = Date.now();
    await cronPass(t0);
    await cronPass(t0 + staleAfterMs({ timeout_s: 5 }) - 1000);
    expect(await status(runId)).toBe("running");
    await cronPass(t0 + staleAfterMs({ timeout_s: 5 }) + 1000);
    expect(await status(runId)).toBe("completed");
    expect(await logs(key, runId)).toContain("every attempt had ended but the run was still open");
  });

  it("finishes a run whose tally lost settles, trusting the attempt rows", async () => {
    const { runId } = await finishedRun();
    await reopen(runId);
    await gate(runId).setCounts({ terminal: 2 });
    const t0 = Date.now();
    await cronPass(t0);
    await cronPass(t0 + staleAfterMs({ timeout_s: 5 }) + 1000);
    expect(await status(runId)).toBe("completed");
  });

  it("re-sends attempts whose messages were lost; the consumer runs each once and the run completes", async () => {
    const { key, runId } = await finishedRun(6);
    const before = await attemptsOf(runId);
    await env.DB.prepare(`DELETE FROM attempts WHERE run_id = ?1 AND seq IN (1, 4)`).bind(runId).run();
    await reopen(runId);
    await gate(runId).setCounts({ terminal: 4 });
    const t0 = Date.now();
    await cronPass(t0);
    const report = await runCronPass(env, new Date(t0 + staleAfterMs({ timeout_s: 5 }) + 1000));
    expect(report.sweep).toMatchObject({ stale: 1, resent: 2 });
    expect((await waitForRun(key, runId)).status).toBe("completed");
    const after = await attemptsOf(runId);
    expect(after.map((a: any) => a.seq)).toEqual(before.map((a: any) => a.seq));
    expect(after.every((a: any) => a.reward === 1)).toBe(true);
    expect(await logs(key, runId)).toContain("re-sent 2 open attempts");
  });

  it("sends a lost plan step again", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(3));
    const runId = await createRun(key, [bm], `fixture-${uniq()}:accuracy=1`, { timeout_s: 5 });
    // Queued, but the plan message never arrived.
    await env.DB.prepare(`UPDATE eval_runs SET status = 'queued', queued_at = ?2 WHERE id = ?1`).bind(runId, new Date().toISOString()).run();
    const t0 = Date.now();
    await cronPass(t0);
    await cronPass(t0 + staleAfterMs({ timeout_s: 5 }) + 1000);
    expect((await waitForRun(key, runId)).status).toBe("completed");
    expect(await logs(key, runId)).toContain("sending the plan step again");
  });

  it(`gives attempts up as timed_out after ${MAX_SWEEPS} rounds of re-sending, without a reward, and ends the run`, async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    // Tasks 3 and 4 never ended; their re-sent messages cannot get them anywhere.
    const runId = await syntheticRun({ projectId: project.id, model: "stuck", status: "running", timeoutS: 1, benchmarks: [{ benchmarkId: bm, rewards: [[1], [0], [], []] }] });
    await gate(runId).setCounts({ total: 4, terminal: 2 });
    const t0 = Date.now();
    await cronPass(t0);
    await env.DB.prepare(`UPDATE run_watch SET sweeps = ?2 WHERE run_id = ?1`).bind(runId, MAX_SWEEPS).run();
    const report = await runCronPass(env, new Date(t0 + staleAfterMs({ timeout_s: 1 }) + 1000));
    expect(report.sweep).toMatchObject({ stale: 1, given_up: 2, resent: 0 });
    expect(await status(runId)).toBe("completed");
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => [r.seq, r.status, r.reward])).toEqual([
      [0, "succeeded", 1],
      [1, "succeeded", 0],
      [2, "timed_out", null],
      [3, "timed_out", null],
    ]);
    expect(rows[2].error).toMatch(/no progress/);
    expect(rows[2].member_key).toBe("t3");
    expect(await logs(key, runId)).toContain("gave up on 2 attempts");
  });
});
