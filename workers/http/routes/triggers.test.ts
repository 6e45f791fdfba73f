import { describe, expect, it } from "vitest";
import { seedBenchmark } from "../../../test/benchmarks";
import { BOOTSTRAP, call, expectProblem, keyWith, newProject } from "../../../test/http";
import { arithmeticBenchmark, arithmeticRows, fixtureBase, waitForRun } from "../../../test/runs";
import { handHeaders } from "../../../test/standard-webhooks";
import { triggerRequestId } from "../../../src/db/triggers";

const uniq = () => crypto.randomUUID().slice(0, 8);

function template(benchmarks: string[], extra: Record<string, unknown> = {}) {
  return {
    benchmarks,
    target: { kind: "model", provider: "openai", base_url: fixtureBase(), model: "placeholder", api_key: "sk-trigger-planted-9941" },
    options: { concurrency: 4 },
    ...extra,
  };
}

async function createTrigger(key: string, body: Record<string, unknown>) {
  const r = await call("POST", "/api/triggers", { key, body });
  if (r.status !== 201) throw new Error(`trigger create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { trigger: { id: string; url: string }; secret: string; url: string };
}

/** Calls a trigger's hook, signed by hand with `secret` at `timestamp`. */
async function fire(triggerId: string, secret: string, payload: unknown, opts: { id?: string; timestamp?: number; raw?: string } = {}) {
  const body = opts.raw ?? JSON.stringify(payload);
  const headers = await handHeaders(secret, opts.id ?? `msg_${uniq()}`, body, opts.timestamp);
  return call("POST", `/hooks/${triggerId}`, { raw: body, headers: { ...headers, "content-type": "application/json" } });
}

async function runCount(key: string) {
  return (await call("GET", "/api/eval-runs?limit=200", { key })).body.items.length as number;
}

describe("triggers: happy path", () => {
  it("creates a trigger whose secret is shown once and whose template keys stay sealed", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const r = await call("POST", "/api/triggers", { key, body: { name: "nightly", run_template: template([bm]) } });
    expect(r.status).toBe(201);
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(r.body.url).toBe(`http://assay.test/hooks/${r.body.trigger.id}`);
    expect(r.body.trigger).toMatchObject({
      name: "nightly",
      url: r.body.url,
      secret: { set: true },
      last_fired_at: null,
      run_template: { benchmarks: [bm], target: { kind: "model", model: "placeholder", api_key: { set: true } }, options: { concurrency: 4, attempts: 1 } },
    });
    const list = await call("GET", "/api/triggers", { key });
    expect(list.body.items).toEqual([r.body.trigger]);
    const text = JSON.stringify(list.body) + JSON.stringify((await call("GET", `/api/triggers/${r.body.trigger.id}`, { key })).body);
    expect(text).not.toContain("sk-trigger-planted-9941");
    expect(text).not.toContain(r.body.secret.slice(6));
    const given = `whsec_${btoa("k".repeat(32))}`;
    expect((await call("POST", "/api/triggers", { key, body: { name: "given", run_template: template([bm]), secret: given } })).body.secret).toBe(given);
    expect((await call("DELETE", `/api/triggers/${r.body.trigger.id}`, { key })).status).toBe(204);
    expectProblem(await call("GET", `/api/triggers/${r.body.trigger.id}`, { key }), 404, "not_found");
  });

  it("starts a run from a signed call, filled from the payload; a replay returns the same run", { timeout: 120_000 }, async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(4));
    const t = await createTrigger(key, { name: "registry", run_template: template([bm], { display_name: "push {revision}" }) });
    const model = `fixture-${uniq()}:accuracy=1`;
    const payload = { model, revision: "r7" };
    const first = await fire(t.trigger.id, t.secret, payload, { id: "msg_push_1" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ trigger_id: t.trigger.id, webhook_id: "msg_push_1", replayed: false });
    expect(first.body.run).toMatchObject({ status: "queued", display_name: "push r7", benchmarks: [bm], target: { model, api_key: { set: true } } });
    const runId = first.body.run.id;
    const done = await waitForRun(key, runId);
    expect(done).toMatchObject({ status: "completed", scored_attempts: 4 });

    // The sender retries with the same webhook-id, signed again later.
    const replay = await fire(t.trigger.id, t.secret, payload, { id: "msg_push_1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toMatchObject({ replayed: true, run: { id: runId, status: "completed" } });
    const other = await fire(t.trigger.id, t.secret, { model, revision: "r8" });
    expect(other.status).toBe(201);
    expect(other.body.run.id).not.toBe(runId);
    expect(await runCount(key)).toBe(2);
    expect((await call("GET", `/api/triggers/${t.trigger.id}`, { key })).body.last_fired_at).toBeTruthy();
  });

  it("starts the draft a first call left behind when the call is replayed", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const t = await createTrigger(key, { name: "ci", run_template: template([bm]) });
    // What a first call that died between creating and starting its run leaves.
    const draft = await call("POST", "/api/eval-runs", { key, body: { ...template([bm]), request_id: await triggerRequestId(t.trigger.id, "msg_died") } });
    expect(draft.body.status).toBe("draft");
    const replay = await fire(t.trigger.id, t.secret, {}, { id: "msg_died" });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ replayed: true, run: { id: draft.body.id, status: "queued" } });
  });

  it("needs no API key: the signature is the credential", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const t = await createTrigger(key, { name: "ci", run_template: template([bm]) });
    const r = await fire(t.trigger.id, t.secret, {});
    expect(r.status).toBe(201);
    expect(r.body.run.display_name).toBe("ci: placeholder");
  });
});

