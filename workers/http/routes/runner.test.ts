import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelLive } from "../../agent/cancel";
import { inject } from "vitest";
import { attemptId } from "../../../src/domain/attempt-id";
import { issueRunnerToken } from "../../../src/runner/tokens";
import { MAX_ARTIFACT_BYTES } from "../../../src/storage/artifacts";
import { call, expectProblem, newProject } from "../../../test/http";
import { agentProfile, createAgentRun } from "../../../test/runner";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, waitForRun } from "../../../test/runs";

const SECRET_KEY = "test-secret-key-0123456789abcdef";

/** What the reference runner received for a run (it keeps attempts in debug mode). */
async function received(runId: string): Promise<any[]> {
  const r = await fetch(`${inject("runnerUrl")}/_attempts`).catch(() => null);
  if (!r?.ok) return [];
  return ((await r.json()) as any[]).filter((a) => a.attempt.run_id === runId).sort((a, b) => a.attempt.seq - b.attempt.seq);
}

/**
 * A started agent run whose runner accepts attempts and stays silent, so
 * the test plays the runner with the real tokens it was sent.
 */
async function silentRun(n = 2, options: Record<string, unknown> = {}, behaviour = "silent") {
  const { key, project } = await newProject();
  const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(n));
  const profile = await agentProfile(key, { behaviour });
  const runId = await createAgentRun(key, [bm], profile.ref, { concurrency: 4, timeout_s: 120, ...options });
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  const deadline = Date.now() + 30_000;
  let got: any[] = [];
  while (Date.now() < deadline && (got = await received(runId)).length < n) await new Promise((r) => setTimeout(r, 100));
  expect(got).toHaveLength(n);
  return { key, runId, attempts: got };
}

const events = (id: string, token: string | undefined, body: unknown) => call("POST", `/api/runner/attempts/${id}/events`, { key: token, body });
const result = (id: string, token: string | undefined, body: unknown) => call("POST", `/api/runner/attempts/${id}/result`, { key: token, body });
const put = (id: string, name: string, token: string | undefined, raw: BodyInit, type = "application/octet-stream") =>
  call("PUT", `/api/runner/attempts/${id}/artifacts/${name}`, { key: token, raw, type });

const phase = { events: [{ kind: "phase", phase: "agent" }] };

describe("runner protocol: the signed attempt", { timeout: 120_000 }, () => {
  it("sends the task, the profile with secrets resolved (not the signing secret), callbacks and a token", async () => {
    const { runId, attempts } = await silentRun(1);
    const a = attempts[0];
    expect(a).toMatchObject({
      protocol: "assay.runner.v1",
      attempt: { id: attemptId(runId, 0), run_id: runId, seq: 0, try: 1, attempt_index: 0, target: "a", timeout_s: 120 },
      task: { key: "q1", row_index: 0, subset: null, expected: "5", data: { id: "q1", question: "What is 3 + 2?", answer: "5" } },
      scoring: { type: "regex" },
      params: { behaviour: "silent", model: expect.stringMatching(/:tools=1$/) },
      secrets: { api_key: "sk-runner-planted-secret-4412" },
      callbacks: {
        events: `http://assay.test/api/runner/attempts/${attemptId(runId, 0)}/events`,
        artifacts: `http://assay.test/api/runner/attempts/${attemptId(runId, 0)}/artifacts/{name}`,
        result: `http://assay.test/api/runner/attempts/${attemptId(runId, 0)}/result`,
      },
    });
    expect(a.task.messages.at(-1)).toEqual({ role: "user", content: "Solve it and end with '#### <number>'.\nWhat is 3 + 2?" });
    expect(a.secrets.runner_signing_secret).toBeUndefined();
    expect(JSON.stringify(a)).not.toContain(inject("runnerSecret"));
    expect(a.token).toMatch(/^rt_/);
  });
});

