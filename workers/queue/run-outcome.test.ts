/**
 * A run that scored nothing is not completed: runs end through the real
 * queue in workerd against the fixture, and the API says why, naming each
 * benchmark by its name (its id beside the text in /progress).
 */
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, createRun, waitForRun } from "../../test/runs";

/** Rows some of which lack an answer: the helper's type wants every field. */
type Rows = ReturnType<typeof arithmeticRows>;
const uniq = () => crypto.randomUUID().slice(0, 8);

async function finished(key: string, runId: string, timeoutMs = 60_000) {
  const progress = await waitForRun(key, runId, timeoutMs);
  const run = (await call("GET", `/api/eval-runs/${runId}`, { key })).body;
  const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
  return { progress, run, scores };
}

describe("how a run ends", { timeout: 120_000 }, () => {
  it("every attempt answered 401: the benchmark and the run are failed with the reason and counts", async () => {
    const { key, project } = await newProject();
    const name = `arith-401-${uniq()}`;
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(5), name);
    const runId = await createRun(key, [bm], `fixture-${uniq()}:status=401`, { concurrency: 5, attempts: 2 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const { progress, run, scores } = await finished(key, runId);
    const reason = "401 from the target: invalid API key (10 of 10 attempts)";
    expect(run).toMatchObject({ status: "failed", error: `${name}: ${reason}`, error_counts: { http_401: 10 } });
    expect(progress.benchmarks).toEqual([expect.objectContaining({ benchmark_id: bm, benchmark_name: name, status: "failed", error: reason, error_counts: { http_401: 10 } })]);
    expect(scores.run_status).toBe("failed");
    expect(scores.scores).toEqual([expect.objectContaining({ status: "failed", error: reason, error_counts: { http_401: 10 }, score: null, pass: null })]);
    // The credential the fixture echoed never reaches the reason.
    expect(JSON.stringify(run)).not.toContain("sk-test-planted-secret-7731");
  });

  it("an unreachable base URL: failed, the target could not be reached", async () => {
    const { key, project } = await newProject();
    const name = `arith-unreachable-${uniq()}`;
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2), name);
    // Port 9 (discard) on loopback refuses the connection at once.
    const target = { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m", api_key: "sk-x-unreachable-1" };
    const runId = await createRun(key, [bm], "m", { concurrency: 2 }, { target });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const { run, scores } = await finished(key, runId, 110_000);
    expect(run).toMatchObject({ status: "failed", error: `${name}: the target could not be reached (2 of 2 attempts)`, error_counts: { unreachable: 2 } });
    expect(scores.scores[0]).toMatchObject({ status: "failed", error_counts: { unreachable: 2 } });
  });

  it("a partly scored benchmark stays completed with its coverage and counts", async () => {
    const { key, project } = await newProject();
    // Two rows have no expected answer: their attempts succeed but get no reward.
    const rows = arithmeticRows(6).map((r, i) => (i < 2 ? { id: r.id, question: r.question } : r));
    const bm = await arithmeticBenchmark(key, project.id, rows as Rows);
    const runId = await createRun(key, [bm], `fixture-${uniq()}`, { concurrency: 3 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const { run, scores } = await finished(key, runId);
    expect(run).toMatchObject({ status: "completed", error: null, error_counts: { unscored: 2 } });
    expect(scores.scores[0]).toMatchObject({ status: "completed", error: null, score: 1, error_counts: { unscored: 2 }, score_counts: { total: 6, scored: 4 } });
  });

  it("a failed benchmark of a run with a completed one: the run is failed, the completed one keeps its score", async () => {
    const { key, project } = await newProject();
    const good = await arithmeticBenchmark(key, project.id, arithmeticRows(3));
    const emptyName = `arith-empty-${uniq()}`;
    const empty = await arithmeticBenchmark(key, project.id, arithmeticRows(3).map((r) => ({ ...r, answer: null })) as unknown as Rows, emptyName);
    const runId = await createRun(key, [good, empty], `fixture-${uniq()}`, { concurrency: 3 });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    const { run, scores } = await finished(key, runId);
    expect(run).toMatchObject({ status: "failed", error: `${emptyName}: the scorer gave no reward (3 of 3 attempts)` });
    expect(scores.scores.map((r: any) => [r.benchmark_id, r.status, r.score])).toEqual([
      [good, "completed", 1],
      [empty, "failed", null],
    ]);
  });
});