describe("triggers: signed calls that are refused", () => {
  it("refuses forged, stale, future and unsigned calls with 401, creating nothing", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const t = await createTrigger(key, { name: "ci", run_template: template([bm]) });
    const now = Math.floor(Date.now() / 1000);
    const forged = expectProblem(await fire(t.trigger.id, `whsec_${btoa("f".repeat(32))}`, { model: "m" }), 401, "unauthorized");
    expect(forged.detail).toMatch(/signature/);
    const stale = expectProblem(await fire(t.trigger.id, t.secret, { model: "m" }, { timestamp: now - 600 }), 401, "unauthorized");
    expect(stale.detail).toMatch(/timestamp/);
    expectProblem(await fire(t.trigger.id, t.secret, { model: "m" }, { timestamp: now + 600 }), 401, "unauthorized");
    expectProblem(await call("POST", `/hooks/${t.trigger.id}`, { body: { model: "m" } }), 401, "unauthorized");
    // A body changed after signing.
    const body = JSON.stringify({ model: "m" });
    const headers = await handHeaders(t.secret, "msg_x", body);
    expectProblem(await call("POST", `/hooks/${t.trigger.id}`, { raw: JSON.stringify({ model: "evil" }), headers }), 401, "unauthorized");
    // Even a replayed id cannot be re-used with a bad signature.
    expect((await fire(t.trigger.id, t.secret, {}, { id: "msg_known" })).status).toBe(201);
    expectProblem(await fire(t.trigger.id, `whsec_${btoa("g".repeat(32))}`, {}, { id: "msg_known" }), 401, "unauthorized");
    expect(await runCount(key)).toBe(1);
    expectProblem(await fire("trg_nope", t.secret, {}), 404, "not_found");
  });

  it.each([
    [{ model: 5 }, "model"],
    [{ model: "" }, "model"],
    [{ revision: "r", bogus: true }, "bogus"],
    [["model"], "(body)"],
    [{ base_url: "gopher://x", revision: "r" }, "base_url"],
    [{ base_url: "https://elsewhere.example.com/v1", revision: "r" }, "base_url"],
    [{ model: "m" }, "revision"],
  ])("refuses payload %j with 422 naming %s, creating nothing", async (payload, field) => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const t = await createTrigger(key, { name: "ci", run_template: template([bm], { display_name: "build {revision}" }) });
    const r = expectProblem(await fire(t.trigger.id, t.secret, payload), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
    expect(await runCount(key)).toBe(0);
  });

  it("refuses malformed JSON (400), an oversized body (413) and a project without evaluations (402)", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const t = await createTrigger(key, { name: "ci", run_template: template([bm]) });
    expectProblem(await fire(t.trigger.id, t.secret, null, { raw: "{nope" }), 400, "invalid_json");
    expectProblem(await fire(t.trigger.id, t.secret, null, { raw: JSON.stringify({ model: "x".repeat(70_000) }) }), 413, "payload_too_large");
    await call("PATCH", `/api/projects/${project.id}`, { key: BOOTSTRAP, body: { plan: "free" } });
    expectProblem(await fire(t.trigger.id, t.secret, {}), 402, "payment_required");
    expect(await runCount(key)).toBe(0);
  });
});

