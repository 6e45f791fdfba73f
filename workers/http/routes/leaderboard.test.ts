import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedBenchmark } from "../../../test/benchmarks";
import { call, expectProblem, keyWith, newProject } from "../../../test/http";
import { cronPass, passFail, syntheticRun, type SyntheticBenchmark } from "../../../test/synthetic-runs";
import { TIE_BREAK } from "../../../src/leaderboard/board";

const submit = (key: string, runId: string) => call("POST", "/api/leaderboard/entries", { key, body: { run_id: runId } });

async function setup() {
  const { key, project } = await newProject();
  const bm = await seedBenchmark(project.id);
  const run = (model: string, rewards: number[][], extra: Partial<SyntheticBenchmark> = {}, status: "completed" | "failed" | "cancelled" | "running" = "completed") =>
    syntheticRun({ projectId: project.id, model, status, benchmarks: [{ benchmarkId: bm, rewards, ...extra }] });
  return { key, project, bm, run };
}

describe("leaderboard: happy path", () => {
  it("submits a finished run as a frozen snapshot; submitting again returns the same snapshot", async () => {
    const { key, bm, run } = await setup();
    const runId = await run("model-a", passFail(10, 7), { composite: Array.from({ length: 10 }, (_, i) => (i < 5 ? 0.5 : 1)) });
    const first = await submit(key, runId);
    expect(first.status).toBe(201);
    expect(first.body.skipped).toEqual([]);
    expect(first.body.tie_break).toBe(TIE_BREAK);
    expect(first.body.entries).toHaveLength(1);
    const entry = first.body.entries[0];
    expect(entry).toMatchObject({
      rank: 1,
      run_id: runId,
      benchmark_id: bm,
      target: "target",
      model: "model-a",
      run_status: "completed",
      score: 0.7,
      scored: 10,
      missing: 0,
      composite: 0.75,
      display: { score: "70%" },
    });
    expect(entry.aggregate).toMatchObject({ score: 0.7, pass_at_k: 0.7, score_counts: { total: 10, scored: 10, missing: 0, total_members: 10 } });

    // The snapshot is frozen: later changes to the run's attempts do not move it.
    await env.DB.prepare(`UPDATE attempts SET reward = 1 WHERE run_id = ?1`).bind(runId).run();
    const again = await submit(key, runId);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.entries).toEqual(first.body.entries);

    const boards = await call("GET", "/api/leaderboard", { key });
    expect(boards.status).toBe(200);
    expect(boards.body.items).toHaveLength(1);
    expect(boards.body.items[0]).toMatchObject({
      id: entry.board_id,
      benchmark_id: bm,
      dataset_revision_id: "dsr_synthetic",
      k: 1,
      missing_policy: "unknown",
      task_count: 10,
      entry_count: 1,
      scoring: { type: "exact_match" },
      runner: null,
    });
    expect(boards.body.items[0].rows).toEqual([entry]);
  });

  it("puts runs on one board only when revision, tasks, scorer, k and policy match; the model may differ", async () => {
    const { key, run } = await setup();
    const base = await run("model-a", passFail(6, 3));
    const otherModel = await run("model-b", passFail(6, 5));
    const otherK = await run("model-a", passFail(6, 3).map((r) => [...r, ...r]));
    const otherRevision = await run("model-a", passFail(6, 3), { datasetRevisionId: "dsr_other", datasetDigest: "e".repeat(64) });
    const otherTasks = await run("model-a", passFail(6, 3), { keys: ["a", "b", "c", "d", "e", "f"] });
    const otherScorer = await run("model-a", passFail(6, 3), { scoring: { type: "contains" } });
    const boardOf = async (id: string) => (await submit(key, id)).body.entries[0].board_id as string;
    const b = await boardOf(base);
    expect(await boardOf(otherModel)).toBe(b);
    const others = await Promise.all([otherK, otherRevision, otherTasks, otherScorer].map(boardOf));
    expect(new Set([b, ...others]).size).toBe(5);
    const list = (await call("GET", "/api/leaderboard", { key })).body.items;
    expect(list).toHaveLength(5);
    const shared = list.find((x: any) => x.id === b);
    expect(shared.rows.map((r: any) => [r.rank, r.model, r.score])).toEqual([
      [1, "model-b", 5 / 6],
      [2, "model-a", 0.5],
    ]);
    expect(list.find((x: any) => x.k === 2)).toBeTruthy();
  });

  it("ranks by score, breaking ties by coverage then submission order, and pages rows by rank", async () => {
    const { key, run } = await setup();
    // Same 4 tasks; two runs score 0.5 on all four, one scores 0.5 on two (two never ended), one 1.0.
    const full = await run("full", [[1], [0], [1], [0]]);
    const partial = await run("partial", [[1], [0], [], []], {}, "failed");
    const best = await run("best", [[1], [1], [1], [1]]);
    const tie = await run("tie", [[0], [1], [0], [1]]);
    for (const id of [partial, full, tie, best]) expect((await submit(key, id)).status).toBe(201);
    const board = (await submit(key, best)).body.entries[0].board_id;
    const page1 = await call("GET", `/api/leaderboard/boards/${board}?limit=2`, { key });
    expect(page1.status).toBe(200);
    expect(page1.body.tie_break).toBe(TIE_BREAK);
    expect(page1.body.board).toMatchObject({ id: board, entry_count: 4 });
    const page2 = await call("GET", `/api/leaderboard/boards/${board}?limit=2&cursor=${page1.body.next_cursor}`, { key });
    expect(page2.body.next_cursor).toBeNull();
    const rows = [...page1.body.rows, ...page2.body.rows];
    expect(rows.map((r: any) => [r.rank, r.model, r.score, r.scored, r.missing, r.run_status])).toEqual([
      [1, "best", 1, 4, 0, "completed"],
      [2, "full", 0.5, 4, 0, "completed"],
      [3, "tie", 0.5, 4, 0, "completed"],
      [4, "partial", 0.5, 2, 2, "failed"],
    ]);
  });

  it("submits both targets of an A/B run to the same board", async () => {
    const { key, project, bm } = await setup();
    const runId = await syntheticRun({
      projectId: project.id,
      model: "v1",
      compareModel: "v2",
      benchmarks: [{ benchmarkId: bm, rewards: passFail(4, 2), compare: passFail(4, 4) }],
    });
    const r = await submit(key, runId);
    expect(r.status).toBe(201);
    expect(r.body.entries.map((e: any) => [e.target, e.model, e.score, e.rank])).toEqual([
      ["target", "v1", 0.5, 2],
      ["compare_target", "v2", 1, 1],
    ]);
    expect(r.body.entries[0].board_id).toBe(r.body.entries[1].board_id);
  });

  it("lists boards filtered by benchmark, newest first, with a cursor and a top-row count", async () => {
    const { key, project, run, bm } = await setup();
    const other = await seedBenchmark(project.id);
    for (let i = 0; i < 3; i++) await submit(key, await run(`m${i}`, passFail(3, i), { keys: [`x${i}`, "y", "z"] }));
    await submit(key, await syntheticRun({ projectId: project.id, model: "o", benchmarks: [{ benchmarkId: other, rewards: passFail(3, 1) }] }));
    const filtered = await call("GET", `/api/leaderboard?benchmark_id=${other}`, { key });
    expect(filtered.body.items.map((b: any) => b.benchmark_id)).toEqual([other]);
    const p1 = await call("GET", `/api/leaderboard?benchmark_id=${bm}&limit=2&top=1`, { key });
    const p2 = await call("GET", `/api/leaderboard?benchmark_id=${bm}&limit=2&top=1&cursor=${p1.body.next_cursor}`, { key });
    const ids = [...p1.body.items, ...p2.body.items].map((b: any) => b.id);
    expect(ids).toHaveLength(3);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(p2.body.next_cursor).toBeNull();
  });

  it("ranks every completed run the cron pass scored, within comparable boards, in /api/leaderboard/runs", async () => {
    const { key, run, bm } = await setup();
    const a = await run("alpha", passFail(5, 2));
    const b = await run("beta", passFail(5, 4));
    const failed = await run("gamma", passFail(5, 5), {}, "failed");
    const otherBoard = await run("delta", passFail(5, 1), { datasetDigest: "f".repeat(64), datasetRevisionId: "dsr_x" });
    await cronPass();
    const r = await call("GET", `/api/leaderboard/runs?benchmark_id=${bm}`, { key });
    expect(r.status).toBe(200);
    expect(r.body.tie_break).toBe(TIE_BREAK);
    const byBoard = new Map<string, any[]>();
    for (const row of r.body.items) byBoard.set(row.board_id, [...(byBoard.get(row.board_id) ?? []), row]);
    const groups = [...byBoard.values()].map((rows) => rows.map((x) => [x.rank, x.run_id, x.model, x.score]));
    expect(groups).toContainEqual([
      [1, b, "beta", 0.8],
      [2, a, "alpha", 0.4],
    ]);
    expect(groups).toContainEqual([[1, otherBoard, "delta", 0.2]]);
    expect(JSON.stringify(r.body)).not.toContain(failed);
    const page = await call("GET", `/api/leaderboard/runs?benchmark_id=${bm}&limit=1`, { key });
    const rest = await call("GET", `/api/leaderboard/runs?benchmark_id=${bm}&limit=5&cursor=${page.body.next_cursor}`, { key });
    expect([...page.body.items, ...rest.body.items]).toEqual(r.body.items);

    // A deleted run leaves the view and the runs below it move up.
    expect((await call("DELETE", `/api/eval-runs/${b}`, { key })).status).toBe(204);
    const after = (await call("GET", `/api/leaderboard/runs?benchmark_id=${bm}`, { key })).body.items;
    expect(after.filter((x: any) => x.board_id !== r.body.items.find((y: any) => y.run_id === otherBoard).board_id).map((x: any) => [x.rank, x.run_id])).toEqual([[1, a]]);
  });
});

