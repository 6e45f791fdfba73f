/**
 * Rate-limited endpoints: a retry runs as soon as its retry-after allows
 * (never held back by the claim of the batch that sent it), and a sustained
 * limit is waited out as the endpoint asks, so every attempt is scored
 * once and the score is the endpoint's truth. Runs the real queue in
 * workerd against the fixture model.
 */
import { describe, expect, inject, it } from "vitest";
import { MAX_RATE_LIMIT_WAIT_MS, MAX_TRIES } from "../../src/domain/retry";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

describe("rate-limited endpoints", { timeout: 180_000 }, () => {
  it("a retry re-sent through the queue runs as soon as its backoff allows, whatever the attempt timeout", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(30));
    // A 500 on one call in four, retried through the queue after a backoff under a second. The batch that
    // meets them runs for about 4.5 s, so their retries come back while it still holds their claims; with
    // timeout_s 600 a claim's lease is 20.5 minutes, so a retry held back by its sender's claim would keep the
    // run from ending within this test's minute.
    // A fixed name: the fixture draws its 500s from the name and the prompt, so this one gives 9 of them, never more
    // than 2 in a row for one attempt. With a random name about one run in 140 gave some attempt six 500s in a row,
    // MAX_TRIES: it ended failed ("gave up after 6 tries"), rightly counted as missing and invalid, and this test,
    // which wants every attempt answered, failed with 29 of 30 scored.
    const model = "fixture-requeue:rate_500=0.25,latency_ms=300";
    const runId = await createRun(key, [bm], model, { concurrency: 2, timeout_s: 600 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId, 60_000);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 30, scored_attempts: 30 });
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => r.seq)).toEqual([...Array(30).keys()]);
    expect(rows.every((r: any) => r.status === "succeeded")).toBe(true);
    const stats = await fixtureStats(model);
    expect(stats.by_status["500"]).toBe(9);
    // Each attempt answered exactly once: every call was a 500 or that attempt's one 200.
    expect(stats.by_status["200"]).toBe(30);
    expect(stats.calls).toBe(30 + stats.by_status["500"]!);
  });

  it("a sustained limit is waited out as the endpoint asks: every attempt scored once, the score the endpoint's truth", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(30));
    // The truth: the same model without a limit (limit knobs do not change the fixture's answers).
    const name = `fixture-${uniq()}:accuracy=0.7,latency_ms=200`;
    const truthRun = await createRun(key, [bm], name, { concurrency: 4 });
    await call("POST", `/api/eval-runs/${truthRun}/start`, { key });
    expect((await waitForRun(key, truthRun)).status).toBe("completed");
    const truth = (await call("GET", `/api/eval-runs/${truthRun}/scores`, { key })).body.scores[0];

    // Concurrency 4 against an endpoint that allows 3 in flight and asks for a second's wait beyond: the
    // calls beyond the limit meet 429s, again and again, none of which is a failed try.
    const model = `${name},limit_in_flight=3,limit_retry_after_s=1`;
    const runId = await createRun(key, [bm], model, { concurrency: 4 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId, 150_000);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 30, scored_attempts: 30 });
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => r.seq)).toEqual([...Array(30).keys()]);
    expect(rows.every((r: any) => r.status === "succeeded" && r.error === null)).toBe(true);
    // No 429 spent a try: an attempt's tries are its one answered call plus its logged failed tries (a
    // connection the endpoint dropped, say), never its rate-limit waits.
    const logs = (await call("GET", `/api/eval-runs/${runId}/logs?limit=1000`, { key })).body.items;
    const failedTries = (seq: number) => logs.filter((l: any) => l.attempt_seq === seq && /^try \d+ failed/.test(l.message)).length;
    expect(rows.map((r: any) => r.tries)).toEqual(rows.map((r: any) => 1 + failedTries(r.seq)));
    expect(logs.filter((l: any) => /^rate limited; waiting 1000 ms as the endpoint asked/.test(l.message)).length).toBeGreaterThan(0);
    const stats = await fixtureStats(model);
    expect(stats.by_status["429"]).toBeGreaterThan(0);
    expect(stats.by_status["200"]).toBe(30);
    expect(stats.max_in_flight).toBeLessThanOrEqual(4);
    const truthRows = await attemptsOf(truthRun);
    expect(rows.map((r: any) => r.reward)).toEqual(truthRows.map((r: any) => r.reward));
    const score = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores[0];
    expect(score.score).toBe(truth.score);
    expect(score.score_counts).toMatchObject({ total: 30, scored: 30, missing: 0, invalid: 0 });
  });

  it("more rate-limit waits than MAX_TRIES do not end an attempt", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(20));
    // Fault draws follow (model, prompt, call count), so this fixed name meets the same 429s every time;
    // three calls in four refused means some attempts meet more than MAX_TRIES of them in a row.
    const model = "fixture-rl-patience:rate_429=0.75";
    await fetch(`${inject("fixtureUrl")}/_reset?model=${encodeURIComponent(model)}`, { method: "POST" });
    const runId = await createRun(key, [bm], model, { concurrency: 4 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId, 120_000);
    expect(p).toMatchObject({ status: "completed", terminal_attempts: 20, scored_attempts: 20 });
    const logs = (await call("GET", `/api/eval-runs/${runId}/logs?limit=1000`, { key })).body.items;
    const waits = new Map<number, number>();
    for (const l of logs) if (/^rate limited; waiting/.test(l.message)) waits.set(l.attempt_seq, (waits.get(l.attempt_seq) ?? 0) + 1);
    expect(Math.max(...waits.values())).toBeGreaterThan(MAX_TRIES);
    expect((await fixtureStats(model)).by_status["200"]).toBe(20);
  });

  it("a rate limit past the attempt's wait limit ends it missing, with the reason, never as a failed try", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    // retry-after beyond MAX_RATE_LIMIT_WAIT_MS: waiting as told would end past the limit, so the attempt ends at once.
    const model = `fixture-${uniq()}:rate_429=1,retry_after_s=${MAX_RATE_LIMIT_WAIT_MS / 1000 + 1}`;
    const runId = await createRun(key, [bm], model);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const p = await waitForRun(key, runId);
    expect(p).toMatchObject({ terminal_attempts: 2, scored_attempts: 0 });
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => [r.status, r.reward, r.tries])).toEqual([
      ["timed_out", null, 1],
      ["timed_out", null, 1],
    ]);
    for (const r of rows) expect(r.error).toMatch(/^rate limited: .*429.*still rate limited after waiting 0 s as the endpoint asked/);
    const score = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores[0];
    // Nothing scored: no score, and never a "completed" result.
    expect(score.score).toBeNull();
    expect(score.status).not.toBe("completed");
    expect(p.counts).toMatchObject({ succeeded: 0, failed: 0, timed_out: 2 });
  });
});
