/**
 * Recovery after a restart: a run whose queued work died with the stack
 * (its work last seen by another boot, the holder with it, the messages
 * never delivered) is re-dispatched by the next cron pass and completes with
 * every attempt once, each with the tries it had; a live run's messages in
 * flight are left alone, and so is a run whose gate was merely evicted.
 */
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";
import type { Env } from "../env";
import { runCronPass } from "./index";

const uniq = () => crypto.randomUUID().slice(0, 8);
const gate = (runId: string) => env.RUN_GATE.get(env.RUN_GATE.idFromName(runId));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("cron: recovery of lost work", { timeout: 120_000 }, () => {
  it("re-dispatches the attempts of a run whose messages and holder died with the stack; each runs once and the run completes", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(8));
    const model = `fixture-${uniq()}:accuracy=1`;
    const runId = await createRun(key, [bm], model, { concurrency: 4, timeout_s: 5 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect((await waitForRun(key, runId)).status).toBe("completed");
    const calls = (await fixtureStats(model)).calls;

    // As the stack was when killed: running, four attempts ended, two claimed by a consumer that died with it
    // (its lease running long), two more planned whose queue messages were in memory. None of the four will ever arrive.
    await env.DB.prepare(`DELETE FROM attempts WHERE run_id = ?1 AND seq IN (1, 2, 5, 6)`).bind(runId).run();
    await env.DB.prepare(`UPDATE eval_runs SET status = 'running', finished_at = NULL, error = NULL WHERE id = ?1`).bind(runId).run();
    await env.DB.prepare(`UPDATE run_benchmarks SET status = 'running' WHERE run_id = ?1`).bind(runId).run();
    await gate(runId).setCounts({ terminal: 5 }); // one settle landed in the gate but its row did not: D1 decides
    await gate(runId).resume(); // the stack died before the end: its gate was never told of one
    await gate(runId).claim({ holder: "consumer-killed", until: Date.now() + 600_000, boot: "test-stack", attempts: [{ seq: 1, tries: 0 }, { seq: 2, tries: 0 }], want: 2, limit: 4 });

    // Before the restart the holder is alive: nothing is taken for lost, and an eviction of the gate changes nothing.
    expect((await runCronPass(env as unknown as Env, new Date())).recovery).toEqual({ recovered: 0, resent: 0, replanned: 0, finalized: 0 });
    await evictDurableObject(gate(runId));
    expect((await runCronPass(env as unknown as Env, new Date())).recovery).toEqual({ recovered: 0, resent: 0, replanned: 0, finalized: 0 });

    // The restart: a new boot of the stack; the old one's holders and queues are gone, the gate's storage stays.
    const pass = await runCronPass({ ...(env as unknown as Env), ASSAY_STACK_BOOT: "test-stack-restarted" }, new Date());
    expect(pass.recovery).toEqual({ recovered: 1, resent: 4, replanned: 0, finalized: 0 });
    const p = await waitForRun(key, runId);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 8, scored_attempts: 8 });
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows.every((r: any) => r.reward === 1 && r.tries === 1)).toBe(true);
    // Only the four lost attempts called the model again, once each.
    expect((await fixtureStats(model)).calls - calls).toBe(4);
    expect(JSON.stringify((await call("GET", `/api/eval-runs/${runId}/logs?limit=1000`, { key })).body)).toContain("re-sent 4 attempts without a result");

    // The next pass finds nothing more to do.
    expect((await runCronPass(env as unknown as Env, new Date())).recovery).toMatchObject({ recovered: 0 });
  });

  it("resume of a run stuck after a restart recovers it at once (202) instead of answering 409; of a live run it is still 409", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(4));
    const runId = await createRun(key, [bm], `fixture-${uniq()}`, { timeout_s: 5 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect((await waitForRun(key, runId)).status).toBe("completed");
    await env.DB.prepare(`DELETE FROM attempts WHERE run_id = ?1 AND seq IN (0, 3)`).bind(runId).run();
    await env.DB.prepare(`UPDATE eval_runs SET status = 'running', finished_at = NULL WHERE id = ?1`).bind(runId).run();
    await env.DB.prepare(`UPDATE run_benchmarks SET status = 'running' WHERE run_id = ?1`).bind(runId).run();
    await gate(runId).setCounts({ terminal: 2 });
    await gate(runId).resume(); // the stack died before the end: its gate was never told of one
    expect((await call("POST", `/api/eval-runs/${runId}/resume`, { key })).status).toBe(409); // alive: its work may be in flight
    await evictDurableObject(gate(runId));
    expect((await call("POST", `/api/eval-runs/${runId}/resume`, { key })).status).toBe(409); // evicted, still this stack's
    // As a stack before a restart left it: its work last seen under another boot.
    await gate(runId).markWork("test-stack-before");
    const r = await call("POST", `/api/eval-runs/${runId}/resume`, { key });
    expect([r.status, r.body]).toEqual([202, { id: runId, status: "running" }]);
    expect(await waitForRun(key, runId)).toMatchObject({ status: "completed", terminal_attempts: 4, scored_attempts: 4 });
    expect((await attemptsOf(runId)).map((x: any) => x.seq)).toEqual([0, 1, 2, 3]);
  });

  it("leaves a live run alone: messages in flight are never re-dispatched while the stack lives", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(12));
    const model = `fixture-${uniq()}:latency_ms=300`;
    const runId = await createRun(key, [bm], model, { concurrency: 2 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    await waitForRun(key, runId, 30_000, (x) => x.planned_attempts === 12);
    // Ten attempts wait in the queue with no holder while two run: passes during the run re-send nothing.
    for (let i = 0; i < 3; i++) {
      expect((await runCronPass(env as unknown as Env, new Date())).recovery).toMatchObject({ recovered: 0, resent: 0 });
      await sleep(300);
    }
    expect((await waitForRun(key, runId)).status).toBe("completed");
    expect((await fixtureStats(model)).calls).toBe(12);
  });

  it("a restart that lost only the finish ends the run; one that lost the plan step sends it again", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(3));
    const done = await createRun(key, [bm], `fixture-${uniq()}`, { timeout_s: 5 });
    await call("POST", `/api/eval-runs/${done}/start`, { key });
    expect((await waitForRun(key, done)).status).toBe("completed");
    await env.DB.prepare(`UPDATE eval_runs SET status = 'running', finished_at = NULL WHERE id = ?1`).bind(done).run();
    await env.DB.prepare(`UPDATE run_benchmarks SET status = 'running' WHERE run_id = ?1`).bind(done).run();
    await gate(done).setCounts({ terminal: 2 });
    await gate(done).resume();

    const queued = await createRun(key, [bm], `fixture-${uniq()}`, { timeout_s: 5 });
    // Started: the plan step's message was in memory when the stack died, before it ran past marking the gate.
    await env.DB.prepare(`UPDATE eval_runs SET status = 'queued', queued_at = ?2 WHERE id = ?1`).bind(queued, new Date().toISOString()).run();
    // Both as a stack before a restart left them: their work last seen under another boot.
    await gate(queued).markWork("test-stack-before");
    await gate(done).markWork("test-stack-before");
    const pass = await runCronPass(env as unknown as Env, new Date());
    expect(pass.recovery).toMatchObject({ recovered: 2, replanned: 1, finalized: 1 });
    expect((await call("GET", `/api/eval-runs/${done}`, { key })).body.status).toBe("completed");
    expect((await waitForRun(key, queued)).status).toBe("completed");
    expect((await attemptsOf(queued)).map((r: any) => r.seq)).toEqual([0, 1, 2]);
  });
});
