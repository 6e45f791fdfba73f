/**
 * GET /api/eval-runs/{id}/overview on a real run against the fixture model:
 * its tiles agree with /scores and with the attempts, errored attempts stay
 * out of the distributions until include_errored, every point names one of
 * the run's attempts, huge panes are thinned; bad input is a problem.
 */
import { describe, expect, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, fixtureBase, importRows, waitForRun } from "../../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

describe("run overview", { timeout: 120_000 }, () => {
  it("tiles, panes, usage and timing of a finished run", async () => {
    const { key, project } = await newProject();
    // Two rows without an answer: their attempts end unscored (errored, no reward).
    const rows = [...arithmeticRows(6), { id: "n1", question: "What is 1 + 1?" }, { id: "n2", question: "What is 2 + 2?" }];
    const bm = await arithmeticBenchmark(key, project.id, rows as ReturnType<typeof arithmeticRows>);
    const runId = await createRun(key, [bm], "fixture-run-overview:accuracy=0.5,seed=7", { attempts: 2 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect(await waitForRun(key, runId)).toMatchObject({ status: "completed" });
    const attempts = await attemptsOf(runId);
    expect(attempts.length).toBe(16);

    const r = await call("GET", `/api/eval-runs/${runId}/overview`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: runId, status: "completed", include_errored: false });
    expect(r.body.groups).toHaveLength(1);
    const g = r.body.groups[0];
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores[0];
    expect(g).toMatchObject({ benchmark_id: bm, target: "a", execution: "inline" });
    const scored = attempts.filter((a: any) => a.reward !== null);
    expect(g.tiles).toMatchObject({ attempts: 16, errored: 4, k: 2, avg_at_k: scores.score, pass_at_k: scores.pass_at_k, error_rate: 4 / 16, truncation_rate: 0, mean_turns: 1, error_kinds: { unscored: 4 } });
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const tokens = scored.map((a: any) => (a.input_tokens ?? 0) + (a.output_tokens ?? 0));
    expect(g.tiles.mean_tokens).toBeCloseTo(sum(tokens) / tokens.length);
    expect(g.tiles.distributions.reward.summary.n).toBe(12);
    expect(g.tiles.distributions.reward.histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(12);

    // The reward pane: a binary reward is a counted dot plot; every point is one of the scored attempts.
    const reward = g.metrics.find((m: any) => m.name === "reward");
    expect(reward).toMatchObject({ source: "reward", sampled: false, total: 12 });
    const passed = scored.filter((a: any) => a.reward === 1).length;
    expect(reward.kind).toBe(passed === 0 || passed === 12 ? "chip" : "counts");
    expect(sum(reward.counts.map((c: any) => c.count))).toBe(12);
    expect(reward.points.every((p: any) => !p.errored)).toBe(true);
    const trial = await call("GET", `/api/trials/${reward.points[0].attempt_id}`, { key });
    expect(trial.status).toBe(200);
    expect(trial.body.reward).toBe(reward.points[0].value);

    // Usage: every scored attempt's tokens, split; timing: model + other sums to the wall time, and nothing invented.
    expect(g.usage.total).toBe(12);
    for (const p of g.usage.points) expect(p.input_tokens + p.output_tokens).toBeGreaterThan(0);
    expect(g.timing.recorded).toEqual(["model", "other"]);
    expect(g.timing.strips).toHaveLength(12);
    for (const s of g.timing.strips) {
      expect(s.phases.model + s.phases.other).toBeCloseTo(s.wall_ms);
      expect(s.phases.boot + s.phases.setup + s.phases.harness + s.phases.finalize + s.phases.scoring).toBe(0);
    }

    // With errored attempts: they join, read as 0 and flagged.
    const all = (await call("GET", `/api/eval-runs/${runId}/overview?include_errored=true`, { key })).body.groups[0];
    const allReward = all.metrics.find((m: any) => m.name === "reward");
    expect(allReward.total).toBe(16);
    expect(allReward.points.filter((p: any) => p.errored).map((p: any) => p.value)).toEqual([0, 0, 0, 0]);
    // The tiles' own numbers do not depend on the filter.
    expect(all.tiles.avg_at_k).toBe(g.tiles.avg_at_k);

    // Thinned: at most `points` per pane, stated, the total kept.
    const few = (await call("GET", `/api/eval-runs/${runId}/overview?points=5`, { key })).body.groups[0];
    expect(few.metrics[0]).toMatchObject({ sampled: true, total: 12 });
    expect(few.metrics[0].points).toHaveLength(5);
    expect(few.timing).toMatchObject({ sampled: true, total: 12 });
    expect(few.timing.strips).toHaveLength(5);
    const firstStrips = (await call("GET", `/api/eval-runs/${runId}/overview?strips=3`, { key })).body.groups[0];
    expect(firstStrips.timing.strips.map((s: any) => s.attempt_id)).toEqual(g.timing.strips.slice(0, 3).map((s: any) => s.attempt_id));
    const allFew = (await call("GET", `/api/eval-runs/${runId}/overview?strips=all&points=5`, { key })).body.groups[0];
    expect(allFew.timing).toMatchObject({ sampled: true, total: 12 });
    expect(few.metrics[0].summary).toEqual(reward.summary);
  });

  it("an A/B run has a group per target, each from its own attempts, with its own numbers", async () => {
    const { key, project } = await newProject();
    const tag = uniq();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(6));
    const compare = { kind: "model", provider: "openai", base_url: fixtureBase(), model: `fixture-${tag}-b:accuracy=0`, api_key: "sk-test-2" };
    const runId = await createRun(key, [bm], `fixture-${tag}:accuracy=1`, {}, { compare_target: compare });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect(await waitForRun(key, runId)).toMatchObject({ status: "completed" });
    const groups = (await call("GET", `/api/eval-runs/${runId}/overview`, { key })).body.groups;
    expect(groups.map((g: any) => g.target)).toEqual(["a", "b"]);
    expect(groups[1].target_label).toContain(`fixture-${tag}-b`);
    const [a, b] = groups;
    expect(a.tiles).toMatchObject({ attempts: 6, avg_at_k: 1 });
    expect(b.tiles).toMatchObject({ attempts: 6, avg_at_k: 0 });
    // Each target's panes hold its own attempts: the always-right target's reward is one value shared (a chip).
    expect(a.metrics[0]).toMatchObject({ kind: "chip", counts: [{ value: 1, count: 6, share: 1 }] });
    expect(b.metrics[0]).toMatchObject({ kind: "chip", counts: [{ value: 0, count: 6, share: 1 }] });
    const ids = (g: any) => new Set(g.metrics[0].points.map((p: any) => p.attempt_id));
    expect([...ids(a)].some((id) => ids(b).has(id))).toBe(false);
  });

  it("the truncation rate counts replies the token limit cut; a recorded-outputs run records none", async () => {
    const { key, project } = await newProject();
    const rows = arithmeticRows(10);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    // A fixed model name: the fixture's per-prompt draws, so this rate, are the same on every run.
    const runId = await createRun(key, [bm], "fixture-overview-truncation:truncate=0.5");
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect(await waitForRun(key, runId)).toMatchObject({ status: "completed" });
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(10);
    expect(attempts.every((a: any) => a.truncated === 0 || a.truncated === 1)).toBe(true);
    const cut = attempts.filter((a: any) => a.truncated === 1);
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(10);
    // A cut reply lost its '#### N' ending, so it does not score.
    for (const a of cut) expect(a.reward).toBe(0);
    const g = (await call("GET", `/api/eval-runs/${runId}/overview`, { key })).body.groups[0];
    expect(g.tiles.truncation_rate).toBe(cut.length / 10);

    // Recorded outputs say nothing about how their replies ended: not recorded, not 0.
    const outputs = await importRows(project.id, `outs-${uniq()}`, rows.map((r) => ({ task: r.id, text: `#### ${r.answer}` })));
    const created = await call("POST", "/api/eval-runs", { key, body: { benchmarks: [bm], target: { kind: "outputs", dataset: outputs, key_column: "task", output_column: "text" } } });
    expect(created.status).toBe(201);
    await call("POST", `/api/eval-runs/${created.body.id}/start`, { key });
    expect(await waitForRun(key, created.body.id)).toMatchObject({ status: "completed" });
    const recorded = await attemptsOf(created.body.id);
    expect(recorded).toHaveLength(10);
    expect(recorded.every((a: any) => a.truncated === null && a.reward === 1)).toBe(true);
    const rg = (await call("GET", `/api/eval-runs/${created.body.id}/overview`, { key })).body.groups[0];
    expect(rg).toMatchObject({ execution: "recorded", tiles: { attempts: 10, truncation_rate: null } });
  });

  it("an unknown run is a 404, bad queries are 422s naming the field, and a draft has empty groups", async () => {
    const { key, project } = await newProject();
    expectProblem(await call("GET", `/api/eval-runs/run_nope/overview`, { key }), 404);
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
    const runId = await createRun(key, [bm], `fixture-${uniq()}`);
    for (const q of ["points=0", "points=abc", `points=100000`, "include_errored=maybe", "strips=0", "strips=some", "other=1"]) {
      const r = await call("GET", `/api/eval-runs/${runId}/overview?${q}`, { key });
      expectProblem(r, 422);
      expect(JSON.stringify(r.body)).toContain(q.split("=")[0]);
    }
    const draft = await call("GET", `/api/eval-runs/${runId}/overview`, { key });
    expect(draft.status).toBe(200);
    for (const g of draft.body.groups) {
      expect(g.tiles.attempts).toBe(0);
      expect(g.metrics).toEqual([]);
    }
  });
});
