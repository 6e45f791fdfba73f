/**
 * Small Harbor tasks and trial directories the project generates in
 * Harbor's formats, so the task reader and the trial importer are tested
 * without the shared data folder: a schema 1.0 task with the deprecated memory/storage
 * spellings (as Terminal-Bench 2.0 writes them), a schema 1.1 task, and a
 * trial directory (result.json, agent/trajectory.json in ATIF, verifier/).
 */
import type { FileTree } from "../src/environments/file-tree";

const enc = new TextEncoder();

export function treeOf(files: Record<string, string>): FileTree {
  return new Map(Object.entries(files).map(([p, t]) => [p, enc.encode(t)]));
}

export const TEST_SH = `#!/bin/bash
if [ "$(cat /app/hello.txt 2>/dev/null)" = "Hello, world!" ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
`;

/** A Terminal-Bench 2.0-style task (schema 1.0, deprecated size strings). */
export function miniTask10(name = "hello-file"): Record<string, string> {
  return {
    "instruction.md": "Create /app/hello.txt containing exactly `Hello, world!`.\n",
    "task.toml": `version = "1.0"

[metadata]
author_name = "Assay tests"
difficulty = "easy"
category = "file-operations"
tags = ["trivial"]

[verifier]
timeout_sec = 120.0

[agent]
timeout_sec = 300.0

[environment]
build_timeout_sec = 600.0
docker_image = "example/${name}:20251031"
cpus = 2
memory = "4G"
storage = "10G"
`,
    "environment/Dockerfile": "FROM debian:bookworm-slim\nWORKDIR /app\n",
    "tests/test.sh": TEST_SH,
    "solution/solve.sh": "#!/bin/bash\nprintf 'Hello, world!' > /app/hello.txt\n",
  };
}

/** A schema 1.1 task: [task] table, memory_mb, no internet, env templates. */
export function miniTask11(): Record<string, string> {
  return {
    "instruction.md": "Write the sum of the numbers in /app/in.txt to /app/out.txt.\n",
    "task.toml": `schema_version = "1.1"
artifacts = ["/app/out.txt"]

[task]
name = "assay/sum-file"
description = "Sum a file of numbers"
keywords = ["arithmetic"]
authors = [{ name = "Assay", email = "tests@example.com" }]

[verifier]
timeout_sec = 60
env = { STRICT = "1" }
user = "root"

[agent]
timeout_sec = 900
user = "agent"

[environment]
build_timeout_sec = 300
cpus = 1
memory_mb = 1024
storage_mb = 2048
gpus = 0
allow_internet = false
workdir = "/app"
mcp_servers = []
env = { TOKEN = "\${HOST_TOKEN:-none}" }
`,
    "environment/Dockerfile": "FROM debian:bookworm-slim\nCOPY in.txt /app/in.txt\n",
    "environment/in.txt": "1\n2\n3\n",
    "tests/test.sh": "#!/bin/bash\n[ \"$(cat /app/out.txt)\" = 6 ] && echo 1 > /logs/verifier/reward.txt || echo 0 > /logs/verifier/reward.txt\n",
    "tests/helper.py": "print('unused')\n",
  };
}

/** An ATIF trajectory of a short bash-tool session (ATIF-v1.5). */
export function miniTrajectory(sessionId = "sess-1"): Record<string, unknown> {
  return {
    schema_version: "ATIF-v1.5",
    session_id: sessionId,
    agent: { name: "assay-bash", version: "0.1.0", model_name: "fixture-model" },
    steps: [
      { step_id: 1, timestamp: "2026-01-01T00:00:00Z", source: "system", message: "You are in a Linux container." },
      { step_id: 2, timestamp: "2026-01-01T00:00:01Z", source: "user", message: "Create /app/hello.txt containing exactly `Hello, world!`." },
      {
        step_id: 3,
        timestamp: "2026-01-01T00:00:02Z",
        source: "agent",
        model_name: "fixture-model",
        message: "I'll write the file.",
        tool_calls: [{ tool_call_id: "call_1", function_name: "bash", arguments: { command: "printf 'Hello, world!' > /app/hello.txt" } }],
        observation: { results: [{ source_call_id: "call_1", content: "" }] },
        metrics: { prompt_tokens: 120, completion_tokens: 20, cached_tokens: 0, cost_usd: 0.001 },
      },
      { step_id: 4, timestamp: "2026-01-01T00:00:03Z", source: "agent", model_name: "fixture-model", message: "Done.", metrics: { prompt_tokens: 150, completion_tokens: 5, cost_usd: 0.0005 } },
    ],
    final_metrics: { total_prompt_tokens: 270, total_completion_tokens: 25, total_cached_tokens: 0, total_cost_usd: 0.0015, total_steps: 4 },
  };
}

export interface MiniTrialOptions {
  task?: string;
  trial?: string;
  /** reward.txt's text (null: no verifier result). */
  reward?: string | null;
  exception?: string | null;
  withResult?: boolean;
}

/** A Harbor trial directory: result.json (TrialResult), agent/trajectory.json, verifier/reward.txt and test output. */
export function miniTrial(opts: MiniTrialOptions = {}): Record<string, string> {
  const task = opts.task ?? "hello-file";
  const trial = opts.trial ?? `${task}__aB3dE9x`;
  const reward = opts.reward === undefined ? "1" : opts.reward;
  const rewardValue = reward === null ? null : Number(reward);
  const files: Record<string, string> = {
    [`${trial}/agent/trajectory.json`]: JSON.stringify(miniTrajectory(trial), null, 2),
    [`${trial}/verifier/test-stdout.txt`]: "PASSED tests/test_state.py::test_hello\n",
  };
  if (reward !== null) files[`${trial}/verifier/reward.txt`] = `${reward}\n`;
  if (opts.withResult !== false) {
    files[`${trial}/result.json`] = JSON.stringify(
      {
        id: "3f2b8c1e-0000-4000-8000-000000000001",
        task_name: task,
        trial_name: trial,
        trial_uri: `file:///jobs/2026-01-01__00-00-00/${trial}`,
        task_id: { path: `tasks/${task}` },
        source: "terminal-bench",
        task_checksum: "c0ffee",
        config: { task: { path: `tasks/${task}` }, trial_name: trial, agent: { name: "terminus-2", model_name: "openai/fixture-model" } },
        agent_info: { name: "terminus-2", version: "2.0.0", model_info: { name: "fixture-model", provider: "openai" } },
        agent_result: { n_input_tokens: 270, n_cache_tokens: 0, n_output_tokens: 25, cost_usd: 0.0015, rollout_details: null, metadata: { n_episodes: 2 } },
        verifier_result: rewardValue === null || opts.exception ? null : { rewards: { reward: rewardValue } },
        exception_info: opts.exception
          ? { exception_type: opts.exception, exception_message: "it broke", exception_traceback: "Traceback ...", occurred_at: "2026-01-01T00:05:00" }
          : null,
        started_at: "2026-01-01T00:00:00.000000",
        finished_at: "2026-01-01T00:05:00.000000",
        environment_setup: { started_at: "2026-01-01T00:00:00.000000", finished_at: "2026-01-01T00:00:30.000000" },
        agent_setup: { started_at: "2026-01-01T00:00:30.000000", finished_at: "2026-01-01T00:00:40.000000" },
        agent_execution: { started_at: "2026-01-01T00:00:40.000000", finished_at: "2026-01-01T00:04:00.000000" },
        verifier: { started_at: "2026-01-01T00:04:00.000000", finished_at: "2026-01-01T00:05:00.000000" },
      },
      null,
      4,
    );
  }
  return files;
}