describe("triggers: validation", () => {
  const bodies: [string, string, (bm: string) => Record<string, unknown>][] = [
    ["no name", "name", (bm) => ({ run_template: template([bm]) })],
    ["an empty name", "name", (bm) => ({ name: "", run_template: template([bm]) })],
    ["no template", "run_template", () => ({ name: "x" })],
    ["a short secret", "secret", (bm) => ({ name: "x", run_template: template([bm]), secret: "whsec_short" })],
    ["a secret without its prefix", "secret", (bm) => ({ name: "x", run_template: template([bm]), secret: btoa("k".repeat(32)) })],
    ["a request_id in the template", "run_template.request_id", (bm) => ({ name: "x", run_template: { ...template([bm]), request_id: "r" } })],
    ["an incomplete target", "run_template.target.provider", (bm) => ({ name: "x", run_template: { ...template([bm]), target: { kind: "model" } } })],
    ["an unknown benchmark", "run_template.benchmarks.0", () => ({ name: "x", run_template: template(["bm_unknown"]) })],
    ["an unknown field", "extra", (bm) => ({ name: "x", run_template: template([bm]), extra: 1 })],
  ];
  it.each(bodies)("refuses %s, naming %s", async (_, field, make) => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const r = expectProblem(await call("POST", "/api/triggers", { key, body: make(bm) }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
    expect((await call("GET", "/api/triggers", { key })).body.items).toEqual([]);
  });

  it("refuses bad paging and unknown ids", async () => {
    const { key } = await newProject();
    expectProblem(await call("GET", "/api/triggers?limit=500", { key }), 422, "validation_failed");
    expectProblem(await call("GET", "/api/triggers?cursor=%25", { key }), 400);
    expectProblem(await call("DELETE", "/api/triggers/trg_nope", { key }), 404, "not_found");
  });
});

describe("triggers: auth", () => {
  it("needs a write key to create or delete and a read key to list", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const t = await createTrigger(key, { name: "ci", run_template: template([bm]) });
    expectProblem(await call("GET", "/api/triggers"), 401, "unauthorized");
    expectProblem(await call("POST", "/api/triggers", { body: { name: "x", run_template: template([bm]) } }), 401, "unauthorized");
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", "/api/triggers", { key: read })).body.items).toHaveLength(1);
    expectProblem(await call("POST", "/api/triggers", { key: read, body: { name: "x", run_template: template([bm]) } }), 403, "forbidden");
    expectProblem(await call("DELETE", `/api/triggers/${t.trigger.id}`, { key: read }), 403, "forbidden");
  });
});

describe("triggers: isolation", () => {
  it("never shows, deletes or fires into another project", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const bm = await seedBenchmark(a.project.id);
    expectProblem(await call("POST", "/api/triggers", { key: b.key, body: { name: "x", run_template: template([bm]) } }), 422, "validation_failed");
    const t = await createTrigger(a.key, { name: "ci", run_template: template([bm]) });
    expectProblem(await call("GET", `/api/triggers/${t.trigger.id}`, { key: b.key }), 404, "not_found");
    expectProblem(await call("DELETE", `/api/triggers/${t.trigger.id}`, { key: b.key }), 404, "not_found");
    expect((await call("GET", "/api/triggers", { key: b.key })).body.items).toEqual([]);
    const fired = await fire(t.trigger.id, t.secret, {});
    expect(fired.status).toBe(201);
    expectProblem(await call("GET", `/api/eval-runs/${fired.body.run.id}`, { key: b.key }), 404, "not_found");
    expect((await call("GET", `/api/eval-runs/${fired.body.run.id}`, { key: a.key })).status).toBe(200);
  });
});

describe("cron-side routes: documentation", () => {
  it("documents the leaderboard, alert, webhook, trigger and hook routes in the OpenAPI document", async () => {
    const doc = await call("GET", "/api/openapi.json");
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      "/api/leaderboard",
      "/api/leaderboard/entries",
      "/api/leaderboard/boards/{id}",
      "/api/leaderboard/runs",
      "/api/alerts",
      "/api/alerts/{id}/ack",
      "/api/alerts/settings",
      "/api/webhooks",
      "/api/webhooks/{id}",
      "/api/webhooks/{id}/deliveries",
      "/api/triggers",
      "/api/triggers/{id}",
      "/hooks/{trigger_id}",
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.body.paths["/hooks/{trigger_id}"].post.security).toEqual([]);
  });
});
