// Deeply nested JSON on every write route that takes free-form values: a
// 422 naming the field, nothing stored, and the project's lists still read.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/domain/json-depth";
import { issueRunnerToken } from "../../src/runner/tokens";
import { seedBenchmark } from "../../test/benchmarks";
import { call, expectProblem, newProject } from "../../test/http";
import { fixtureBase } from "../../test/runs";

/** `[[[ ... 1 ... ]]]` nested `depth` arrays deep, as a marker the request body's text replaces (JSON.stringify itself recurses). */
function nested(depth: number): unknown {
  return `@deep:${depth}`;
}

/** POSTs `body` with every nested() marker written out as JSON text. */
function post(path: string, key: string, body: unknown) {
  const raw = JSON.stringify(body).replace(/"@deep:(\d+)"/g, (_m, d: string) => `${"[".repeat(Number(d))}1${"]".repeat(Number(d))}`);
  return call("POST", path, { key, raw, type: "application/json" });
}

const target = (params: unknown) => ({ kind: "model", provider: "openai", base_url: fixtureBase(), model: "fixture:accuracy=1", params: { deep: params } });

async function rows(table: string, projectId: string): Promise<number> {
  const r = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ?1`).bind(projectId).first<{ n: number }>();
  return r!.n;
}

describe("deeply nested JSON: validation", () => {
  it("refuses a dataset row nested 10,000 deep with the line and field, storing no revision", async () => {
    const { key, project } = await newProject();
    const lines = [JSON.stringify({ q: "ok", a: "1" }), JSON.stringify({ q: nested(10_000), a: "2" }).replace(/"@deep:(\d+)"/, `${"[".repeat(10_000)}1${"]".repeat(10_000)}`)].join("\n");
    const r = await call("POST", "/api/datasets/deep/revisions", { key, raw: lines, type: "application/x-ndjson" });
    const p = expectProblem(r, 422);
    expect(JSON.stringify(p)).toContain("line 2");
    expect(JSON.stringify(p)).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(await rows("dataset_revisions", project.id)).toBe(0);
    expect((await call("GET", "/api/datasets", { key })).status).toBe(200);
  });

  it("refuses profile params nested 3,000 deep naming params", async () => {
    const { key, project } = await newProject();
    const r = await post("/api/profiles", key, { name: "deep", version: "1", params: { a: nested(3_000) } });
    const p = expectProblem(r, 422, "validation_failed");
    expect(p.errors![0]!.field).toMatch(/^params\.a\.0\.0/);
    expect(p.errors![0]!.message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
    expect(await rows("profiles", project.id)).toBe(0);
    expect((await call("GET", "/api/profiles", { key })).status).toBe(200);
  });

  it("refuses a run whose target params nest 3,000 deep at creation", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const r = await post("/api/eval-runs", key, { benchmarks: [bm], target: target(nested(3_000)) });
    expect(expectProblem(r, 422, "validation_failed").errors![0]!.field).toMatch(/^target\.params\.deep\.0/);
    expect(await rows("eval_runs", project.id)).toBe(0);
  });

  it("refuses a trigger nested 7,000 deep, stores nothing, and the list still answers", async () => {
    const { key, project } = await newProject();
    const bm = await seedBenchmark(project.id);
    const r = await post("/api/triggers", key, { name: "deep", run_template: { benchmarks: [bm], target: target(nested(7_000)) } });
    expect(expectProblem(r, 422, "validation_failed").errors![0]!.field).toMatch(/^run_template\.target\.params\.deep\.0/);
    expect(await rows("triggers", project.id)).toBe(0);
    const list = await call("GET", "/api/triggers", { key });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
  });

  it("accepts nesting at the limit", async () => {
    const { key } = await newProject();
    // The body's own object is level 1, params level 2, its key's value 3 onwards.
    const r = await post("/api/profiles", key, { name: "edge", version: "1", params: { a: nested(MAX_JSON_DEPTH - 2) } });
    expect(r.status).toBe(201);
    const over = await post("/api/profiles", key, { name: "edge", version: "2", params: { a: nested(MAX_JSON_DEPTH - 1) } });
    expectProblem(over, 422, "validation_failed");
  });

  it("refuses runner events and results nested deep before they reach the Durable Object", async () => {
    const id = "att_deep_0";
    const token = await issueRunnerToken("test-secret-key-0123456789abcdef", { a: id, d: "dispatch-1", e: Date.now() + 60_000, s: 1 });
    const events = await post(`/api/runner/attempts/${id}/events`, token, { events: [{ kind: "turn", messages: [{ role: "assistant", content: [nested(5_000)] }] }] });
    expect(expectProblem(events, 422, "validation_failed").errors![0]!.field).toMatch(/^events\.0/);
    const result = await post(`/api/runner/attempts/${id}/result`, token, { reward: 1, structured: { extra: nested(5_000) } });
    expect(expectProblem(result, 422, "validation_failed").errors![0]!.field).toMatch(/^structured\.extra\.0/);
  });
});
