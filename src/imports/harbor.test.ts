// Harbor trial directories as an import: each trial an attempt of its task
// with the reward its verifier wrote (per attempt), its ATIF trajectory as
// the recorded output; trials whose verifier did not run are missing, not 0.
import { describe, expect, it } from "vitest";
import { miniTrajectory, miniTrial } from "../../test/mini-harbor";
import { writeZip } from "../../test/zip-writer";
import { scoreAttempt } from "../scorers/registry";
import { validateAtif } from "../trajectories/atif";
import { outputRows, taskRows } from "./index";
import { parseHarborTrials } from "./harbor";
import { planImport } from "./plan";
import { ImportError } from "./types";

const zipOf = (files: Record<string, string>) => writeZip(Object.entries(files).map(([name, data]) => ({ name, data, deflate: true })));
const inJob = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([p, t]) => [`jobs/2026-01-01__00-00-00/${p}`, t]));

describe("Harbor trial import", () => {
  it("makes each trial an attempt of its task, rewarded per attempt, the trajectory as its output", async () => {
    const job = inJob({
      ...miniTrial({ task: "hello-file", trial: "hello-file__aaaaaaa", reward: "1" }),
      ...miniTrial({ task: "hello-file", trial: "hello-file__bbbbbbb", reward: "0" }),
      ...miniTrial({ task: "sum-file", trial: "sum-file__ccccccc", reward: null, exception: "AgentTimeoutError" }),
      "result.json": JSON.stringify({ id: "j", started_at: null, finished_at: null, n_total_trials: 3, stats: { n_trials: 3, n_errors: 1, evals: { "terminus-2__fixture-model__terminal-bench": { n_trials: 2, n_errors: 1, metrics: [{ mean: 1 / 3 }] } } } }),
    });
    const ev = await parseHarborTrials({ name: "job.zip", bytes: await zipOf(job) });
    expect(ev).toMatchObject({ tool: "harbor", task: "terminal-bench", model: "fixture-model", tool_version: "terminus-2 2.0.0" });
    expect(ev.scores[0]).toMatchObject({ name: "reward", assay: null, stated: 1 / 3, verdicts: 2, stated_from: expect.stringContaining("terminus-2__fixture-model__terminal-bench") });
    expect(ev.outputs.map((o) => [o.key, o.attempt])).toEqual([
      ["hello-file", 0],
      ["hello-file", 1],
      ["sum-file", 0],
    ]);
    expect(validateAtif(JSON.parse(ev.outputs[0]!.output)).valid).toBe(true);
    const plan = planImport(ev, "tb-import", ["job.zip"]);
    expect(plan.attempts).toBe(2);
    expect(plan.benchmarks[0]).toMatchObject({ counterpart: false, scoring: { type: "source_verdict", column: "verdict:reward" } });
    const rows = new Map(taskRows(ev).map((r) => [r.key as string, r]));
    expect(rows.get("hello-file")).toMatchObject({ prompt: "Create /app/hello.txt containing exactly `Hello, world!`.", "verdict:reward": [1, 0], harbor_trials: ["hello-file__aaaaaaa", "hello-file__bbbbbbb"] });
    expect(rows.get("sum-file")).toMatchObject({ "verdict:reward": [null], harbor_missing: ["AgentTimeoutError: it broke"] });
    // The run scores each attempt with its own trial's reward.
    const rewards = await Promise.all(
      outputRows(ev).map(async (o) => (await scoreAttempt({ output: o.output as string, expected: null, spec: plan.benchmarks[0]!.scoring, row: rows.get(o.key as string)!, attempt_index: o.attempt as number })).reward),
    );
    expect(rewards).toEqual([1, 0, null]);
  });

  it("reads a bare trial directory's reward files by Harbor's rules, and joins a continued trajectory", async () => {
    const first = { ...miniTrajectory("t1"), continued_trajectory_ref: "trajectory.cont-1.json" };
    const cont = { ...miniTrajectory("t1"), steps: [{ ...(miniTrajectory().steps as object[])[0], is_copied_context: true }, { step_id: 2, source: "agent", message: "Continuing.", model_name: "fixture-model" }] };
    const files = {
      "t__1234567/agent/trajectory.json": JSON.stringify(first),
      "t__1234567/agent/trajectory.cont-1.json": JSON.stringify(cont),
      "t__1234567/verifier/reward.json": '{"accuracy": 0.5}',
    };
    const ev = await parseHarborTrials({ name: "trial.zip", bytes: await zipOf(files) });
    expect(ev.tasks.map((t) => t.key)).toEqual(["t"]);
    expect(taskRows(ev)[0]!["verdict:reward"]).toEqual([0.5]);
    const joined = validateAtif(JSON.parse(ev.outputs[0]!.output));
    expect(joined.valid).toBe(true);
    expect(joined.trajectory!.steps.map((s) => s.message).at(-1)).toBe("Continuing.");
    expect(joined.trajectory!.steps).toHaveLength(5);
    expect(joined.trajectory!.continued_trajectory_ref).toBeUndefined();
  });

  it.each([
    ["no trial", { "README.md": "x" }, "file", /no Harbor trial directory/],
    ["an invalid trajectory", { "t__1234567/agent/trajectory.json": JSON.stringify({ ...miniTrajectory(), steps: [] }) }, "file:t__1234567/agent/trajectory.json", /not a valid ATIF trajectory/],
    ["a result.json reward that is not a number", { "t__1234567/result.json": JSON.stringify({ task_name: "t", trial_name: "t__1234567", verifier_result: { rewards: { reward: "1" } } }) }, "file:t__1234567/result.json.verifier_result.rewards.reward", /./],
    ["a missing continuation", { "t__1234567/agent/trajectory.json": JSON.stringify({ ...miniTrajectory(), continued_trajectory_ref: "gone.json" }) }, "file:t__1234567/agent/trajectory.json", /gone.json/],
    ["two trials of one name", { "a/t__1234567/result.json": JSON.stringify({ task_name: "t", trial_name: "x" }), "b/t__1234567/result.json": JSON.stringify({ task_name: "t", trial_name: "x" }) }, "file:b/t__1234567/result.json", /trial x/],
  ])("refuses %s, naming the file", async (_, files, field, message) => {
    const err = await parseHarborTrials({ name: "x.zip", bytes: await zipOf(files) }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.field).toBe(field);
    expect(err.message).toMatch(message);
  });
});