describe("runner protocol: tokens", { timeout: 120_000 }, () => {
  it("accepts the attempt's own token until the attempt ends, then answers 409", async () => {
    const { runId, attempts, key } = await silentRun(2);
    const [a0] = attempts;
    const id = a0.attempt.id;
    expect((await events(id, a0.token, phase)).body).toEqual({ accepted: 1 });
    const done = await result(id, a0.token, { reward: 0.5, structured: { composite: 0.5, dimensions: { tests: 0.5 }, judge_summary: "half" }, exit_code: 0, error: null });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ attempt_id: id, status: "succeeded", reward: 0.5 });
    expectProblem(await events(id, a0.token, phase), 409, "conflict");
    expectProblem(await result(id, a0.token, { reward: 1 }), 409, "conflict");
    expectProblem(await put(id, "late.txt", a0.token, "x"), 409, "conflict");
    const [row] = (await attemptsOf(runId)).filter((r: any) => r.seq === 0);
    expect(row).toMatchObject({ status: "succeeded", reward: 0.5, exit_code: 0, error: null, reason: "half" });
    expect(JSON.parse(row.structured)).toEqual({ composite: 0.5, dimensions: { tests: 0.5 }, judge_summary: "half" });
    const trial = await call("GET", `/api/trials/${id}?include_reward_components=true`, { key });
    expect(trial.body.reward_components).toMatchObject({ composite: 0.5, dimensions: { tests: 0.5 }, judge_summary: "half" });
  });

  it("refuses another attempt's token (403), a forged or missing one (401), an expired or replaced one (409)", async () => {
    const { attempts } = await silentRun(2);
    const [a0, a1] = attempts;
    const id = a0.attempt.id;
    expectProblem(await events(id, a1.token, phase), 403, "forbidden");
    const [payload, mac] = (a0.token as string).split(".");
    const forged = `${payload}.${mac!.slice(0, -1)}${mac!.endsWith("0") ? "1" : "0"}`;
    expectProblem(await events(id, forged, phase), 401, "unauthorized");
    expectProblem(await events(id, undefined, phase), 401, "unauthorized");
    expectProblem(await events(id, "ak_not_a_runner_token", phase), 401, "unauthorized");
    const claims = { a: id, d: a0.attempt.dispatch_id, s: 1 };
    expectProblem(await events(id, await issueRunnerToken(SECRET_KEY, { ...claims, e: Date.now() - 1 }), phase), 409, "conflict");
    expectProblem(await events(id, await issueRunnerToken(SECRET_KEY, { ...claims, d: "an-older-dispatch", e: Date.now() + 60_000 }), phase), 409, "conflict");
    // None of that touched the attempt: its own token still works.
    expect((await events(id, a0.token, phase)).status).toBe(200);
  });

  it("ends an attempt whose runner never reports at its timeout: timed_out, no reward, token 409", async () => {
    const { key, runId, attempts } = await silentRun(2, { timeout_s: 2 });
    const p = await waitForRun(key, runId, 30_000);
    // Nothing was scored: failed, with the reason (issue 21), never "completed".
    expect(p).toMatchObject({ status: "failed", terminal_attempts: 2, scored_attempts: 0 });
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => [r.status, r.reward])).toEqual([
      ["timed_out", null],
      ["timed_out", null],
    ]);
    expect(rows[0].error).toMatch(/did not report a result within the attempt's timeout \(2 s\)/);
    expectProblem(await events(attempts[0].attempt.id, attempts[0].token, phase), 409, "conflict");
    const set = await call("GET", `/api/eval-runs/${runId}/live-set`, { key });
    expect(set.body.items).toEqual([]);
  });
});

