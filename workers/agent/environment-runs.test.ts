// Agent benchmarks in task environments through the Worker: a benchmark
// made from a ZIP of Harbor tasks (the ones Assay ships), run with a model
// target, goes to the deployment's environment runner
// (ASSAY_ENVIRONMENT_RUNNER_URL: the one test/runner-setup.ts starts on the
// local backend, its callbacks carried by the relay), whose bash harness
// drives the fixture model: each attempt ends rewarded or failed with its
// reason, its phases and commands are the trace, its key never shown.
// Without an environment runner the start is a 422 naming the benchmark
// and the settings; a run mixing such a benchmark with an inline one is a
// 422 too. Where the local backend cannot run here, the end-to-end test is
// skipped with the reason (the refusals still run).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import worker from "../index";
import type { Env } from "../env";
import { recordPublicOrigin } from "./callbacks";
import { attemptId } from "../../src/domain/attempt-id";
import { call, expectProblem, newProject } from "../../test/http";
import { attemptPrefix, follow, pumpRelay } from "../../test/runner";
import { arithmeticBenchmark, attemptsOf, createRun, waitForRun } from "../../test/runs";
import { writeZip } from "../../test/zip-writer";

interface TaskRow {
  name: string;
  instruction: string;
  files: { path: string; encoding: "utf8" | "base64"; content: string }[];
}

const rows = (): TaskRow[] => JSON.parse(inject("environmentTaskRows"));
const folder = (r: TaskRow) => r.name.split("/").at(-1)!;
const uniq = () => crypto.randomUUID().slice(0, 8);

/** A ZIP of the shipped tasks named, each in its own folder. */
async function tasksZip(names: string[]) {
  const members = rows()
    .filter((r) => names.includes(folder(r)))
    .flatMap((r) => r.files.map((f) => ({ name: `tasks/${folder(r)}/${f.path}`, data: f.encoding === "utf8" ? f.content : Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0)) })));
  return writeZip(members);
}

async function taskBenchmark(key: string, names: string[], name = `tasks-${uniq()}`) {
  const form = new FormData();
  form.append("name", name);
  form.append("file", new File([await tasksZip(names)], "tasks.zip"));
  return call("POST", "/api/benchmarks/tasks", { key, raw: form });
}

/** The Worker's fetch with some bindings removed, as a deployment configured otherwise would see it. */
async function callWith(overrides: Partial<Record<keyof Env, unknown>>, method: string, path: string, key: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://assay.test${path}`, { method, headers: { authorization: `Bearer ${key}` } }), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json<any>(), headers: res.headers };
}

