/**
 * Runs whose gate is sharded (N > 1, forced small with the pool's
 * setShardCount so a test can use a small concurrency), through the real
 * queue in workerd against the fixture model: every attempt is scored
 * exactly once, the model never sees more calls in flight than the run's
 * concurrency over all shards, and shards evicted mid-run leak no slot
 * (the run still completes on its full limit's worth of quota).
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
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
    // The slots came from the shards: they leased quota from the run's RunGate, whose stored reservations say
    // so (stored, because a shard idle for long may have been evicted since, and its memory with it).
    const stored = await runInDurableObject(gateFor(e, runId), (_gate, state: DurableObjectState) => state.storage.list<{ quota: number }>({ prefix: "qp:" }));
    expect(stored.size).toBeGreaterThan(0);
    for (const r of stored.values()) expect(r.quota).toBeLessThanOrEqual(6);
    expect((await gateFor(e, runId).stats()).max_in_flight).toBeLessThanOrEqual(6);
  });

  it("shards evicted mid-run leak no slot and break no limit", async () => {
    const model = `fixture-${uniq()}:latency_ms=40`;
    const { key, runId } = await shardedRun(200, 6, model, 3);
    // Once work is under way, every shard is evicted (its memory gone): their holders go on calling on
    // slots the new incarnations know nothing of, and release them there. The old incarnations' quota stays
    // reserved until those slots lapse (a holder lease: 2 × timeout_s + 30 s), so a holder that wants more
    // waits that long: timeout_s 3 keeps it near 40 s.
    await waitForRun(key, runId, 60_000, (p) => p.terminal_attempts >= 20 || !["queued", "running"].includes(p.status));
    // (One the runtime evicted already, idle, cannot be evicted again: at least one busy one must be.)
    const evicted = await Promise.all([...Array(SHARDS).keys()].map((i) => evictDurableObject(gateShardFor(e, runId, i)).then(() => true, () => false)));
    expect(evicted).toContain(true);
    await expectScoredOnce(key, runId, 200, model, 6);
  });
});
