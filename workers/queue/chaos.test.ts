/**
 * Chaos: the run's gate, its live object and its lanes are evicted again
 * and again, and every object is restarted now and then with its requests
 * cut off (as a deploy does), at moments a seeded generator picks, while a
 * run meets an endpoint that rate-limits it (three calls in flight, a
 * second's wait beyond). Cloudflare evicts an idle object and restarts
 * every object on a deploy; what the gate must not lose (holders, slots,
 * claims, the tally) is stored, and calls cut off are made again. The
 * run completes with every attempt scored once, and no attempt's prompt is
 * answered more often than the tries its row counts (a call made twice is
 * a counted retry, never a silent duplicate). Runs the real queue in
 * workerd against the fixture model.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixturePrompts, fixtureStats, waitForRun } from "../../test/runs";
import { laneName } from "../lanes/client";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("chaos: evictions during a rate-limited run", { timeout: 240_000 }, () => {
  it("completes with every attempt scored once; no call made twice but as a counted retry", async () => {
    const { key, project } = await newProject();
    const rows = arithmeticRows(60);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    // A fixed model name: its answers and faults are the same every run.
    const model = "fixture-chaos:latency_ms=250,limit_in_flight=3,limit_retry_after_s=1";
    const runId = await createRun(key, [bm], model, { concurrency: 6, timeout_s: 20 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });

    // Each kind of object in turn, at moments a fixed pseudo-random sequence (MINSTD) picks.
    let seed = 40_2026;
    const rand = (n: number) => ((seed = (seed * 48271) % 2147483647), Math.floor((seed / 2147483647) * n));
    const objects = [
      () => env.RUN_GATE.get(env.RUN_GATE.idFromName(runId)),
      () => env.RUN_LIVE.get(env.RUN_LIVE.idFromName(runId)),
      () => env.CALL_LANE.get(env.CALL_LANE.idFromName(laneName(runId, 0))),
    ];
    // An eviction waits for the object to be idle (as Cloudflare's does): it is not awaited here, so the run goes on.
    const evicted = [0, 0, 0];
    let restarts = 0;
    const evictions: Promise<unknown>[] = [];
    let done = false;
    const chaos = (async () => {
      // Twenty-four events, a fraction of a second apart: then the run must finish on its own.
      for (let n = 0; !done && n < 24; n++) {
        await sleep(150 + rand(450));
        if (done) break;
        const which = n % objects.length;
        if (n % 2 === 1) {
          // A restart as a deploy makes it: the object's requests in flight are cut off.
          await runInDurableObject(objects[which]!(), (_instance, state) => state.abort("chaos: restarted")).catch(() => {});
          restarts++;
        } else {
          evictions.push(evictDurableObject(objects[which]!()).catch(() => {}));
          evicted[which]!++;
        }
      }
    })();
    const p = await waitForRun(key, runId, 180_000)
      .catch(async (e) => {
        // Where it stalled, for whoever reads the failure.
        console.error("stalled:", JSON.stringify(await env.RUN_GATE.get(env.RUN_GATE.idFromName(runId)).stats()), JSON.stringify(await fixtureStats(model)), { evicted, restarts });
        throw e;
      })
      .finally(() => (done = true));
    await chaos;
    await Promise.all(evictions);

    expect(p).toMatchObject({ status: "completed", terminal_attempts: 60, scored_attempts: 60 });
    const got = await attemptsOf(runId);
    expect(got.map((r: any) => r.seq)).toEqual([...Array(60).keys()]);
    expect(got.filter((r: any) => r.status !== "succeeded" || r.reward !== 1).map((r: any) => [r.seq, r.status, r.error])).toEqual([]);
    // The chaos was real: each kind of object went several times while the run went on.
    expect(Math.min(...evicted)).toBeGreaterThanOrEqual(2);
    expect(restarts).toBeGreaterThanOrEqual(6);
    // Each attempt's prompt was answered at most as often as its row counts tries: no duplicate call.
    const prompts = await fixturePrompts(model);
    const tries = new Map(got.map((r: any) => [r.member_key as string, r.tries as number]));
    const over = rows.flatMap((row) => {
      const answered = prompts.filter((x) => x.prompt.includes(row.question)).reduce((n, x) => n + x.calls, 0);
      return answered >= 1 && answered <= tries.get(row.id)! ? [] : [`${row.id}: answered ${answered} times, ${tries.get(row.id)} tries`];
    });
    expect(over).toEqual([]);
    // The run's concurrency held throughout (the endpoint refused what passed its own three).
    expect((await fixtureStats(model)).max_in_flight).toBeLessThanOrEqual(6);
  });
});
