import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { agentProfile, attemptPrefix, createAgentRun, follow, pumpRelay } from "../../test/runner";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, fixtureStats, waitForRun } from "../../test/runs";
import { attemptId } from "../../src/domain/attempt-id";

describe("agent runs end to end (reference runner, fixture model)", { timeout: 120_000 }, () => {
  it("completes with the runner verifier's rewards, traces, steps and artifacts", async () => {
    const { key, project } = await newProject();
    const rows = arithmeticRows(6);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    const profile = await agentProfile(key);
    const runId = await createAgentRun(key, [bm], profile.ref, { attempts: 2, concurrency: 3, timeout_s: 60 });
    const pump = pumpRelay(attemptPrefix(runId));
    const live = await follow(key, runId);
    try {
      expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
      const p = await waitForRun(key, runId, 90_000);
      expect(p).toMatchObject({ status: "completed", terminal_attempts: 12, total_attempts: 12, scored_attempts: 12 });
    } finally {
      await pump.stop();
    }
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(12);
    for (const a of attempts) {
      expect(a).toMatchObject({ status: "succeeded", reward: 1, error: null, exit_code: 0, tries: 1 });
      expect(JSON.parse(a.structured)).toMatchObject({ composite: 1, dimensions: { correct: 1, used_tool: 1 } });
      expect(a.reason).toMatch(/matches the expected/);
      expect(a.transcript_key).toMatch(new RegExp(`^runs/${runId}/traces/`));
      expect(a.input_tokens).toBeGreaterThan(0);
      expect(a.output).toMatch(/#### \d+/);
    }
    // Followers saw each attempt go through its phases, turn by turn, then land.
    await live.waitFor(() => live.deltas.filter((d) => d.kind === "end").length === 12);
    live.close();
    const mine = live.deltas.filter((d) => d.attempt_id === attemptId(runId, 0));
    expect(mine.map((d) => (d.kind === "phase" ? d.phase : d.kind))).toEqual(["header", "setup", "agent", "preview", "turn", "preview", "turn", "scoring", "finalize", "end"]);
    expect(mine[0]).toMatchObject({ execution: "agent", phase: "boot", executor: "reference runner", try: 1 });
    expect(mine.filter((d) => d.kind === "turn").map((d) => d.turn_index)).toEqual([0, 1]);
    expect(mine.at(-1)).toMatchObject({ status: "succeeded", reward: 1 });
    expect(JSON.stringify(live.deltas)).not.toContain("sk-runner-planted-secret-4412");
    // Two model calls per attempt: the tool call, then the answer.
    expect((await fixtureStats(profile.model)).calls).toBe(24);
    // The runner reports those two replies as each attempt's turns: the samples' Turns and the overview's mean.
    expect(attempts.map((a) => a.turns)).toEqual(new Array(12).fill(2));
    const samples = (await call("GET", `/api/eval-runs/${runId}/samples?limit=50`, { key })).body.items as any[];
    expect(samples.map((x) => x.turns)).toEqual(new Array(12).fill(2));
    const [g] = (await call("GET", `/api/eval-runs/${runId}/overview`, { key })).body.groups as any[];
    expect(g).toMatchObject({ execution: "agent", tiles: { mean_turns: 2 } });

    const id = attemptId(runId, 0);
    const steps = await call("GET", `/api/trials/${id}/steps?start_step_index=0&limit=10`, { key });
    expect(steps.status).toBe(200);
    expect(steps.body).toMatchObject({ attempt_id: id, live: false, num_steps: 2, next_start_step_index: null, pending: null });
    const [first, second] = steps.body.items;
    expect(first.messages.map((m: any) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(first.messages[2].tool_calls[0].function.name).toBe("calculator");
    expect(second.messages.map((m: any) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    expect(second.new_messages_from).toBe(3);
    expect(second.messages[4].content).toMatch(/#### \d+/);
    expect(JSON.stringify(steps.body)).not.toContain("sk-runner-planted-secret-4412");

    const trial = await call("GET", `/api/trials/${id}?include_steps=true`, { key });
    expect(trial.body).toMatchObject({ status: "succeeded", reward: 1, num_steps: 2, transcript_available: true });
    expect(trial.body.steps).toEqual(steps.body.items);

    const arts = await call("GET", `/api/trials/${id}/artifacts`, { key });
    expect(arts.body.items.map((a: any) => [a.name, a.content_type])).toEqual([["conversation.json", "application/json"]]);
    const file = await call("GET", `/api/trials/${id}/artifacts/conversation.json`, { key });
    expect(file.headers.get("content-type")).toBe("application/json");
    expect(file.body.at(-1).content).toMatch(/#### \d+/);
  });
});