describe("a benchmark of Harbor tasks", () => {
  it("is made from a ZIP of task folders: one row per task, its verifier the task's tests; a task that does not read is a 422 naming its file", async () => {
    const { key } = await newProject();
    const r = await taskBenchmark(key, ["hello-file", "count-words"]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.tasks).toEqual(["assay/count-words", "hello-file"]);
    expect(r.body.benchmark).toMatchObject({ kind: "runner", scoring: { type: "verifier", verifier: "task-tests" }, prompt_template: "{instruction}", sample_size: 2 });
    const bad = new FormData();
    bad.append("name", `bad-${uniq()}`);
    bad.append("file", new File([await writeZip([{ name: "t/instruction.md", data: "Do it.\n" }, { name: "t/task.toml", data: "[environment]\ncpus = -1\n" }])], "bad.zip"));
    const p = expectProblem(await call("POST", "/api/benchmarks/tasks", { key, raw: bad }), 422, "validation_failed");
    expect(p.errors).toEqual([{ field: "file:t/task.toml:environment.cpus", message: expect.any(String) }]);
  });

  it("with a model target and no environment runner: 422 naming the benchmark and the settings; mixed with an inline benchmark: 422", async () => {
    const { key, project } = await newProject();
    const bm = (await taskBenchmark(key, ["hello-file"])).body.benchmark.id as string;
    const runId = await createRun(key, [bm], `fixture-noenv-${uniq()}`);
    const r = await callWith({ ASSAY_ENVIRONMENT_RUNNER_URL: undefined, ASSAY_ENVIRONMENT_RUNNER_SECRET: undefined }, "POST", `/api/eval-runs/${runId}/start`, key);
    const p = expectProblem(r, 422, "validation_failed");
    expect(p.errors).toEqual([{ field: "benchmarks.0", message: expect.stringMatching(/runs each task in its own environment on an environment runner, and this deployment has none: set ASSAY_ENVIRONMENT_RUNNER_URL and the secret ASSAY_ENVIRONMENT_RUNNER_SECRET/) }]);
    expect((await call("GET", `/api/eval-runs/${runId}`, { key })).body.status).toBe("draft");
    const half = await callWith({ ASSAY_ENVIRONMENT_RUNNER_SECRET: undefined }, "POST", `/api/eval-runs/${runId}/start`, key);
    expect(expectProblem(half, 503, "misconfigured").errors!.map((e) => e.field)).toEqual(["ASSAY_ENVIRONMENT_RUNNER_SECRET"]);
    const inline = await arithmeticBenchmark(key, project.id);
    const mixed = await createRun(key, [bm, inline], `fixture-mixed-${uniq()}`);
    const m = expectProblem(await call("POST", `/api/eval-runs/${mixed}/start`, { key }), 422, "validation_failed");
    expect(m.errors).toEqual([{ field: "benchmarks.1", message: expect.stringMatching(/cannot share a run with tasks-.*, which run on the environment runner/) }]);
  });

  it.skipIf(!inject("sharedPresent"))("loads Terminal-Bench 2.0's tasks (the 17 in ../shared) as a benchmark, each task keeping its image and limits", async () => {
    const listing = new TextDecoder().decode(await (await fetch(`${inject("sharedUrl")}/datasets/terminal_bench_2/SOURCE.md`)).arrayBuffer());
    const paths = [...new Set([...listing.matchAll(/`datasets\/terminal_bench_2\/(tasks\/[^`]+)`/g)].map((m) => m[1]!))];
    const members = await Promise.all(paths.map(async (p) => ({ name: p, data: new Uint8Array(await (await fetch(`${inject("sharedUrl")}/datasets/terminal_bench_2/${p}`)).arrayBuffer()) })));
    const { key } = await newProject();
    const form = new FormData();
    form.append("name", "terminal-bench-2-shared");
    form.append("file", new File([await writeZip(members)], "tb2.zip"));
    const r = await call("POST", "/api/benchmarks/tasks", { key, raw: form });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.tasks).toHaveLength(17);
    expect(r.body.tasks).toContain("fix-git");
    expect(r.body.benchmark).toMatchObject({ kind: "runner", sample_size: 17, needs: ["environment runner"] });
    // Each row carries its task whole: task.toml (docker_image, limits), environment/, tests/, solution/.
    const rowsPage = await call("GET", `/api/datasets/${encodeURIComponent("terminal-bench-2-shared@1")}/rows?limit=20`, { key });
    const fixGit = (rowsPage.body.items ?? rowsPage.body.rows ?? []).map((x: any) => x.data ?? x).find((x: any) => x.name === "fix-git");
    expect(fixGit.files.find((f: any) => f.path === "task.toml").content).toContain('docker_image = "alexgshaw/fix-git:20251031"');
    expect(fixGit.files.map((f: any) => f.path)).toEqual(expect.arrayContaining(["environment/Dockerfile", "tests/test.sh", "solution/solve.sh", "instruction.md"]));
  });

  it.skipIf(!!inject("environmentRunnerSkip"))(
    "with a model target: each task runs in its environment on the environment runner, the model driven by its bash harness",
    { timeout: 600_000 },
    async () => {
      const { key } = await newProject();
      const names = ["hello-file", "fix-sum-script", "verifier-crash", "broken-environment"];
      // The fixture learns each task's solution from its row, as it learns answer keys.
      await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(rows()) });
      const made = await taskBenchmark(key, names);
      expect(made.status).toBe(201);
      const bm = made.body.benchmark.id as string;
      const runId = await createRun(key, [bm], `fixture-bash-${uniq()}`, { timeout_s: 300, concurrency: 2 });
      await recordPublicOrigin(env, runId, "http://assay.test");
      const pump = pumpRelay(attemptPrefix(runId));
      const live = await follow(key, runId);
      try {
        expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
        const p = await waitForRun(key, runId, 500_000);
        expect(p).toMatchObject({ status: "completed", terminal_attempts: 4, total_attempts: 4 });
      } finally {
        await pump.stop();
      }
      // The rows are the tasks in path order.
      const attempts = await attemptsOf(runId);
      const task = (n: string) => attempts.find((a: any) => a.row_index === [...names].sort().indexOf(n));
      expect(task("hello-file")).toMatchObject({ status: "succeeded", reward: 1, error: null });
      expect(task("fix-sum-script")).toMatchObject({ status: "succeeded", reward: 1, error: null });
      expect(task("verifier-crash")).toMatchObject({ status: "failed", reward: null });
      expect(task("verifier-crash").error).toMatch(/^the verifier failed: RewardFileNotFoundError/);
      expect(task("broken-environment")).toMatchObject({ status: "failed", reward: null });
      expect(task("broken-environment").error).toMatch(/^the environment failed to build: Dockerfile line 3/);
      // The trace: the environment's phases, then the agent's commands with their output as steps.
      const hello = task("hello-file");
      const id = attemptId(runId, hello.seq);
      await live.waitFor(() => live.deltas.filter((d) => d.kind === "end").length === 4, 30_000);
      live.close();
      const mine = live.deltas.filter((d) => d.attempt_id === id);
      expect(mine.filter((d) => d.kind === "phase").map((d) => d.phase)).toEqual(["boot", "setup", "agent", "verify", "finalize"]);
      expect(mine[0]).toMatchObject({ kind: "header", execution: "agent" });
      const steps = await call("GET", `/api/trials/${id}/steps?start_step_index=0&limit=10`, { key });
      // Each step holds the conversation so far: the last one has every command and its output.
      const last = steps.body.items.at(-1).messages;
      const calls = last.flatMap((m: any) => m.tool_calls ?? []).map((c: any) => JSON.parse(c.function.arguments).command);
      expect(calls).toEqual(["pwd; ls -la", expect.stringMatching(/^bash <<'ASSAY_FIXTURE_SOLUTION'/)]);
      expect(last.filter((m: any) => m.role === "tool").map((m: any) => m.content)).toEqual([expect.stringMatching(/\/app[\s\S]*\[exit code 0\]$/), expect.stringMatching(/\[exit code 0\]$/)]);
      const trial = await call("GET", `/api/trials/${id}?include_reward_components=true`, { key });
      expect(trial.body.reward_components.judge_summary).toMatch(/^reward 1 from \/logs\/verifier\/reward\.txt/);
      expect(trial.body.structured.environment).toMatchObject({ backend: "local", network: "none" });
      const arts = await call("GET", `/api/trials/${id}/artifacts`, { key });
      expect(arts.body.items.map((a: any) => a.name).sort()).toEqual(["agent-conversation.json", "verifier-output.txt"]);
      expect(JSON.stringify([live.deltas, steps.body])).not.toContain("sk-test-planted-secret-7731");
    },
  );
});
