import { describe, expect, it } from "vitest";
import { call, newProject } from "../../../test/http";
import { arithmeticBenchmark, arithmeticRows, createRun, waitForRun } from "../../../test/runs";

describe("scores of a finished run", { timeout: 120_000 }, () => {
  it("are computed once, then read back unchanged; a running run is always computed", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(6));
    const runId = await createRun(key, [bm], "fixture-scores-cache:accuracy=0.5", { attempts: 2 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const running = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    expect(running.headers.get("X-Scores-Cache")).toBe("miss");
    expect((await waitForRun(key, runId)).status).toBe("completed");
    const first = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    const second = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    expect([first.headers.get("X-Scores-Cache"), second.headers.get("X-Scores-Cache")]).toEqual(["miss", "hit"]);
    expect(second.body).toEqual(first.body);
    expect(first.body.scores[0].score_counts).toMatchObject({ total: 12, scored: 12, total_members: 6 });
    // Usage beside the score: the fixture reports tokens; no price was given, so no cost.
    expect(first.body.scores[0].usage).toMatchObject({ attempts: 12, total_cost: null });
    expect(first.body.scores[0].usage.mean_input_tokens).toBeGreaterThan(0);
    expect(first.body.scores[0].usage.mean_output_tokens).toBeGreaterThan(0);
    expect(first.body.scores[0].usage.mean_latency_ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(first.body.scores[0].phases).sort()).toEqual(["agent", "scoring"]);
    expect(first.body.scores[0].phases.agent).toBeGreaterThanOrEqual(0);
  });
});
