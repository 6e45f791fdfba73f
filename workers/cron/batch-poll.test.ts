import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { call, newProject } from "../../test/http";
import { BATCH_PRICE_FACTOR, estimateCost } from "../../src/providers/cost";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureBase, waitForRun } from "../../test/runs";

const PRICE = { input_per_mtok: 3, output_per_mtok: 15 };
import { cronPass } from "../../test/synthetic-runs";
import { EXPIRED_ERROR } from "./batch-poll";

const uniq = () => crypto.randomUUID().slice(0, 8);

/** A GET of the fixture's counters; workerd may hand it a pooled connection the fixture already closed ("Network connection lost"): try again. */
async function fixtureGet<T>(path: string): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return (await (await fetch(`${inject("fixtureUrl")}${path}`)).json()) as T;
    } catch (err) {
      if (i >= 2) throw err;
    }
  }
}
const batchStats = (model: string) => fixtureGet<{ batches: number; requests: number; cancelled: number }>(`/_batches?model=${encodeURIComponent(model)}`);
const liveCalls = async (model: string) => (await fixtureGet<{ calls: number }>(`/_stats?model=${encodeURIComponent(model)}`)).calls;

/**
 * Fires the cron until the run ends: one pass lands an ended batch, but a poll that loses its connection
 * leaves the batch to the next pass, as the minutely cron would.
 */
async function cronUntilDone(key: string, runId: string) {
  for (let i = 0; i < 5; i++) {
    await cronPass();
    try {
      return await waitForRun(key, runId, 20_000);
    } catch (err) {
      if (i === 4) throw err;
    }
  }
  throw new Error("unreachable");
}

/** Waits until every one of the run's `n` attempts waits in a submitted provider batch. */
async function untilSubmitted(runId: string, n: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await env.DB.prepare(`SELECT count(*) AS n FROM call_batch_items i JOIN call_batches b ON b.id = i.batch_id WHERE i.run_id = ?1 AND i.state = 'submitted' AND b.state = 'submitted'`)
      .bind(runId)
      .first<{ n: number }>();
    if (r!.n >= n) return;
    if (Date.now() > deadline) {
      const dump = await env.DB.prepare(`SELECT * FROM call_batches WHERE run_id = ?1`).bind(runId).all();
      const logs = await env.DB.prepare(`SELECT event, message FROM run_logs WHERE run_id = ?1`).bind(runId).all();
      throw new Error(`run ${runId}: ${r!.n} of ${n} attempts submitted in a batch ${JSON.stringify(dump.results)} ${JSON.stringify(logs.results)}`);
    }
    await new Promise((res) => setTimeout(res, 100));
  }
}

const items = async (runId: string) =>
  (await env.DB.prepare(`SELECT seq, state FROM call_batch_items WHERE run_id = ?1 ORDER BY seq`).bind(runId).all<{ seq: number; state: string }>()).results;

async function batchRun(tasks: number, model: string, provider: "openai" | "anthropic" = "openai", options: Record<string, unknown> = {}) {
  const { key, project } = await newProject();
  const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(tasks));
  // Priced, so the batch discount shows in each attempt's cost.
  const extra =
    provider === "anthropic"
      ? { target: { kind: "model", provider: "anthropic", base_url: inject("fixtureUrl"), model, api_key: "sk-ant-test-planted-4410", price: PRICE } }
      : { target: { kind: "model", provider: "openai", base_url: fixtureBase(), model, api_key: "sk-test-planted-4411", price: PRICE } };
  const runId = await createRun(key, [bm], model, { batch: true, timeout_s: 10, ...options }, extra);
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  await untilSubmitted(runId, tasks);
  return { key, runId };
}

