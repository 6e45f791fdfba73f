/**
 * A band run against the fixture's rate limiter, end to end in workerd: the
 * limit adapts within the band, every attempt is scored once, and the
 * timeline the run recorded accounts for every call the endpoint saw.
 * Also the band's validation and the timeline's edge cases.
 */
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

describe("run timeline and concurrency band", { timeout: 120_000 }, () => {
  it("a band run against a limited endpoint adapts, scores every attempt once, and its timeline counts every call", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(30));
    // The endpoint allows 3 calls in flight; the band may go to 8, so it meets 429s and cuts back.
    const model = `fixture-${uniq()}:latency_ms=150,limit_in_flight=3,limit_retry_after_s=1`;
    const runId = await createRun(key, [bm], model, { concurrency: { min: 1, max: 8 } });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId, 100_000);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 30, scored_attempts: 30 });
    expect((await attemptsOf(runId)).every((r: any) => r.status === "succeeded")).toBe(true);
    const stats = await fixtureStats(model);
    expect(stats.by_status["200"]).toBe(30);
    expect(stats.max_in_flight).toBeLessThanOrEqual(8);

    const r = await call("GET", `/api/eval-runs/${runId}/timeline`, { key });
    expect(r.status).toBe(200);
    const t = r.body;
    expect(t).toMatchObject({ id: runId, concurrency: { min: 1, max: 8 }, adaptive: true });
    expect(t.samples.length).toBeGreaterThan(0);
    const sum = (f: (s: any) => number) => t.samples.reduce((n: number, s: any) => n + f(s), 0);
    // Every call the endpoint answered or refused is in the timeline, once.
    expect(sum((s) => s.succeeded)).toBe(30);
    expect(sum((s) => s.rate_limited)).toBe(stats.by_status["429"] ?? 0);
    // A call that never reached the endpoint (a dropped connection on a busy machine) counts as an error it did not see.
    expect(sum((s) => s.calls)).toBe(sum((s) => s.succeeded + s.rate_limited + s.errors));
    expect(sum((s) => s.calls - s.errors)).toBe(stats.calls);
    for (const s of t.samples) {
      expect(s.limit).toBeGreaterThanOrEqual(1);
      expect(s.limit).toBeLessThanOrEqual(8);
      expect(s.in_flight).toBeLessThanOrEqual(8);
      if (s.succeeded) expect(s.latency_p50_ms).toBeGreaterThanOrEqual(150);
      else expect(s.latency_p50_ms).toBeNull();
      expect(s.rate_429).toBeCloseTo(s.calls ? s.rate_limited / s.calls : 0);
    }
    // It grew from min (slow start): more than one call was in flight at some point.
    expect(Math.max(...t.samples.map((s: any) => s.in_flight))).toBeGreaterThan(1);
    expect(t.samples.map((s: any) => s.elapsed_s)).toEqual([...t.samples.map((s: any) => s.elapsed_s)].sort((a, b) => a - b));
  });

  it("refuses a band whose min exceeds its max, naming the field", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const r = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:1/v1", model: "m" }, options: { concurrency: { min: 8, max: 2 } } },
    });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain("options.concurrency");
    const zero = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:1/v1", model: "m" }, options: { concurrency: { min: 0, max: 2 } } },
    });
    expect(zero.status).toBe(422);
  });

  it("a draft has an empty timeline; an unknown run is a 404", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const runId = await createRun(key, [bm], `fixture-${uniq()}`, { concurrency: 4 });
    const r = await call("GET", `/api/eval-runs/${runId}/timeline`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ concurrency: { min: 4, max: 4 }, adaptive: false, samples: [] });
    expect((await call("GET", `/api/eval-runs/run_nope/timeline`, { key })).status).toBe(404);
  });
});
