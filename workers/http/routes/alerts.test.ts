import { describe, expect, it } from "vitest";
import { seedBenchmark } from "../../../test/benchmarks";
import { call, expectProblem, keyWith, newProject } from "../../../test/http";
import { cronPass, syntheticRun, type SyntheticBenchmark } from "../../../test/synthetic-runs";

/** 100 tasks, one attempt each: tasks in [from, to) pass. */
const passing = (from: number, to: number) => Array.from({ length: 100 }, (_, i) => [i >= from && i < to ? 1 : 0]);
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();

async function setup() {
  const { key, project } = await newProject();
  const bm = await seedBenchmark(project.id);
  const run = (model: string, rewards: number[][], minutes: number, extra: Partial<SyntheticBenchmark> = {}, status: "completed" | "failed" = "completed") =>
    syntheticRun({ projectId: project.id, model, status, finishedAt: at(minutes), benchmarks: [{ benchmarkId: bm, rewards, ...extra }] });
  return { key, project, bm, run };
}

describe("drift alerts: happy path", () => {
  it("raises one alert for a significant drop on the same benchmark and model, with its evidence", async () => {
    const { key, bm, run } = await setup();
    const baseline = await run("gpt-x", passing(0, 80), 1);
    await cronPass();
    const regressed = await run("gpt-x", passing(30, 80), 2);
    await cronPass();
    await cronPass();
    const list = await call("GET", "/api/alerts", { key });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    const a = list.body.items[0];
    expect(a).toMatchObject({
      run_id: regressed,
      baseline_run_id: baseline,
      benchmark_id: bm,
      target: "target",
      model: "gpt-x",
      baseline_score: 0.8,
      score: 0.5,
      shared_tasks: 100,
      regressed_count: 30,
      min_drop: 0.02,
      alpha: 0.05,
      test: { name: "mcnemar" },
      acked_at: null,
    });
    expect(a.delta).toBeCloseTo(-0.3, 10);
    expect(a.p_value).toBeLessThan(0.001);
    expect(a.delta_ci95[0]).toBeLessThan(a.delta);
    expect(a.delta_ci95[1]).toBeLessThan(0);
    expect(a.regressed_tasks).toHaveLength(30);
    expect(a.regressed_tasks[0]).toEqual({ task: "t1", task_digest: "digest-t1", baseline: 1, score: 0 });
    expect(a.display.delta).toMatch(/^-30/);
    expect((await call("GET", `/api/alerts/${a.id}`, { key })).body).toEqual(a);
  });

  it("stays quiet for noise, other models, other dataset digests, failed baselines and improvements", async () => {
    const { key, run } = await setup();
    await run("noisy", passing(0, 70), 1);
    await run("noisy", passing(5, 75), 2); // five tasks flip each way: same rate
    await run("m1", passing(0, 90), 3);
    await run("m2", passing(0, 40), 4); // another model is no baseline
    await run("m3", passing(0, 90), 5, { datasetDigest: "c".repeat(64) });
    await run("m3", passing(0, 40), 6); // another dataset digest is no baseline
    await run("m4", passing(0, 90), 7, {}, "failed");
    await run("m4", passing(0, 40), 8); // a failed run is no baseline
    await run("m5", passing(0, 40), 9);
    await run("m5", passing(0, 90), 10); // better, not worse
    await cronPass();
    expect((await call("GET", "/api/alerts", { key })).body.items).toEqual([]);
  });

  it("honours the project's minimum drop", async () => {
    const { key, run } = await setup();
    const s = await call("GET", "/api/alerts/settings", { key });
    expect(s.body).toEqual({ min_drop: 0.02, alpha: 0.05, updated_at: null });
    const put = await call("PUT", "/api/alerts/settings", { key, body: { min_drop: 0.4 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ min_drop: 0.4, alpha: 0.05 });
    expect((await call("GET", "/api/alerts/settings", { key })).body).toEqual(put.body);
    await run("m", passing(0, 80), 1);
    await run("m", passing(30, 80), 2);
    await cronPass();
    expect((await call("GET", "/api/alerts", { key })).body.items).toEqual([]);
  });

  it("acknowledges once and filters open and acknowledged alerts", async () => {
    const { key, run } = await setup();
    await run("m", passing(0, 80), 1);
    const second = await run("m", passing(40, 80), 2);
    await run("m", passing(0, 80), 3);
    const third = await run("m", passing(50, 80), 4);
    await cronPass();
    const all = (await call("GET", "/api/alerts", { key })).body.items;
    expect(all.map((a: any) => a.run_id)).toEqual([third, second]);
    const ack = await call("POST", `/api/alerts/${all[1].id}/ack`, { key });
    expect(ack.status).toBe(200);
    expect(ack.body.acked_at).toBeTruthy();
    const again = await call("POST", `/api/alerts/${all[1].id}/ack`, { key });
    expect(again.body.acked_at).toBe(ack.body.acked_at);
    expect((await call("GET", "/api/alerts?status=open", { key })).body.items.map((a: any) => a.run_id)).toEqual([third]);
    expect((await call("GET", "/api/alerts?status=acked", { key })).body.items.map((a: any) => a.run_id)).toEqual([second]);
    expect((await call("GET", `/api/alerts?run_id=${second}`, { key })).body.items).toHaveLength(1);
    const p1 = await call("GET", "/api/alerts?limit=1", { key });
    const p2 = await call("GET", `/api/alerts?limit=1&cursor=${p1.body.next_cursor}`, { key });
    expect([...p1.body.items, ...p2.body.items].map((a: any) => a.id)).toEqual(all.map((a: any) => a.id));
  });
});

describe("drift alerts: validation", () => {
  it.each([
    [{ min_drop: -0.1 }, "min_drop"],
    [{ min_drop: "0.1" }, "min_drop"],
    [{}, "min_drop"],
    [{ min_drop: 0.1, alpha: 0.01 }, "alpha"],
  ])("refuses settings %j naming %s", async (body, field) => {
    const { key } = await newProject();
    const r = expectProblem(await call("PUT", "/api/alerts/settings", { key, body }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it.each([
    ["status=closed", "status"],
    ["limit=0", "limit"],
    ["acked=1", "acked"],
  ])("refuses query %s naming %s", async (query, field) => {
    const { key } = await newProject();
    const r = expectProblem(await call("GET", `/api/alerts?${query}`, { key }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it("answers unknown alerts with 404 and bad cursors with 400", async () => {
    const { key } = await newProject();
    expectProblem(await call("GET", "/api/alerts/alr_nope", { key }), 404, "not_found");
    expectProblem(await call("POST", "/api/alerts/alr_nope/ack", { key }), 404, "not_found");
    expectProblem(await call("GET", "/api/alerts?cursor=%25", { key }), 400);
  });
});

describe("drift alerts: auth", () => {
  it("reads with read scope; acknowledging and settings need write", async () => {
    const { key, run } = await setup();
    await run("m", passing(0, 80), 1);
    await run("m", passing(40, 80), 2);
    await cronPass();
    const id = (await call("GET", "/api/alerts", { key })).body.items[0].id;
    expectProblem(await call("GET", "/api/alerts"), 401, "unauthorized");
    expectProblem(await call("POST", `/api/alerts/${id}/ack`), 401, "unauthorized");
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", `/api/alerts/${id}`, { key: read })).status).toBe(200);
    expect((await call("GET", "/api/alerts/settings", { key: read })).status).toBe(200);
    expectProblem(await call("POST", `/api/alerts/${id}/ack`, { key: read }), 403, "forbidden");
    expectProblem(await call("PUT", "/api/alerts/settings", { key: read, body: { min_drop: 0.1 } }), 403, "forbidden");
    expect((await call("POST", `/api/alerts/${id}/ack`, { key: await keyWith(key, ["write"]) })).status).toBe(200);
  });
});

describe("drift alerts: isolation", () => {
  it("keeps alerts, settings and baselines within a project", async () => {
    const a = await setup();
    const b = await setup();
    await a.run("shared-name", passing(0, 80), 1);
    await b.run("shared-name", passing(30, 80), 2); // not a drop against A's run
    await a.run("shared-name", passing(30, 80), 3);
    await call("PUT", "/api/alerts/settings", { key: b.key, body: { min_drop: 0.9 } });
    await cronPass();
    const mine = (await call("GET", "/api/alerts", { key: a.key })).body.items;
    expect(mine).toHaveLength(1);
    expect((await call("GET", "/api/alerts", { key: b.key })).body.items).toEqual([]);
    expectProblem(await call("GET", `/api/alerts/${mine[0].id}`, { key: b.key }), 404, "not_found");
    expectProblem(await call("POST", `/api/alerts/${mine[0].id}/ack`, { key: b.key }), 404, "not_found");
    expect((await call("GET", `/api/alerts/${mine[0].id}`, { key: a.key })).body.acked_at).toBeNull();
    expect((await call("GET", "/api/alerts/settings", { key: a.key })).body.min_drop).toBe(0.02);
  });
});