describe("batch APIs (options.batch)", { timeout: 120_000 }, () => {
  for (const provider of ["openai", "anthropic"] as const) {
    it(`${provider}: submits every call as a batch, lands each answer when the cron finds it ended, and scores it as a live call would`, async () => {
      const model = `batch-${provider}-${uniq()}`;
      const { key, runId } = await batchRun(6, model, provider);
      // Nothing is called one by one, nothing lands before the cron polls.
      expect((await liveCalls(model))).toBe(0);
      expect((await batchStats(model)).requests).toBe(6);
      expect((await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body.status).toBe("running");
      await cronPass();
      // A pass that died after landing, replayed before the replies were scored, counts nothing twice.
      await env.DB.prepare(`UPDATE call_batch_items SET state = 'submitted' WHERE run_id = ?1`).bind(runId).run();
      await env.DB.prepare(`UPDATE call_batches SET state = 'submitted' WHERE run_id = ?1 AND state = 'ended'`).bind(runId).run();
      const p = await cronUntilDone(key, runId);
      expect(p).toMatchObject({ status: "completed", terminal_attempts: 6, scored_attempts: 6 });
      const rows = await attemptsOf(runId);
      expect(rows.map((r: any) => [r.status, r.reward, r.tries])).toEqual(Array(6).fill(["succeeded", 1, 1]));
      expect(rows.every((r: any) => r.input_tokens > 0 && r.output_tokens > 0)).toBe(true);
      // Billed at the batch price: half the listed one.
      for (const r of rows) expect(r.cost).toBeCloseTo(BATCH_PRICE_FACTOR * estimateCost(PRICE, r.input_tokens, r.output_tokens)!, 12);
      expect((await liveCalls(model))).toBe(0);
      const landed = (await items(runId)).map((i) => i.state);
      expect(landed.length).toBe(6);
      expect(landed.every((s) => s === "landed")).toBe(true);
    });
  }

  it("retries the requests that failed in the batch as normal calls, each once", async () => {
    // A fixed name: which requests fail is a hash of the request, the same on every run.
    const model = `batch-partial-${uniq()}:batch_fail_rate=0.5`;
    const { key, runId } = await batchRun(12, model);
    const p = await cronUntilDone(key, runId);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 12, scored_attempts: 12 });
    const live = (await items(runId)).filter((i) => i.state === "live").length;
    expect(live).toBeGreaterThan(0);
    expect(live).toBeLessThan(12);
    // Exactly the failed ones were called live, each once; the rest were answered by the batch.
    expect((await liveCalls(model))).toBe(live);
    const rows = await attemptsOf(runId);
    expect(rows.every((r: any) => r.status === "succeeded" && r.reward === 1)).toBe(true);
    // The live calls pay the listed price, the batch's replies half of it.
    const liveSeqs = new Set((await items(runId)).filter((i) => i.state === "live").map((i: any) => i.seq));
    for (const r of rows) expect(r.cost).toBeCloseTo((liveSeqs.has(r.seq) ? 1 : BATCH_PRICE_FACTOR) * estimateCost(PRICE, r.input_tokens, r.output_tokens)!, 12);
    const logs = JSON.stringify((await call("GET", `/api/eval-runs/${runId}/logs?limit=1000`, { key })).body);
    expect(logs).toContain(`${live} failed and call the model directly`);
  });

  it("ends the attempts a batch expired on without a reward (missing, never 0), and scores the rest", async () => {
    const model = `batch-expire-${uniq()}:batch_expire_rate=0.5`;
    const { key, runId } = await batchRun(10, model);
    const p = await cronUntilDone(key, runId);
    expect(["completed", "failed"]).toContain(p.status);
    const rows = await attemptsOf(runId);
    const expired = rows.filter((r: any) => r.status === "timed_out");
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.length).toBeLessThan(10);
    expect(expired.every((r: any) => r.reward === null && r.error === EXPIRED_ERROR)).toBe(true);
    expect(rows.filter((r: any) => r.status === "succeeded").every((r: any) => r.reward === 1)).toBe(true);
    expect(p).toMatchObject({ terminal_attempts: 10, scored_attempts: 10 - expired.length });
    expect((await liveCalls(model))).toBe(0);
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
    const text = JSON.stringify(scores);
    // Missing is not failed: the score is over the answered attempts only.
    expect(text).toContain(`"missing":${expired.length}`);
    expect(text).toContain(`"score":1`);
  });

  it("a run stopped during a batch cancels the batch and its attempts end cancelled", async () => {
    const model = `batch-stop-${uniq()}:batch_delay_ms=600000`;
    const { key, runId } = await batchRun(5, model);
    await cronPass(); // still in progress: nothing lands
    expect(await attemptsOf(runId)).toEqual([]);
    expect((await call("POST", `/api/eval-runs/${runId}/stop`, { key })).status).toBe(200);
    await cronPass();
    expect((await batchStats(model)).cancelled).toBe(1);
    expect((await items(runId)).map((i) => i.state)).toEqual(Array(5).fill("cancelled"));
    const b = await env.DB.prepare(`SELECT state FROM call_batches WHERE run_id = ?1`).bind(runId).all<{ state: string }>();
    expect(b.results.every((r) => r.state === "cancelled")).toBe(true);
    const p = (await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body;
    expect(p).toMatchObject({ status: "cancelled", scored_attempts: 0 });
    expect(await attemptsOf(runId)).toEqual([]);
    expect((await liveCalls(model))).toBe(0);
  });

  it("a run waiting on a long batch is not swept as stuck: its attempts stay with the batch", async () => {
    const model = `batch-slow-${uniq()}:batch_delay_ms=600000`;
    const { key, runId } = await batchRun(3, model);
    // Passes far past the sweeper's staleness (timeout_s 10 × tries + 5 min): it would re-send, then give up on, open attempts.
    const hour = 3_600_000;
    for (let i = 0; i < 4; i++) await cronPass(Date.now() + i * hour);
    expect(await attemptsOf(runId)).toEqual([]);
    expect((await items(runId)).map((i) => i.state)).toEqual(["submitted", "submitted", "submitted"]);
    expect((await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body).toMatchObject({ status: "running", batch: { batches: 1, calls: 3 } });
    expect((await call("POST", `/api/eval-runs/${runId}/stop`, { key })).status).toBe(200);
    await cronPass();
  });

  it("refuses batch for a target that is not a model endpoint, naming the option", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const r = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: [bm], target: { kind: "agent", runner_url: "https://runner.example", profile: "agent@1" }, options: { batch: true } },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(expect.arrayContaining([{ field: "options.batch", message: "batch submits model calls: target is an agent target, not a model endpoint" }]));
  });
});
