/**
 * Runs whose gate is sharded (N > 1, forced small with the pool's
 * setShardCount so a test can use a small concurrency), through the real
 * queue in workerd against the fixture model: every attempt is scored
 * exactly once, the model never sees more calls in flight than the run's
 * concurrency over all shards, and shards restarting mid-run leak no slot
 * (the run still completes on its full limit's worth of quota).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { gateFor, gateShardFor } from "../gate/client";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";

const e = env as unknown as Env;
const uniq = () => crypto.randomUUID().slice(0, 8);
const SHARDS = 3;

async function shardedRun(attempts: number, concurrency: number, model: string, timeout_s = 5) {
  const { key, project } = await newProject();
  const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(attempts));
  const runId = await createRun(key, [bm], model, { concurrency, timeout_s });
  await gateFor(e, runId).setShardCount(SHARDS);
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  return { key, runId };
}

async function expectScoredOnce(key: string, runId: string, attempts: number, model: string, concurrency: number) {
  const p = await waitForRun(key, runId, 120_000);
  expect(p).toMatchObject({ status: "completed", terminal_attempts: attempts, scored_attempts: attempts });
  const rows = await attemptsOf(runId);
  expect(rows.map((r: any) => r.seq)).toEqual([...Array(attempts).keys()]);
  expect(rows.every((r: any) => r.status === "succeeded")).toBe(true);
  const stats = await fixtureStats(model);
  // Each try of each attempt called the model once (a try a slow machine timed out is a call too, never a
  // second execution), and never more calls at once than the run allows, over all shards.
  expect(stats.calls).toBe(rows.reduce((n: number, r: any) => n + r.tries, 0));
  expect(stats.max_in_flight).toBeLessThanOrEqual(concurrency);
  expect(stats.max_in_flight).toBeGreaterThan(0);
}

describe("a sharded gate on the run path", { timeout: 180_000 }, () => {
  it("completes with every attempt scored exactly once and the limit held over all shards", async () => {
    // 200 attempts are two batches of 100, one per attempt queue: two invocations (two holders, each with its
    // own home shard) run at once, each wanting all 6 slots.
    const model = `fixture-${uniq()}:latency_ms=25`;
    const { key, runId } = await shardedRun(200, 6, model);
    await expectScoredOnce(key, runId, 200, model, 6);
    // The slots came from the shards (every shard registered its attempts; some granted slots), not the RunGate.
    const shards = await Promise.all([...Array(SHARDS).keys()].map((i) => gateShardFor(e, runId, i).stats()));
    expect(shards.every((s) => s.incarnation !== null)).toBe(true);
    expect(shards.some((s) => s.max_in_use > 0 && s.asks > 0)).toBe(true);
    for (const s of shards) expect(s.max_in_use).toBeLessThanOrEqual(6);
    const pool = await gateFor(e, runId).stats();
    expect(pool.max_in_flight).toBeLessThanOrEqual(6);
  });

  it("shards restarting mid-run leak no slot and break no limit", async () => {
    const model = `fixture-${uniq()}:latency_ms=40`;
    const { key, runId } = await shardedRun(200, 6, model, 3);
    // Once work is under way, every shard loses its memory (an eviction): their holders go on calling on
    // slots the new incarnations know nothing of, and release them there. The old incarnations' quota stays
    // reserved until those slots lapse (a holder lease: 2 × timeout_s + 30 s), so a holder that wants more
    // waits that long: timeout_s 3 keeps it near 40 s.
    await waitForRun(key, runId, 60_000, (p) => p.terminal_attempts >= 20 || !["queued", "running"].includes(p.status));
    for (let i = 0; i < SHARDS; i++) await gateShardFor(e, runId, i).restart();
    await expectScoredOnce(key, runId, 200, model, 6);
  });
});
