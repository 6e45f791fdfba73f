/**
 * The response cache end to end against the fixture model, which counts its
 * calls per model string: a second identical read_write run makes no model
 * call and scores the same; k attempts of a task are k calls and k entries;
 * errors are never stored; read_only never writes; DELETE /api/cache empties
 * a project's cache and only that project's; projects never share entries.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readCachedResponse, responseCachePrefix, writeCachedResponse } from "../../src/storage/response-cache";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

async function entries(projectId: string): Promise<number> {
  return (await env.ARTIFACTS.list({ prefix: responseCachePrefix(projectId) })).objects.length;
}

async function runToEnd(key: string, bm: string, model: string, options: Record<string, unknown>) {
  const runId = await createRun(key, [bm], model, options);
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  const p = await waitForRun(key, runId);
  return { runId, status: p.status as string, rows: await attemptsOf(runId) };
}

const TASKS = 4;
const K = 2;

describe("the response cache", { timeout: 120_000 }, () => {
  it("a second identical read_write run makes no model call and gets the same rewards; k attempts stay k samples", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(TASKS));
    // vary=1: each call of the same prompt draws its correctness afresh, so distinct attempts may differ.
    const model = "fixture-response-cache-varied:accuracy=0.5,vary=1,seed=1";
    const opts = { attempts: K, cache: "read_write", concurrency: 2 };

    const first = await runToEnd(key, bm, model, opts);
    expect(first.status).toBe("completed");
    // Every attempt index is its own call and its own entry: attempt 1 never reads attempt 0's reply.
    expect((await fixtureStats(model)).calls).toBe(TASKS * K);
    expect(await entries(project.id)).toBe(TASKS * K);
    expect(first.rows.map((r: any) => r.cached)).toEqual(Array(TASKS * K).fill(null));
    // Object names are keyed digests under the project's prefix: no base URL, model or key in clear; the bodies hold no key.
    const listed = await env.ARTIFACTS.list({ prefix: responseCachePrefix(project.id) });
    for (const o of listed.objects) {
      expect(o.key).toMatch(new RegExp(`^${responseCachePrefix(project.id)}[0-9a-f]{64}\\.json$`));
      const text = await (await env.ARTIFACTS.get(o.key))!.text();
      expect(text).not.toContain("sk-test-planted-secret-7731");
    }

    const second = await runToEnd(key, bm, model, opts);
    expect(second.status).toBe("completed");
    expect((await fixtureStats(model)).calls).toBe(TASKS * K);
    expect(second.rows.map((r: any) => [r.seq, r.reward, r.output])).toEqual(first.rows.map((r: any) => [r.seq, r.reward, r.output]));
    expect(second.rows.every((r: any) => r.cached === 1 && r.cost === 0 && r.status === "succeeded")).toBe(true);

    // Marked in samples, trials and the report.
    const samples = (await call("GET", `/api/eval-runs/${second.runId}/samples`, { key })).body;
    expect(samples.items.map((s: any) => s.cached)).toEqual(Array(TASKS * K).fill(true));
    const firstSamples = (await call("GET", `/api/eval-runs/${first.runId}/samples`, { key })).body;
    expect(firstSamples.items.map((s: any) => s.cached)).toEqual(Array(TASKS * K).fill(false));
    expect((await call("GET", `/api/trials/${samples.items[0].id}`, { key })).body.cached).toBe(true);
    const report = await call("GET", `/api/eval-runs/${second.runId}/export?format=md`, { key });
    expect(String(report.body)).toContain(`${TASKS * K} from the response cache`);

    // read_only reads what read_write stored.
    const third = await runToEnd(key, bm, model, { ...opts, cache: "read_only" });
    expect(third.rows.every((r: any) => r.cached === 1)).toBe(true);
    expect((await fixtureStats(model)).calls).toBe(TASKS * K);

    // With the cache off the model is called again.
    await runToEnd(key, bm, model, { attempts: K });
    expect((await fixtureStats(model)).calls).toBe(2 * TASKS * K);
  });

  it("never stores an error: a failing endpoint is called again on the next run", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(TASKS));
    const model = `fixture-${uniq()}:status=400`;
    const first = await runToEnd(key, bm, model, { cache: "read_write" });
    expect(first.rows.every((r: any) => r.status === "failed" && r.cached === null)).toBe(true);
    const calls = (await fixtureStats(model)).calls;
    expect(calls).toBeGreaterThanOrEqual(TASKS);
    expect(await entries(project.id)).toBe(0);
    const second = await runToEnd(key, bm, model, { cache: "read_write" });
    expect(second.rows.every((r: any) => r.status === "failed" && r.cached === null)).toBe(true);
    expect((await fixtureStats(model)).calls).toBe(2 * calls);
  });

  it("read_only never writes", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(TASKS));
    const model = `fixture-${uniq()}:accuracy=1`;
    await runToEnd(key, bm, model, { cache: "read_only" });
    await runToEnd(key, bm, model, { cache: "read_only" });
    expect((await fixtureStats(model)).calls).toBe(2 * TASKS);
    expect(await entries(project.id)).toBe(0);
  });

  it("is per project, and DELETE /api/cache clears only the caller's", async () => {
    const a = await newProject();
    const b = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const bmA = await arithmeticBenchmark(a.key, a.project.id, arithmeticRows(TASKS));
    const bmB = await arithmeticBenchmark(b.key, b.project.id, arithmeticRows(TASKS));
    await runToEnd(a.key, bmA, model, { cache: "read_write" });
    expect((await fixtureStats(model)).calls).toBe(TASKS);
    // The same prompts, model and endpoint from another project: its own calls, its own entries.
    const inB = await runToEnd(b.key, bmB, model, { cache: "read_write" });
    expect(inB.rows.every((r: any) => r.cached === null)).toBe(true);
    expect((await fixtureStats(model)).calls).toBe(2 * TASKS);
    expect([await entries(a.project.id), await entries(b.project.id)]).toEqual([TASKS, TASKS]);

    const cleared = await call("DELETE", "/api/cache", { key: b.key });
    expect(cleared).toMatchObject({ status: 200, body: { deleted: TASKS, more: false } });
    expect([await entries(a.project.id), await entries(b.project.id)]).toEqual([TASKS, 0]);
    expect((await call("DELETE", "/api/cache", { key: b.key })).body).toEqual({ deleted: 0, more: false });

    // B calls the model again; A still reads its entries.
    await runToEnd(b.key, bmB, model, { cache: "read_write" });
    expect((await fixtureStats(model)).calls).toBe(3 * TASKS);
    const againA = await runToEnd(a.key, bmA, model, { cache: "read_write" });
    expect(againA.rows.every((r: any) => r.cached === 1)).toBe(true);
    expect((await fixtureStats(model)).calls).toBe(3 * TASKS);
  });

  it("an entry past its expiry is a miss; a fresh one is read back as stored", async () => {
    // A cut reply keeps its flag through the cache.
    const reply = { text: "#### 4", input_tokens: 3, output_tokens: 2, latency_ms: 12, model: "m", truncated: true };
    const project = `prj_${uniq()}`;
    const now = Date.parse("2026-12-01T00:00:00Z");
    await writeCachedResponse(env.ARTIFACTS, project, "a".repeat(64), reply, 2, now);
    expect(await readCachedResponse(env.ARTIFACTS, project, "a".repeat(64), now + 86_400_000)).toEqual(reply);
    expect(await readCachedResponse(env.ARTIFACTS, project, "a".repeat(64), now + 2 * 86_400_000)).toBeNull();
    expect(await readCachedResponse(env.ARTIFACTS, `prj_${uniq()}`, "a".repeat(64), now)).toBeNull();
  });

  it("refuses a bad mode or TTL with a 422 naming the field, and DELETE /api/cache needs a key", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(1));
    for (const options of [{ cache: "yes" }, { cache_ttl_days: 0 }, { cache_ttl_days: 10_000 }]) {
      const r = await call("POST", "/api/eval-runs", {
        key,
        body: { benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "https://x.example/v1", model: "m", api_key: "sk-x" }, options },
      });
      expect(r.status).toBe(422);
      expect(JSON.stringify(r.body)).toContain(`options.${Object.keys(options)[0]}`);
    }
    const anon = await call("DELETE", "/api/cache", {});
    expect(anon.status).toBe(401);
  });
});
