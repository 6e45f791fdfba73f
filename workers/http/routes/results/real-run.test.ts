import { describe, expect, it } from "vitest";
import { call, newProject } from "../../../../test/http";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, waitForRun } from "../../../../test/runs";

describe("results of a real run against the fixture model", { timeout: 120_000 }, () => {
  it("scores what the attempts say, and samples show outputs with expected answers", async () => {
    const { key, project } = await newProject();
    const rows = arithmeticRows(8);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    const model = "fixture-results-real-run:accuracy=0.6,latency_ms=2";
    const runId = await createRun(key, [bm], model, { attempts: 2, concurrency: 4 });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId)).status).toBe("completed");

    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(16);
    const rewards = attempts.map((a: any) => a.reward as number);
    const sum = rewards.reduce((s, r) => s + r, 0);
    const byMember = new Map<string, number[]>();
    for (const a of attempts) byMember.set(a.member_key, [...(byMember.get(a.member_key) ?? []), a.reward]);
    const any = [...byMember.values()].filter((r) => r.some((x) => x === 1)).length;
    const all = [...byMember.values()].filter((r) => r.every((x) => x === 1)).length;

    const scores = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    expect(scores.status).toBe(200);
    const [row] = scores.body.scores;
    expect(row).toMatchObject({
      benchmark_id: bm,
      status: "completed",
      k: 2,
      member_count: 8,
      score: sum / 16,
      pass: sum / 16,
      pass_at_k: any / 8,
      pass_hat_k: all / 8,
      score_counts: { total: 16, scored: 16, missing: 0, invalid: 0, total_members: 8, complete_members: 8 },
    });
    expect(row.display.coverage).toMatch(/, 16\/16 attempts scored, 8\/8 members complete$/);

    const samples = await call("GET", `/api/eval-runs/${runId}/samples?limit=200`, { key });
    expect(samples.body.items).toHaveLength(16);
    const answer = new Map(rows.map((r) => [r.id, r.answer]));
    for (const s of samples.body.items) {
      expect(s.expected_answer).toBe(answer.get(s.task_key));
      expect(typeof s.output).toBe("string");
    }
    const failed = await call("GET", `/api/eval-runs/${runId}/samples?filter=failed&limit=200`, { key });
    expect(failed.body.items).toHaveLength(16 - sum);

    const trial = await call("GET", `/api/trials/${samples.body.items[0].id}?include_reward_components=true`, { key });
    expect(trial.body).toMatchObject({ status: "succeeded", reward: rewards[0], transcript_available: true, reward_components: { scorer: "regex" } });
    expect(trial.body.reward_components.reason).toBeTruthy();
    expect(trial.body.tokens.input).toBeGreaterThan(0);

    const md = await call("GET", `/api/eval-runs/${runId}/export?format=md`, { key });
    expect(md.status).toBe(200);
    expect(md.body).toContain(row.display.coverage);
    expect(md.body).not.toContain("sk-test-planted-secret-7731");
  });
});
