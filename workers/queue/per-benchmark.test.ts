/**
 * A run whose benchmarks each have their own attempts, selection and sampling
 * (seed 004's per-source values, what `assay eval` sends for a TOML file with
 * several [[source]] blocks): each benchmark is planned, executed and scored
 * with its own values.
 */
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, waitForRun } from "../../test/runs";

describe("per-benchmark options", { timeout: 120_000 }, () => {
  it("plans and scores each benchmark with its own attempts and select", async () => {
    const { key, project } = await newProject("per-benchmark");
    const a = await arithmeticBenchmark(key, project.id, arithmeticRows(10));
    const b = await arithmeticBenchmark(key, project.id, arithmeticRows(10, 50));
    const runId = await createRun(key, [a, b], "fixture:accuracy=1,seed=11", {
      attempts: 1,
      select: { limit: 6 },
      per_benchmark: { [b]: { attempts: 3, select: { skip: 2, limit: 4 }, temperature: 0.7 } },
    });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const done = await waitForRun(key, runId);
    expect(done.status).toBe("completed");
    expect(done.total_attempts).toBe(6 * 1 + 4 * 3);

    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
    const row = (id: string) => scores.scores.find((s: { benchmark_id: string }) => s.benchmark_id === id);
    expect(row(a)).toMatchObject({ k: 1, member_count: 6, score: 1 });
    expect(row(b)).toMatchObject({ k: 3, member_count: 4, score: 1, pass_at_k: 1 });

    const rows = await attemptsOf(runId);
    const keysOf = (id: string) => [...new Set(rows.filter((r) => r.benchmark_id === id).map((r) => r.member_key))];
    expect(keysOf(b).sort()).toEqual(["q53", "q54", "q55", "q56"]);
    expect(keysOf(a)).toHaveLength(6);
  });
});