describe("runner protocol: the turns a runner counts", { timeout: 120_000 }, () => {
  it("are the attempt's turns in its row, the samples and the overview; a result without them leaves them unknown, not 0", async () => {
    const { runId, attempts, key } = await silentRun(3);
    const [a0, a1, a2] = attempts;
    // The bash harness reports its model calls; an older runner or an external agent says nothing, or null.
    expect((await result(a0.attempt.id, a0.token, { reward: 1, turns: 3 })).status).toBe(200);
    expect((await result(a1.attempt.id, a1.token, { reward: 0, turns: 6 })).status).toBe(200);
    expect((await result(a2.attempt.id, a2.token, { reward: 0 })).status).toBe(200);
    await waitForRun(key, runId, 30_000);
    expect((await attemptsOf(runId)).map((r: any) => r.turns)).toEqual([3, 6, null]);
    const samples = (await call("GET", `/api/eval-runs/${runId}/samples`, { key })).body.items as any[];
    expect(samples.map((s) => s.turns)).toEqual([3, 6, null]);
    const [g] = (await call("GET", `/api/eval-runs/${runId}/overview`, { key })).body.groups as any[];
    expect(g.execution).toBe("agent");
    // Over the attempts that reported a count: the one without is left out, not counted as 0.
    expect(g.tiles.mean_turns).toBe(4.5);
    expect(g.tiles.distributions.turns.summary).toMatchObject({ n: 2, min: 3, max: 6 });
    expect(g.tiles.distributions.turns.histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(2);
  });

  it("leave the overview's mean turns null when no attempt reported a count", async () => {
    const { runId, attempts, key } = await silentRun(2);
    for (const a of attempts) expect((await result(a.attempt.id, a.token, { reward: 1, turns: null })).status).toBe(200);
    await waitForRun(key, runId, 30_000);
    expect((await attemptsOf(runId)).map((r: any) => r.turns)).toEqual([null, null]);
    const [g] = (await call("GET", `/api/eval-runs/${runId}/overview`, { key })).body.groups as any[];
    expect(g.tiles.mean_turns).toBeNull();
    expect(g.tiles.distributions.turns).toEqual({ summary: null, histogram: null });
  });
});

describe("runner protocol: a running attempt's steps", { timeout: 120_000 }, () => {
  it("come from its live object, with the request in flight as pending", async () => {
    const { key, attempts } = await silentRun(1);
    const a = attempts[0];
    const id = a.attempt.id;
    const prompt = [{ role: "user", content: "What is 3 + 2?" }];
    await events(id, a.token, { events: [{ kind: "phase", phase: "agent" }, { kind: "preview", messages: prompt }] });
    let r = await call("GET", `/api/trials/${id}/steps`, { key });
    expect(r.body).toMatchObject({ attempt_id: id, live: true, num_steps: 0, items: [], pending: prompt });
    await events(id, a.token, {
      events: [
        { kind: "turn", messages: [...prompt, { role: "assistant", content: "#### 5" }], model: "m", usage: { input_tokens: 7, output_tokens: 3 }, latency_ms: 12 },
      ],
    });
    r = await call("GET", `/api/trials/${id}/steps`, { key });
    expect(r.body).toMatchObject({ live: true, num_steps: 1, pending: null, next_start_step_index: null });
    expect(r.body.items[0]).toMatchObject({ step_index: 0, new_messages_from: 0, model: "m", usage: { input_tokens: 7, output_tokens: 3 }, latency_ms: 12, reward: null });
    expect(r.body.items[0].messages).toEqual([...prompt, { role: "assistant", content: "#### 5" }]);
    const set = await call("GET", `/api/eval-runs/${a.attempt.run_id}/live-set`, { key });
    expect(set.body.items[0]).toMatchObject({ attempt_id: id, execution: "agent", phase: "agent", turns: 1, messages: 2, tokens: { input: 7, output: 3 }, awaiting_model: false });
  });
});

describe("runner protocol: a stopped run", { timeout: 120_000 }, () => {
  it("takes no result after a stop (409); the stop ends its running attempts at once", async () => {
    const { key, runId, attempts } = await silentRun(3);
    const [a0, a1] = attempts;
    expect((await call("GET", `/api/eval-runs/${runId}/live-set`, { key })).body.count).toBe(3);
    expect((await call("POST", `/api/eval-runs/${runId}/stop`, { key })).status).toBe(200);
    expectProblem(await result(a0.attempt.id, a0.token, { reward: 1 }), 409, "conflict");
    // The stop already ended them: cancelling again finds nothing left.
    expect(await cancelLive(env, runId)).toBe(0);
    expectProblem(await events(a1.attempt.id, a1.token, phase), 409, "conflict");
    const set = await call("GET", `/api/eval-runs/${runId}/live-set`, { key });
    expect(set.body).toMatchObject({ count: 0, items: [] });
    expect(await attemptsOf(runId)).toEqual([]);
    const gate = await env.RUN_GATE.get(env.RUN_GATE.idFromName(runId)).stats();
    expect(gate.in_flight).toBe(0);
  });
});

describe("runner protocol: artifacts", { timeout: 120_000 }, () => {
  it("round-trips an artifact byte for byte with its content type, listed by name", async () => {
    const { key, attempts } = await silentRun(1);
    const a = attempts[0];
    const id = a.attempt.id;
    const bytes = new Uint8Array(70_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + (i >> 8)) & 0xff;
    const up = await put(id, "screen.png", a.token, bytes, "image/png");
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: "screen.png", size: bytes.length, content_type: "image/png", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await put(id, "patch.diff", a.token, "--- a\n+++ b\n", "text/x-diff; charset=utf-8")).status).toBe(201);
    const list = await call("GET", `/api/trials/${id}/artifacts`, { key });
    expect(list.body.items.map((x: any) => [x.name, x.size, x.content_type])).toEqual([
      ["patch.diff", 12, "text/x-diff; charset=utf-8"],
      ["screen.png", bytes.length, "image/png"],
    ]);
    expect(list.body.next_cursor).toBeNull();
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch(new Request(`http://assay.test/api/trials/${id}/artifacts/screen.png`, { headers: { authorization: `Bearer ${key}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-artifact-sha256")).toBe(up.body.sha256);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    // A re-upload replaces it.
    await put(id, "screen.png", a.token, new Uint8Array([1, 2, 3]), "image/png");
    const again = await exports.default.fetch(new Request(`http://assay.test/api/trials/${id}/artifacts/screen.png`, { headers: { authorization: `Bearer ${key}` } }));
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expectProblem(await call("GET", `/api/trials/${id}/artifacts/nope.txt`, { key }), 404, "not_found");
  });

  it("refuses an artifact over the size limit with 413 and keeps nothing", async () => {
    const { key, attempts } = await silentRun(1);
    const a = attempts[0];
    expectProblem(await put(a.attempt.id, "big.bin", a.token, new Uint8Array(MAX_ARTIFACT_BYTES + 1)), 413, "payload_too_large");
    expect((await call("GET", `/api/trials/${a.attempt.id}/artifacts`, { key })).body.items).toEqual([]);
  });
});

describe("runner protocol: validation", { timeout: 120_000 }, () => {
  it.each([
    [{}, "events"],
    [{ events: [] }, "events"],
    [{ events: [{ kind: "header" }] }, "events.0.kind"],
    [{ events: [{ kind: "phase", phase: "lunch" }] }, "events.0.phase"],
    [{ events: [{ kind: "turn", messages: [] }] }, "events.0.messages"],
    [{ events: [{ kind: "turn", messages: [{ role: "robot", content: "x" }] }] }, "events.0.messages.0.role"],
    [{ events: [{ kind: "phase", phase: "agent", extra: 1 }] }, "events.0.extra"],
    [{ events: [], more: 1 }, "more"],
  ])("refuses events %j naming %s", async (body, field) => {
    const { attempts } = await sharedRun();
    const r = expectProblem(await events(attempts[0].attempt.id, attempts[0].token, body), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it.each([
    [{}, "reward"],
    [{ reward: "1" }, "reward"],
    [{ reward: 1, exit_code: 1.5 }, "exit_code"],
    [{ reward: 1, structured: { dimensions: { a: "x" } } }, "structured.dimensions.a"],
    [{ reward: 1, verdict: "ok" }, "verdict"],
    [{ reward: 1, turns: -1 }, "turns"],
    [{ reward: 1, turns: 2.5 }, "turns"],
    [{ reward: 1, turns: "3" }, "turns"],
  ])("refuses result %j naming %s", async (body, field) => {
    const { attempts } = await sharedRun();
    const r = expectProblem(await result(attempts[0].attempt.id, attempts[0].token, body), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it.each([".hidden", "a/b", "x".repeat(201)])("refuses the artifact name %s", async (name) => {
    const { attempts } = await sharedRun();
    const r = await put(attempts[0].attempt.id, encodeURIComponent(name), attempts[0].token, "x");
    expect([404, 422]).toContain(r.status);
    if (r.status === 422) expect(expectProblem(r, 422, "validation_failed").errors?.map((e) => e.field)).toContain("name");
  });
});

describe("runner protocol: dispatch failures", { timeout: 120_000 }, () => {
  it("ends attempts a runner refuses (4xx) failed, with its answer", async () => {
    const { key, project } = await newProject();
    const name = `arith-refused-${crypto.randomUUID().slice(0, 8)}`;
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2), name);
    const profile = await agentProfile(key, { behaviour: "refuse" });
    const runId = await createAgentRun(key, [bm], profile.ref);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect((await waitForRun(key, runId, 30_000)).status).toBe("failed");
    expect((await call("GET", `/api/eval-runs/${runId}`, { key })).body).toMatchObject({ error: `${name}: 400 from the target: request refused (2 of 2 attempts)`, error_counts: { http_400: 2 } });
    const rows = await attemptsOf(runId);
    expect(rows.map((r: any) => [r.status, r.reward, r.tries])).toEqual([
      ["failed", null, 1],
      ["failed", null, 1],
    ]);
    expect(rows[0].error).toMatch(/the runner answered 400: .*told to refuse/);
  });

  it("fails attempts whose profile has no signing secret, saying which parameter is missing", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(1));
    const r = await call("POST", "/api/profiles", { key, body: { name: `nosig-${crypto.randomUUID().slice(0, 6)}`, version: "1", params: { model: "m" } } });
    const runId = await createAgentRun(key, [bm], `${r.body.name}@1`);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect((await waitForRun(key, runId, 30_000)).status).toBe("failed");
    const [row] = await attemptsOf(runId);
    expect(row).toMatchObject({ status: "failed", reward: null });
    expect(row.error).toMatch(/runner_signing_secret/);
  });

  it("fails attempts when the runner cannot be reached, after retrying", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(1));
    const profile = await agentProfile(key);
    // A port nobody listens on: every dispatch is a network error, retried with backoff, then given up.
    const runId = await createAgentRun(key, [bm], profile.ref, {}, "http://127.0.0.1:9");
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const logs = async () => (await call("GET", `/api/eval-runs/${runId}/logs?limit=200`, { key })).body.items as any[];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(await logs()).some((l) => l.event === "retry")) await new Promise((r) => setTimeout(r, 200));
    const retry = (await logs()).find((l) => l.event === "retry");
    expect(retry?.message).toMatch(/dispatch 1 failed; retrying in \d+ ms: the runner could not be reached/);
  });
});

let shared: Promise<{ key: string; runId: string; attempts: any[] }> | null = null;
/** One silent run reused by the validation tables (nothing there changes it). */
function sharedRun() {
  shared ??= silentRun(1);
  return shared;
}
