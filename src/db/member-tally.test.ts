import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedBenchmark } from "../../test/benchmarks";
import { newProject } from "../../test/http";
import { syntheticRun, type SyntheticRun } from "../../test/synthetic-runs";
import { getRun } from "./eval-runs";
import { openDb } from "./client";
import { listRunBenchmarks } from "./run-benchmarks";
import { scanAttempts } from "./leaderboard/scan";
import { summarizeRun } from "./leaderboard/summary";
import { runScores } from "./results/scores";

// Per task, the rewards of its 3 attempts: null ended without a reward (an errored call), undefined never ended.
const A = [[1, 1, 1], [1, 0, null], [0.5, 1, undefined], [null, null, null], [undefined, undefined, undefined], [0, 0, 1]];
const B = [[0, 1, 1], [1, 1, 1], [undefined, 0, 0], [1, null, 0.25], [0, 0, 0], [undefined, undefined, undefined]];

/** The fields an aggregate has, taken from a results score row or a leaderboard slice alike. */
const pick = (x: { score: unknown; pass: unknown; pass_at_k: unknown; pass_hat_k: unknown; score_counts: unknown; uncertainty: unknown; display: unknown }) => ({
  score: x.score,
  pass: x.pass,
  pass_at_k: x.pass_at_k,
  pass_hat_k: x.pass_hat_k,
  score_counts: x.score_counts,
  uncertainty: x.uncertainty,
  display: x.display,
});

async function bothViews(spec: Omit<SyntheticRun, "projectId" | "benchmarks">) {
  const { project } = await newProject();
  const benchmarkId = await seedBenchmark(project.id);
  const runId = await syntheticRun({
    ...spec,
    projectId: project.id,
    compareModel: "model-b",
    benchmarks: [{ benchmarkId, rewards: A, compare: B, composite: [1, 0.5, null, 0, 1, 0.25] }],
  });
  const run = (await getRun(openDb(env.DB), project.id, runId))!;
  const rbs = await listRunBenchmarks(openDb(env.DB), runId);
  const results = (await runScores({ DB: env.DB, ARTIFACTS: env.ARTIFACTS }, runId))!;
  const leaderboard = await summarizeRun(env.DB, env.ARTIFACTS, run, rbs);
  return { runId, rb: rbs[0]!, results, leaderboard };
}

describe("member tally: results and leaderboard read one query", () => {
  for (const [status, missingPolicy] of [
    ["failed", "unknown"],
    ["completed", "as_failure"],
    ["cancelled", "unknown"],
  ] as const) {
    it(`agree on every aggregate of an A/B run with errored and never-ended attempts (${status}, ${missingPolicy})`, async () => {
      const { results, leaderboard } = await bothViews({ model: "model-a", status, missingPolicy });
      expect(leaderboard.skipped).toEqual([]);
      expect(results.scores.map((s) => s.target)).toEqual(["a", "b"]);
      expect(leaderboard.slices.map((s) => s.target)).toEqual(["a", "b"]);
      for (const [i, row] of results.scores.entries()) expect(pick(leaderboard.slices[i]!.aggregate)).toEqual(pick(row));
      // Not trivially scored: errored attempts are invalid, never-ended ones missing (and invalid once the run was cancelled).
      const [a] = results.scores;
      expect(a!.score_counts).toMatchObject({ total: 18, scored: 10, total_members: 6 });
      expect(a!.score_counts!.missing).toBe(8);
    });
  }

  it("merges members split by a scan window edge into the same tallies", async () => {
    const { runId, rb } = await bothViews({ model: "model-a", status: "failed" });
    const whole = await scanAttempts(env.DB, runId, rb.baseSeq!, rb.attemptCount!);
    // Windows of 4 seqs cut most members' 3 attempts apart.
    const windowed = await scanAttempts(env.DB, runId, rb.baseSeq!, rb.attemptCount!, undefined, 4);
    expect(windowed.rows).toBe(whole.rows);
    expect(windowed.byTarget).toEqual(whole.byTarget);
  });
});