describe("leaderboard: validation", () => {
  it.each([
    [{}, "run_id"],
    [{ run_id: 7 }, "run_id"],
    [{ run_id: "" }, "run_id"],
    [{ run_id: "run_x", extra: 1 }, "extra"],
  ])("refuses body %j naming %s", async (body, field) => {
    const { key } = await newProject();
    const r = expectProblem(await call("POST", "/api/leaderboard/entries", { key, body }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it.each([
    ["top=0", "top"],
    ["limit=1000", "limit"],
    ["sort=score", "sort"],
  ])("refuses query %s naming %s", async (query, field) => {
    const { key } = await newProject();
    const r = expectProblem(await call("GET", `/api/leaderboard?${query}`, { key }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it("answers bad cursors with 400 and malformed JSON with 400", async () => {
    const { key } = await newProject();
    expectProblem(await call("GET", "/api/leaderboard?cursor=%25%25", { key }), 400);
    expectProblem(await call("GET", `/api/leaderboard/runs?cursor=${btoa("nope")}`, { key }), 400, "bad_request");
    expectProblem(await call("POST", "/api/leaderboard/entries", { key, raw: "{", type: "application/json" }), 400, "invalid_json");
  });

  it("refuses an unfinished run (409) and a run without any result (409), saving nothing", async () => {
    const { key, project, run } = await setup();
    const running = await run("m", passFail(3, 1), {}, "running");
    expectProblem(await submit(key, running), 409, "conflict");
    const empty = await syntheticRun({ projectId: project.id, model: "m", status: "failed", benchmarks: [] });
    const failedBm = await seedBenchmark(project.id);
    await env.DB.prepare(`INSERT INTO run_benchmarks (run_id, benchmark_id, position, status, error, attempt_count, planned_count) VALUES (?1, ?2, 0, 'failed', 'its dataset is gone', 0, 0)`)
      .bind(empty, failedBm)
      .run();
    const r = expectProblem(await submit(key, empty), 409, "conflict");
    expect(r.detail).toContain("its dataset is gone");
    expect((await call("GET", "/api/leaderboard", { key })).body.items).toEqual([]);
  });
});

describe("leaderboard: auth", () => {
  it("needs a key; reads with read scope, submits with write scope", async () => {
    const { key, run } = await setup();
    const runId = await run("m", passFail(3, 1));
    expectProblem(await call("GET", "/api/leaderboard"), 401, "unauthorized");
    expectProblem(await call("POST", "/api/leaderboard/entries", { body: { run_id: runId } }), 401, "unauthorized");
    const read = await keyWith(key, ["read"]);
    expectProblem(await submit(read, runId), 403, "forbidden");
    expect((await call("GET", "/api/leaderboard", { key: read })).status).toBe(200);
    expect((await call("GET", "/api/leaderboard/runs", { key: read })).status).toBe(200);
    const write = await keyWith(key, ["write"]);
    expect((await submit(write, runId)).status).toBe(201);
    const keys = (await call("GET", "/api/keys", { key })).body.items;
    await call("DELETE", `/api/keys/${keys.find((k: any) => k.scopes[0] === "write").id}`, { key });
    expectProblem(await call("GET", "/api/leaderboard", { key: write }), 401, "unauthorized");
  });
});

describe("leaderboard: isolation", () => {
  it("never submits, shows or ranks another project's runs and boards", async () => {
    const a = await setup();
    const b = await newProject("b");
    const runId = await a.run("secret-model", passFail(4, 3));
    expectProblem(await submit(b.key, runId), 404, "not_found");
    const entry = (await submit(a.key, runId)).body.entries[0];
    await cronPass();
    expectProblem(await call("GET", `/api/leaderboard/boards/${entry.board_id}`, { key: b.key }), 404, "not_found");
    for (const path of ["/api/leaderboard", "/api/leaderboard/runs", `/api/leaderboard?benchmark_id=${a.bm}`]) {
      const r = await call("GET", path, { key: b.key });
      expect(r.status).toBe(200);
      expect(r.body.items).toEqual([]);
    }
    expect((await call("GET", "/api/leaderboard/runs", { key: a.key })).body.items.map((x: any) => x.run_id)).toContain(runId);
  });
});
