import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { finishRun } from "../../../src/db/run-status";
import { seedBenchmark } from "../../../test/benchmarks";
import { call, expectProblem, keyWith, newProject } from "../../../test/http";
import { handVerify } from "../../../test/standard-webhooks";
import { cronPass, finishSynthetic, passFail, syntheticRun } from "../../../test/synthetic-runs";
import type { Received } from "../../../test/webhook-receiver";

const uniq = () => crypto.randomUUID().slice(0, 8);
const receiver = (path: string) => `${inject("webhookReceiverUrl")}${path}`;

async function received(path: string): Promise<Received[]> {
  return (await fetch(`${inject("webhookReceiverUrl")}/_received?path=${encodeURIComponent(path)}`)).json();
}

async function subscribe(key: string, path: string, events: string[]) {
  const r = await call("POST", "/api/webhooks", { key, body: { url: receiver(path), events } });
  if (r.status !== 201) throw new Error(`subscribe failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { webhook: { id: string }; secret: string };
}

async function setup() {
  const { key, project } = await newProject();
  const bm = await seedBenchmark(project.id);
  const run = (status: "completed" | "failed" | "cancelled" | "running" = "completed", rewards = passFail(4, 3)) =>
    syntheticRun({ projectId: project.id, model: "hooked-model", status, benchmarks: [{ benchmarkId: bm, rewards }] });
  return { key, project, bm, run };
}

describe("webhooks: happy path", () => {
  it("creates a subscription whose secret is shown once, lists, reads and deletes it", async () => {
    const { key } = await newProject();
    const r = await call("POST", "/api/webhooks", { key, body: { url: "https://example.com/hook", events: ["run.completed", "run.completed", "drift.detected"], description: "ci" } });
    expect(r.status).toBe(201);
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(r.body.webhook).toMatchObject({ url: "https://example.com/hook", events: ["run.completed", "drift.detected"], description: "ci", secret: { set: true } });
    const id = r.body.webhook.id;
    const list = await call("GET", "/api/webhooks", { key });
    expect(list.body.items).toEqual([r.body.webhook]);
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret.slice(6));
    expect((await call("GET", `/api/webhooks/${id}`, { key })).body).toEqual(r.body.webhook);
    const row = await env.DB.prepare(`SELECT secret FROM webhooks WHERE id = ?1`).bind(id).first<{ secret: string }>();
    expect(row!.secret).not.toContain(r.body.secret.slice(6));
    expect((await call("DELETE", `/api/webhooks/${id}`, { key })).status).toBe(204);
    expectProblem(await call("GET", `/api/webhooks/${id}`, { key }), 404, "not_found");
  });

  it("delivers run.completed once, signed in the Standard Webhooks scheme, and logs it", async () => {
    const { key, run } = await setup();
    const path = `/${uniq()}/hook`;
    const { webhook, secret } = await subscribe(key, path, ["run.completed"]);
    const runId = await run();
    await cronPass();
    await cronPass();
    const got = await received(path);
    expect(got).toHaveLength(1);
    const [msg] = got;
    expect(msg!.method).toBe("POST");
    expect(msg!.headers["content-type"]).toBe("application/json");
    expect(msg!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(Math.abs(Number(msg!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(await handVerify(secret, msg!.headers, msg!.body)).toBe(true);
    expect(await handVerify(secret, msg!.headers, msg!.body.replace("completed", "failed"))).toBe(false);
    const body = JSON.parse(msg!.body);
    expect(body).toMatchObject({ type: "run.completed", data: { run: { id: runId, status: "completed" } } });
    expect(body.data.scores).toEqual([
      expect.objectContaining({ target: "target", model: "hooked-model", score: 0.75, display: "75%", score_counts: expect.objectContaining({ scored: 4, missing: 0 }) }),
    ]);
    const log = await call("GET", `/api/webhooks/${webhook.id}/deliveries`, { key });
    expect(log.status).toBe(200);
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      id: msg!.headers["webhook-id"],
      event: "run.completed",
      status: "delivered",
      attempts: 1,
      response_status: 204,
      last_error: null,
      next_attempt_at: null,
      payload: body,
    });
    expect(log.body.items[0].tries).toEqual([expect.objectContaining({ status: 204, error: null })]);
  });

  it("sends only the events a subscription asked for: failed, cancelled and drift", async () => {
    const { key, run, project, bm } = await setup();
    const failedPath = `/${uniq()}/failed`;
    const cancelledPath = `/${uniq()}/cancelled`;
    const driftPath = `/${uniq()}/drift`;
    await subscribe(key, failedPath, ["run.failed"]);
    await subscribe(key, cancelledPath, ["run.cancelled"]);
    const drift = await subscribe(key, driftPath, ["drift.detected"]);
    await run("completed");
    await run("failed");
    const cancelled = await run("running");
    await finishSynthetic(cancelled, "cancelled");
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
    const rows = (from: number, to: number) => Array.from({ length: 60 }, (_, i) => [i >= from && i < to ? 1 : 0]);
    await syntheticRun({ projectId: project.id, model: "drifty", finishedAt: at(1), benchmarks: [{ benchmarkId: bm, rewards: rows(0, 50) }] });
    const worse = await syntheticRun({ projectId: project.id, model: "drifty", finishedAt: at(2), benchmarks: [{ benchmarkId: bm, rewards: rows(25, 50) }] });
    await cronPass();
    expect((await received(failedPath)).map((m) => JSON.parse(m.body).type)).toEqual(["run.failed"]);
    const c = await received(cancelledPath);
    expect(c.map((m) => JSON.parse(m.body))).toEqual([expect.objectContaining({ type: "run.cancelled", data: expect.objectContaining({ run: expect.objectContaining({ id: cancelled }), scores: [] }) })]);
    const d = await received(driftPath);
    expect(d).toHaveLength(1);
    expect(await handVerify(drift.secret, d[0]!.headers, d[0]!.body)).toBe(true);
    const alert = JSON.parse(d[0]!.body).data.alert;
    expect(alert).toMatchObject({ run_id: worse, benchmark_id: bm, benchmark_name: expect.stringMatching(/^seeded-/), model: "drifty", regressed_count: 25 });
    expect((await call("GET", `/api/alerts/${alert.id}`, { key })).body).toEqual(alert);
  });

  it("run.failed names each benchmark as a reader knows it, its id beside the text for machines", async () => {
    const { key, project } = await newProject();
    const solid = await seedBenchmark(project.id, { name: `Arithmetic ${uniq()}` });
    const broken = await seedBenchmark(project.id, { name: `Word problems ${uniq()}` });
    const path = `/${uniq()}/named`;
    await subscribe(key, path, ["run.failed"]);
    const runId = await syntheticRun({
      projectId: project.id,
      model: "named-model",
      status: "running",
      benchmarks: [
        { benchmarkId: solid, rewards: passFail(2, 1) },
        { benchmarkId: broken, rewards: [[null], [null]] },
      ],
    });
    // The engine's own verdict (src/domain/run-outcome.ts through src/db/run-status.ts), as the last attempt's landing calls it.
    expect(await finishRun(env.DB, runId, new Date().toISOString())).toBe("failed");
    await cronPass();
    const [msg] = await received(path);
    const { data } = JSON.parse(msg!.body);
    const brokenName = (await call("GET", `/api/benchmarks/${broken}`, { key })).body.name;
    expect(data.run.error).toBe(`${brokenName}: the attempts failed (2 of 2 attempts)`);
    expect(data.run.error).not.toContain(broken);
    expect(data.run.benchmarks).toEqual([solid, broken]);
    expect(data.run.failures).toEqual([{ benchmark_id: broken, benchmark_name: brokenName, error: "the attempts failed (2 of 2 attempts)" }]);
    const solidName = (await call("GET", `/api/benchmarks/${solid}`, { key })).body.name;
    expect(data.scores.map((s: { benchmark_id: string; benchmark_name: string; score: number | null }) => [s.benchmark_id, s.benchmark_name, s.score])).toEqual([
      [solid, solidName, 0.5],
      [broken, brokenName, null],
    ]);
  });

  it("retries a failing receiver with exponential backoff under the same webhook-id, then delivers", async () => {
    const { key, run } = await setup();
    const path = `/fail-2/${uniq()}`;
    const { webhook, secret } = await subscribe(key, path, ["run.completed"]);
    await run();
    const t0 = Date.now();
    await cronPass(t0);
    const deliveries = async () => (await call("GET", `/api/webhooks/${webhook.id}/deliveries`, { key })).body.items;
    let [d] = await deliveries();
    expect(d).toMatchObject({ status: "pending", attempts: 1, response_status: 500, last_error: "the receiver answered 500" });
    const first = Date.parse(d.next_attempt_at) - t0;
    expect(first).toBeGreaterThanOrEqual(24_000);
    expect(first).toBeLessThanOrEqual(36_000);
    await cronPass(t0 + 10_000); // not due yet
    expect(await received(path)).toHaveLength(1);
    await cronPass(t0 + 40_000);
    [d] = await deliveries();
    expect(d).toMatchObject({ status: "pending", attempts: 2 });
    const second = Date.parse(d.next_attempt_at) - (t0 + 40_000);
    expect(second).toBeGreaterThanOrEqual(48_000);
    expect(second).toBeLessThanOrEqual(72_000);
    await cronPass(t0 + 200_000);
    [d] = await deliveries();
    expect(d).toMatchObject({ status: "delivered", attempts: 3, response_status: 204 });
    expect(d.tries.map((t: any) => t.status)).toEqual([500, 500, 204]);
    const got = await received(path);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((m) => m.headers["webhook-id"]))).toEqual(new Set([d.id]));
    for (const m of got) expect(await handVerify(secret, m.headers, m.body)).toBe(true);
  });

  it("gives up after its tries and stops sending once the subscription is deleted", async () => {
    const { key, run } = await setup();
    const deadPath = `/status-500/${uniq()}`;
    const dead = await subscribe(key, deadPath, ["run.completed"]);
    const gonePath = `/status-503/${uniq()}`;
    const gone = await subscribe(key, gonePath, ["run.completed"]);
    await run();
    let t = Date.now();
    await cronPass(t);
    expect(await received(gonePath)).toHaveLength(1);
    expect((await call("DELETE", `/api/webhooks/${gone.webhook.id}`, { key })).status).toBe(204);
    for (let i = 0; i < 10; i++) await cronPass((t += 24 * 3600_000));
    const [d] = (await call("GET", `/api/webhooks/${dead.webhook.id}/deliveries`, { key })).body.items;
    expect(d).toMatchObject({ status: "failed", attempts: 8, next_attempt_at: null, response_status: 500 });
    expect(d.tries).toHaveLength(8);
    expect(await received(deadPath)).toHaveLength(8);
    expect(await received(gonePath)).toHaveLength(1);
  });
});

describe("webhooks: validation", () => {
  it.each([
    [{ events: ["run.completed"] }, "url"],
    [{ url: "ftp://example.com", events: ["run.completed"] }, "url"],
    [{ url: "https://user:pw@example.com/h", events: ["run.completed"] }, "url"],
    [{ url: "not a url", events: ["run.completed"] }, "url"],
    [{ url: "https://example.com/h", events: [] }, "events"],
    [{ url: "https://example.com/h" }, "events"],
    [{ url: "https://example.com/h", events: ["run.started"] }, "events.0"],
    [{ url: "https://example.com/h", events: ["run.completed"], description: "x".repeat(501) }, "description"],
    [{ url: "https://example.com/h", events: ["run.completed"], secret: "whsec_abc" }, "secret"],
  ])("refuses body %j naming %s", async (body, field) => {
    const { key } = await newProject();
    const r = expectProblem(await call("POST", "/api/webhooks", { key, body }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
    expect((await call("GET", "/api/webhooks", { key })).body.items).toEqual([]);
  });

  it("refuses bad paging and unknown ids", async () => {
    const { key } = await newProject();
    const r = expectProblem(await call("GET", "/api/webhooks?limit=0", { key }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain("limit");
    expectProblem(await call("GET", "/api/webhooks?cursor=%25", { key }), 400);
    expectProblem(await call("GET", "/api/webhooks/wh_nope/deliveries", { key }), 404, "not_found");
    expectProblem(await call("DELETE", "/api/webhooks/wh_nope", { key }), 404, "not_found");
    expectProblem(await call("POST", "/api/webhooks", { key, raw: "{", type: "application/json" }), 400, "invalid_json");
  });
});

describe("webhooks: auth", () => {
  it("reads with read scope; creating and deleting need write", async () => {
    const { key } = await newProject();
    const { webhook } = await subscribe(key, `/${uniq()}`, ["run.completed"]);
    expectProblem(await call("GET", "/api/webhooks"), 401, "unauthorized");
    expectProblem(await call("GET", "/api/webhooks", { key: "ak_forged" }), 401, "unauthorized");
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", "/api/webhooks", { key: read })).body.items).toHaveLength(1);
    expect((await call("GET", `/api/webhooks/${webhook.id}/deliveries`, { key: read })).status).toBe(200);
    expectProblem(await call("POST", "/api/webhooks", { key: read, body: { url: "https://x.example", events: ["run.failed"] } }), 403, "forbidden");
    expectProblem(await call("DELETE", `/api/webhooks/${webhook.id}`, { key: read }), 403, "forbidden");
  });
});

describe("webhooks: isolation", () => {
  it("never shows, deletes or feeds another project's subscriptions", async () => {
    const a = await setup();
    const b = await setup();
    const aPath = `/${uniq()}/a`;
    const bPath = `/${uniq()}/b`;
    const aHook = await subscribe(a.key, aPath, ["run.completed"]);
    await subscribe(b.key, bPath, ["run.completed"]);
    await a.run();
    await cronPass();
    expect(await received(aPath)).toHaveLength(1);
    expect(await received(bPath)).toHaveLength(0);
    expectProblem(await call("GET", `/api/webhooks/${aHook.webhook.id}`, { key: b.key }), 404, "not_found");
    expectProblem(await call("GET", `/api/webhooks/${aHook.webhook.id}/deliveries`, { key: b.key }), 404, "not_found");
    expectProblem(await call("DELETE", `/api/webhooks/${aHook.webhook.id}`, { key: b.key }), 404, "not_found");
    expect(JSON.stringify((await call("GET", "/api/webhooks", { key: b.key })).body)).not.toContain(aHook.webhook.id);
    expect((await call("GET", `/api/webhooks/${aHook.webhook.id}`, { key: a.key })).status).toBe(200);
  });
});
