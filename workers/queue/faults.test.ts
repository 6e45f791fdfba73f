/**
 * Delivery faults: duplicate messages, a consumer that dies mid-batch, stop
 * mid-run and resume. Runs the real queue in workerd against the fixture.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";
import type { Env } from "../env";
import { handleQueue } from "./consumer";

const uniq = () => crypto.randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rewards by seq, for comparing two runs of the same tasks. */
const rewardsOf = async (runId: string) => Object.fromEntries((await attemptsOf(runId)).map((r: any) => [r.seq, r.reward]));

describe("delivery faults", { timeout: 120_000 }, () => {
  it("a duplicated message never executes or counts an attempt twice", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(12));
    const model = `fixture-${uniq()}:latency_ms=150`;
    const runId = await createRun(key, [bm], model, { concurrency: 4 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    await waitForRun(key, runId, 30_000, (p) => p.planned_attempts === 12);
    // Every attempt delivered three times more, on both attempt queues (so two invocations hold copies at once):
    // while it may still be running, and after.
    const dupes = Array.from({ length: 12 }, (_, seq) => ({ body: { kind: "attempt", run_id: runId, seq, tries: 0 } }));
    await env.ATTEMPTS.sendBatch(dupes);
    await env.ATTEMPTS_2.sendBatch(dupes);
    const p = await waitForRun(key, runId);
    await env.ATTEMPTS.sendBatch(dupes);
    await sleep(2500);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 12, scored_attempts: 12 });
    expect((await attemptsOf(runId)).map((r: any) => r.seq)).toEqual([...Array(12).keys()]);
    expect((await fixtureStats(model)).calls).toBe(12);
    expect((await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body.terminal_attempts).toBe(12);
  });

  it("a consumer that dies mid-batch loses nothing and counts nothing twice when the batch is redelivered", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(5));
    const model = `fixture-${uniq()}`;
    const runId = await createRun(key, [bm], model, { concurrency: 5 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    await waitForRun(key, runId); // the real queue runs it to the end
    const before = await rewardsOf(runId);

    // Deliver the same five attempts again to a consumer whose writes die, as if the isolate were killed.
    const messages = Array.from({ length: 5 }, (_, seq) => ({ id: `m${seq}`, timestamp: new Date(), attempts: 2, body: { kind: "attempt", run_id: runId, seq, tries: 0 } }));
    const dying = { ...(env as unknown as Env), DB: new Proxy(env.DB, { get: (t, p) => (p === "batch" ? () => Promise.reject(new Error("isolate killed")) : Reflect.get(t, p, t).bind?.(t) ?? Reflect.get(t, p, t)) }) };
    const batch1 = createMessageBatch("assay-attempts", messages);
    await expect(handleQueue(batch1, dying)).resolves.toBeUndefined();
    // Already-ended attempts are recognised before any model call or write.
    const r1 = await getQueueResult(batch1, createExecutionContext());
    expect(r1.explicitAcks.sort()).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect((await fixtureStats(model)).calls).toBe(5);
    expect(await rewardsOf(runId)).toEqual(before);
  });

  it("a crash between the model calls and the writes leaves the messages to be redelivered, then counts each once", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(4));
    const model = `fixture-${uniq()}`;
    const runId = await createRun(key, [bm], model, { concurrency: 4 });
    // A run that is running but whose attempt messages we deliver by hand: plan it, then drop the queue's copies by stopping delivery.
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId);
    expect(p.status).toBe("completed");
    // Reopen it as if the writes of its last batch had been lost: delete the rows, re-arm, redeliver to a dying consumer, then a healthy one.
    await env.DB.prepare(`DELETE FROM attempts WHERE run_id = ?1`).bind(runId).run();
    await env.DB.prepare(`UPDATE eval_runs SET status = 'running', finished_at = NULL WHERE id = ?1`).bind(runId).run();
    await env.RUN_GATE.get(env.RUN_GATE.idFromName(runId)).setCounts({ terminal: 0, total: 4 });
    await env.RUN_GATE.get(env.RUN_GATE.idFromName(runId)).resume(); // its gate, told of the end, is told it never came
    const messages = Array.from({ length: 4 }, (_, seq) => ({ id: `m${seq}`, timestamp: new Date(), attempts: 1, body: { kind: "attempt", run_id: runId, seq, tries: 0 } }));
    const dying = { ...(env as unknown as Env), DB: new Proxy(env.DB, { get: (t, p) => (p === "batch" ? () => Promise.reject(new Error("isolate killed")) : Reflect.get(t, p, t).bind?.(t) ?? Reflect.get(t, p, t)) }) };
    const batch1 = createMessageBatch("assay-attempts", messages);
    await expect(handleQueue(batch1, dying)).rejects.toThrow("isolate killed");
    const r1 = await getQueueResult(batch1, createExecutionContext());
    expect(r1.explicitAcks).toEqual([]); // nothing acknowledged: the queue redelivers all four
    expect(await attemptsOf(runId)).toEqual([]);

    const batch2 = createMessageBatch("assay-attempts", messages.map((m) => ({ ...m, attempts: 2 })));
    await handleQueue(batch2, env as unknown as Env);
    const r2 = await getQueueResult(batch2, createExecutionContext());
    expect(r2.explicitAcks.sort()).toEqual(["m0", "m1", "m2", "m3"]);
    expect((await attemptsOf(runId)).map((r: any) => r.seq)).toEqual([0, 1, 2, 3]);
    expect((await call("GET", `/api/eval-runs/${runId}`, { key })).body.status).toBe("completed");
  });

  it("stop cancels promptly; finished attempts keep their rewards; nothing lands afterwards", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(30));
    const model = `fixture-${uniq()}:latency_ms=200`;
    const runId = await createRun(key, [bm], model, { concurrency: 2 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    await waitForRun(key, runId, 60_000, (p) => p.terminal_attempts >= 4);
    const stop = await call("POST", `/api/eval-runs/${runId}/stop`, { key });
    expect([stop.status, stop.body.status]).toEqual([200, "cancelled"]);
    const stoppedAt = stop.body.finished_at as string;
    const atStop = await rewardsOf(runId);
    await sleep(1500);
    const rows = await attemptsOf(runId);
    // What had ended before the stop is kept as it was; what ended after it never counts.
    for (const [seq, reward] of Object.entries(atStop)) expect(rows.find((r: any) => r.seq === Number(seq))?.reward).toBe(reward);
    for (const r of rows) expect(r.finished_at <= stoppedAt).toBe(true);
    expect(rows.length).toBeLessThan(30);
    const p = (await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body;
    expect(p).toMatchObject({ status: "cancelled", terminal_attempts: 30, scored_attempts: rows.length });
    expect(p.counts.cancelled).toBe(30 - rows.length);
    // Promptly: within a moment of the stop the model sees no new calls.
    const calls = (await fixtureStats(model)).calls;
    await sleep(1000);
    expect((await fixtureStats(model)).calls).toBe(calls);
    expect(calls).toBeLessThan(30);
  });

  it("resume after a stop runs only attempts without a reward, and ends equal to an uninterrupted run", async () => {
    const { key, project } = await newProject();
    const rows = arithmeticRows(16);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    // One model string for both runs: the fixture's answers depend on it (and on the prompt), so both runs see the same answers.
    const model = "fixture-faults-resume:accuracy=0.6,latency_ms=100";
    const modelA = model;
    const modelB = model;

    const whole = await createRun(key, [bm], modelA, { concurrency: 4, attempts: 2 });
    await call("POST", `/api/eval-runs/${whole}/start`, { key });
    expect((await waitForRun(key, whole)).status).toBe("completed");

    const callsBefore = (await fixtureStats(model)).calls;
    const broken = await createRun(key, [bm], modelB, { concurrency: 2, attempts: 2 });
    await call("POST", `/api/eval-runs/${broken}/start`, { key });
    await waitForRun(key, broken, 60_000, (p) => p.terminal_attempts >= 6);
    await call("POST", `/api/eval-runs/${broken}/stop`, { key });
    const kept = await rewardsOf(broken);
    const callsAtStop = (await fixtureStats(modelB)).calls - callsBefore;
    const resumed = await call("POST", `/api/eval-runs/${broken}/resume`, { key });
    expect(resumed.status).toBe(202);
    const p = await waitForRun(key, broken);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 32, scored_attempts: 32 });
    const final = await rewardsOf(broken);
    for (const [seq, reward] of Object.entries(kept)) expect(final[seq]).toBe(reward);
    expect(final).toEqual(await rewardsOf(whole));
    // Only the attempts without a reward ran again (plus at most the calls in flight at the stop).
    expect((await fixtureStats(modelB)).calls - callsBefore - callsAtStop).toBeLessThanOrEqual(32 - Object.keys(kept).length + 2);
    expect((await call("POST", `/api/eval-runs/${broken}/resume`, { key })).status).toBe(409);
    // The resume passed every page once: its pointer stands at the run's last seq (src/db/attempts.ts reopenPage).
    const pointer = await env.DB.prepare(`SELECT resumes, resumed_through FROM eval_runs WHERE id = ?1`).bind(broken).first();
    expect(pointer).toEqual({ resumes: 1, resumed_through: 31 });
  });
});
