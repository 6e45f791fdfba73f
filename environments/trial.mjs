/**
 * One trial: an attempt Assay dispatched, run to its result. The phases,
 * each announced to Assay as it starts:
 *
 *   boot    build or pull the task's environment (the backend's cache
 *           makes this short after the first trial), start it
 *   setup   /logs/agent, /logs/verifier; the agent's files
 *   agent   the agent: the bash harness driving the target model, the
 *           oracle (the task's solution), an external agent through the
 *           runner protocol, or none
 *   verify  Harbor: tests/ copied to /tests after the agent, then
 *           `bash /tests/test.sh`, the reward read from /logs/verifier by
 *           Harbor's rules; SWE-bench: the instance's eval script, its
 *           output graded by SWE-bench's rules
 *   finalize  artifacts (the agent's conversation, the verifier's output,
 *           the build log, a SWE-bench patch), then the result (with the
 *           bash harness's turns: its model replies)
 *
 * As in Harbor, an agent that runs out of time still gets verified (its
 * reward counts); an environment that cannot be built or started, an
 * agent that crashes (its model failing for good), and a verifier that
 * crashes, times out or writes no readable reward end the attempt failed
 * with the reason, never with a reward of 0. Every phase fits the
 * attempt's deadline: the agent's time is cut short to leave the verifier
 * its own.
 *
 * I/O: the backend's environments, Assay's callbacks, the target model.
 */
import { importTs } from "../scripts/lib/import-ts.mjs";
import { runBashAgent, toolOutput } from "./agents/bash.mjs";
import { ModelError } from "./agents/model-client.mjs";
import { runOracle } from "./agents/oracle.mjs";
import { AttemptOver, reporter } from "./callbacks.mjs";
import { EnvironmentError } from "./environment.mjs";

/** Kept back from the attempt's deadline for the result to reach Assay. */
const FINALIZE_MS = 15_000;
/** Characters of the verifier's output quoted in the verdict. */
const VERIFIER_TAIL_CHARS = 1500;
const LOG_ARTIFACT_BYTES = 1024 * 1024;

let kitPromise = null;
/** The pure modules the trial uses, from src/ (bundled once on a Node that strips no types). */
export function loadKit() {
  kitPromise ??= (async () => {
    const url = (p) => new URL(`../src/environments/${p}`, import.meta.url).href;
    const [task, row, reward, config, instance, plan, grading, tree, pro, proTask] = await Promise.all([
      importTs(url("harbor/task.ts")),
      importTs(url("task-row.ts")),
      importTs(url("harbor/reward.ts")),
      importTs(url("harbor/task-config.ts")),
      importTs(url("swebench/instance.ts")),
      importTs(url("swebench/eval-plan.ts")),
      importTs(url("swebench/grading.ts")),
      importTs(url("file-tree.ts")),
      importTs(url("swebench/pro.ts")),
      importTs(url("swebench/pro-task.ts")),
    ]);
    return { ...task, ...row, ...reward, ...config, ...instance, ...plan, ...grading, ...tree, ...pro, ...proTask };
  })();
  return kitPromise;
}

/** `${VAR}` / `${VAR:-default}` in a task's env values: defaults and the profile's `task_env` only (never the runner's own environment, which holds its secret). */
export function resolveTemplates(env, given = {}) {
  const notes = [];
  const out = {};
  for (const [k, v] of Object.entries(env)) {
    out[k] = String(v).replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name, dflt) => {
      if (typeof given[name] === "string") return given[name];
      if (dflt !== undefined) return dflt;
      notes.push(`${k}: \${${name}} has no value here (give it in the profile's task_env); left empty`);
      return "";
    });
  }
  return { env: out, notes };
}

/**
 * What the attempt asks to run: a Harbor task from its row, or a SWE-bench
 * instance with its eval plan. Throws a TaskRowError-like error (with
 * `field`) when the row is neither.
 */
export async function taskOfAttempt(attempt, kit) {
  const data = attempt.task?.data ?? {};
  if (data.environment === "harbor") {
    const task = await kit.harborTaskFromRow(data);
    const env = kit.subtree(task.files, "environment");
    return {
      kind: "harbor",
      name: task.name,
      instruction: task.instruction,
      limits: task.config.limits,
      environment: { name: task.name, dockerfile: task.environment.dockerfile, image: task.environment.image, files: env },
      env: task.config.env,
      workdir: task.config.workdir,
      tests: kit.subtree(task.files, "tests"),
      solution: task.solution ? kit.subtree(task.files, "solution") : null,
      warnings: task.config.warnings,
    };
  }
  if (data.environment === "swebench_pro") {
    const got = kit.ProTaskRow.safeParse(data);
    if (!got.success) throw new Error("the task row is not a SWE-bench Pro task: " + got.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const pro = got.data;
    const instance = pro.instance;
    return {
      kind: "swebench_pro",
      name: instance.instance_id,
      instruction: kit.proInstruction(instance),
      // The harness waits an hour for an instance's container (swe_bench_pro_eval.py).
      limits: { cpus: 1, memory_mb: 4096, storage_mb: 10240, gpus: 0, gpu_types: null, allow_internet: true, timeouts: { build_sec: 1800, agent_sec: 3000, verifier_sec: 3600 } },
      environment: { name: instance.instance_id, dockerfile: pro.dockerfile ?? null, image: kit.proImage(instance), files: new Map() },
      env: { environment: {}, verifier: {}, solution: {} },
      workdir: "/app",
      instance,
      pro,
      warnings: [],
    };
  }
  const parsed = kit.SwebenchInstance.safeParse(data);
  if (!parsed.success) {
    const err = new Error("the task row is neither a Harbor task (environment: \"harbor\") nor a SWE-bench instance: " + parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    throw err;
  }
  const instance = parsed.data;
  const plan = kit.evalPlan(instance, { layout: "markers" });
  return {
    kind: "swebench",
    name: instance.instance_id,
    // What the agent is told when the benchmark gives no prompt of its own (the catalog's SWE-bench entries do).
    instruction: `The repository ${instance.repo} is checked out at ${plan.workdir} at commit ${instance.base_commit}. Resolve the issue below by editing the repository's files (do not change its tests).\n\n${instance.problem_statement ?? ""}`.trim(),
    // The official harness's defaults for an instance: no task.toml, so Harbor's limits, its own eval timeout.
    limits: { cpus: 1, memory_mb: 4096, storage_mb: 10240, gpus: 0, gpu_types: null, allow_internet: true, timeouts: { build_sec: 1800, agent_sec: 3000, verifier_sec: plan.timeout_s } },
    environment: { name: instance.instance_id, dockerfile: null, image: plan.image, files: new Map() },
    env: { environment: {}, verifier: {}, solution: {} },
    workdir: plan.workdir,
    instance,
    plan,
    warnings: [],
  };
}

const now = () => Date.now();

/**
 * Runs `attempt` (a verified runner-protocol dispatch) on `backend` to its
 * result. `external(ctx)`: the external agent driver (server.mjs wires it).
 */
export async function runTrial(attempt, { backend, assayUrl, fetchImpl = fetch, log = () => {}, external = null }) {
  const params = attempt.params ?? {};
  const secrets = Object.values(attempt.secrets ?? {}).filter((s) => typeof s === "string");
  const report = reporter(attempt, { assayUrl, secrets, fetchImpl, log });
  const deadline = Date.parse(attempt.attempt.deadline_at) || now() + attempt.attempt.timeout_s * 1000;
  const times = {};
  const notes = [];
  let env = null;
  let buildLog = "";
  const structured = { environment: null, agent: null, verifier: null, phases: times };
  const phase = async (name) => {
    times[name] = { started_at: new Date().toISOString() };
    await report.phase(name);
  };
  const ended = (name) => {
    if (times[name]) times[name].ms = now() - Date.parse(times[name].started_at);
  };
  const fail = (error, extra = {}) => ({ reward: null, structured: { ...structured, notes, judge_summary: error, ...extra }, exit_code: null, error, output: null });
  let result;
  let artifacts = [];
  try {
    const kit = await loadKit();
    await phase("boot");
    let task;
    try {
      task = await taskOfAttempt(attempt, kit);
    } catch (err) {
      result = fail(`the task could not be read: ${err.field ? `${err.field} ` : ""}${err.message}`);
      return;
    }
    notes.push(...task.warnings);
    const o = params.limits ?? {};
    const limits = kit.effectiveLimits(task.limits, {
      timeout_multiplier: params.timeout_multiplier,
      agent_timeout_sec: params.agent_timeout_sec,
      verifier_timeout_sec: params.verifier_timeout_sec,
      cpus: o.cpus,
      memory_mb: o.memory_mb,
      storage_mb: o.storage_mb,
    });
    const buildBudget = Math.max(1, Math.min(limits.timeouts.build_sec, (deadline - now() - FINALIZE_MS) / 1000));
    let image;
    try {
      image = await backend.prepare(task.environment, { buildTimeoutS: buildBudget, onLog: (s) => (buildLog = (buildLog + s).slice(-LOG_ARTIFACT_BYTES)) });
    } catch (err) {
      if (!(err instanceof EnvironmentError)) throw err;
      if (err.log) buildLog = err.log.slice(-LOG_ARTIFACT_BYTES);
      result = fail(`the environment failed to build: ${err.message}`);
      return;
    }
    notes.push(...(image.notes ?? []));
    const resolved = resolveTemplates(task.env.environment, params.task_env);
    notes.push(...resolved.notes);
    try {
      env = await backend.start(image, { limits, allowInternet: limits.allow_internet, env: resolved.env, workdir: task.workdir, name: task.name });
    } catch (err) {
      if (!(err instanceof EnvironmentError)) throw err;
      result = fail(`the environment failed to start: ${err.message}`);
      return;
    }
    notes.push(...env.notes);
    structured.environment = { backend: backend.name, image: image.key ?? image.image ?? null, built: image.built ?? false, build_s: image.seconds ?? 0, network: env.network, limits: env.limits };
    ended("boot");

    await phase("setup");
    const setup = await env.exec({ command: "mkdir -p /logs/agent /logs/verifier /logs/artifacts", timeout_s: 60 });
    if (setup.exit_code !== 0) {
      result = fail(`the environment does not work: setting up /logs failed: ${setup.output.toString("utf8").trim().slice(-300) || `exit ${setup.exit_code}`}`);
      return;
    }
    ended("setup");

    // ---------------------------------------------------------------- agent
    await phase("agent");
    const agentKind = params.agent ?? "bash";
    const verifierS = Math.min(limits.timeouts.verifier_sec, Math.max(1, (deadline - now() - FINALIZE_MS) / 1000 - 1));
    const agentDeadline = Math.min(now() + limits.timeouts.agent_sec * 1000, deadline - FINALIZE_MS - verifierS * 1000);
    if (agentDeadline < now() + limits.timeouts.agent_sec * 1000 - 1000) notes.push(`the agent had ${Math.max(0, Math.round((agentDeadline - now()) / 1000))} s, not the task's ${limits.timeouts.agent_sec} s, to leave the verifier its time before the attempt's deadline`);
    const base = { env, report, deadlineMs: agentDeadline, workdir: task.workdir ?? undefined };
    let agent;
    try {
      if (agentKind === "oracle") {
        agent = await runOracle({ ...base, solution: task.solution ?? undefined, patch: task.kind === "swebench" || task.kind === "swebench_pro" ? (task.instance.patch ?? "") : undefined, solutionEnv: resolveTemplates(task.env.solution, params.task_env).env, toolOutput });
      } else if (agentKind === "bash") {
        const target = { provider: params.provider ?? "openai", base_url: params.base_url, model: params.model, api_key: attempt.secrets?.api_key, params: params.model_params ?? {} };
        agent = await runBashAgent({ ...base, target, instruction: task.instruction, messages: attempt.task.messages, sampling: attempt.sampling, params, fetchImpl });
        if (agent.pending?.length) await report.turn({ messages: agent.pending, model: null });
      } else if (agentKind === "external") {
        if (!external) throw new Error("this runner takes no external agents");
        agent = await external({ ...base, attempt, task, params, secrets: attempt.secrets ?? {} });
      } else if (agentKind === "none") {
        agent = { stop: "done", steps: 0, conversation: [] };
      } else {
        result = fail(`the profile asks for agent '${agentKind}'; this runner has bash, oracle, external and none`);
        return;
      }
    } catch (err) {
      if (err instanceof AttemptOver) throw err;
      const why = err instanceof ModelError ? err.message : `${err?.message ?? err}`;
      result = fail(`the agent failed: ${why}`);
      return;
    }
    structured.agent = { kind: agentKind, stop: agent.stop, steps: agent.steps ?? null, ...(agent.exit_code !== undefined ? { exit_code: agent.exit_code } : {}), ...(agent.usage ? { usage: agent.usage } : {}) };
    if (agent.stop === "timeout") notes.push(`the agent ran out of its time (AgentTimeoutError); the verifier still ran, as in Harbor`);
    if (agent.conversation?.length) artifacts.push(["agent-conversation.json", JSON.stringify(agent.conversation, null, 2), "application/json"]);
    ended("agent");

    // ---------------------------------------------------------------- verify
    await phase("verify");
    const verifierTimeout = Math.max(1, Math.floor(Math.min(verifierS, (deadline - now() - FINALIZE_MS) / 1000)));
    if (task.kind === "harbor") result = await verifyHarbor(env, task, verifierTimeout, kit, params, structured, artifacts);
    else if (task.kind === "swebench_pro") result = await verifySwebenchPro(env, task, verifierTimeout, kit, structured, artifacts);
    else result = await verifySwebench(env, task, verifierTimeout, kit, structured, artifacts);
    ended("verify");
    if (result.error === null && (await env.oomKilled?.())) notes.push("the kernel killed a process of the environment for exceeding its memory limit");
    result.structured = { ...result.structured, ...structured, notes };
    // The bash harness counts its model's replies (each a committed step); the oracle has no model and an external agent counts its own, if at all.
    if (agentKind === "bash") result.turns = agent.steps;
  } catch (err) {
    if (err instanceof AttemptOver) {
      log(`attempt ${attempt.attempt.id}: ${err.message}`);
      return;
    }
    log(`attempt ${attempt.attempt.id} broke: ${err?.stack ?? err}`);
    result = fail(`the environment runner failed: ${String(err?.message ?? err).slice(0, 500)}`);
  } finally {
    if (env) await env.dispose().catch((err) => log(`disposing the environment: ${err.message}`));
    if (result && !report.over) {
      try {
        await phase("finalize");
        if (buildLog) artifacts.push(["build.log", buildLog, "text/plain; charset=utf-8"]);
        for (const [name, bytes, type] of artifacts) await report.artifact(name, bytes, type).catch((err) => log(`artifact ${name}: ${err.message}`));
        await report.result(result);
      } catch (err) {
        log(`attempt ${attempt.attempt.id}: could not report its result: ${err.message}`);
      }
    }
  }
}

const tail = (buf) => {
  const text = buf.toString("utf8").trimEnd();
  return text.length > VERIFIER_TAIL_CHARS ? `…${text.slice(-VERIFIER_TAIL_CHARS)}` : text;
};

/** Harbor's verifier: tests/ into /tests after the agent, `bash /tests/test.sh`, the reward files read by Harbor's rules. */
async function verifyHarbor(env, task, timeoutS, kit, params, structured, artifacts) {
  // The agent had /logs/verifier to itself: a reward it wrote there is not the verifier's.
  await env.exec({ command: "rm -rf /logs/verifier && mkdir -p /logs/verifier /tests", timeout_s: 60 });
  await env.writeFiles("/tests", task.tests);
  const verifierEnv = resolveTemplates(task.env.verifier, params.task_env).env;
  const command = "bash /tests/test.sh > >(tee /logs/verifier/test-stdout.txt) 2> >(tee /logs/verifier/test-stderr.txt >&2)";
  const r = await env.exec({ command, cwd: task.workdir ?? undefined, env: verifierEnv, timeout_s: timeoutS });
  artifacts.push(["verifier-output.txt", r.output, "text/plain; charset=utf-8"]);
  structured.verifier = { command: "bash /tests/test.sh", exit_code: r.exit_code, timed_out: r.timed_out, duration_ms: r.duration_ms };
  const quoted = tail(r.output);
  if (r.timed_out) {
    return { reward: null, structured: { judge_summary: `VerifierTimeoutError: the verifier did not finish within ${timeoutS} s. Its output ended:\n${quoted}` }, exit_code: null, error: `the verifier did not finish within its ${timeoutS} s (VerifierTimeoutError)`, output: null };
  }
  const read = kit.readRewardFiles({ txt: await env.readFile("/logs/verifier/reward.txt"), json: await env.readFile("/logs/verifier/reward.json") });
  if (!read.ok) {
    return { reward: null, structured: { judge_summary: `${read.kind}: ${read.message}. test.sh exited ${r.exit_code}; its output ended:\n${quoted}` }, exit_code: r.exit_code, error: `the verifier failed: ${read.kind}: ${read.message} (test.sh exited ${r.exit_code})`, output: null };
  }
  if (read.reward === null) {
    return { reward: null, structured: { dimensions: read.rewards, judge_summary: `reward.json names several rewards and none called 'reward': ${Object.keys(read.rewards).join(", ")}` }, exit_code: r.exit_code, error: "the verifier's reward.json has no headline reward", output: null };
  }
  return {
    reward: read.reward,
    structured: { composite: read.reward, dimensions: read.rewards, judge_summary: `reward ${read.reward} from /logs/verifier/${read.from} (test.sh exited ${r.exit_code}). Its output ended:\n${quoted}` },
    exit_code: r.exit_code,
    error: null,
    output: null,
  };
}

/** SWE-bench: the diff the agent left, then the instance's eval script, its output graded by SWE-bench's rules. */
async function verifySwebench(env, task, timeoutS, kit, structured, artifacts) {
  const { instance, plan } = task;
  const diff = await env.exec({ command: `git -c core.fileMode=false diff ${instance.base_commit}`, cwd: plan.workdir, timeout_s: 120 });
  artifacts.push(["patch.diff", diff.output, "text/x-diff; charset=utf-8"]);
  await env.writeFiles("/", new Map([["eval.sh", Buffer.from(plan.eval_script)]]));
  const r = await env.exec({ command: "bash /eval.sh", cwd: plan.workdir, timeout_s: timeoutS, maxOutput: 16 * 1024 * 1024 });
  const log = r.output.toString("utf8");
  artifacts.push(["test_output.txt", log, "text/plain; charset=utf-8"]);
  structured.verifier = { command: "bash /eval.sh", exit_code: r.exit_code, timed_out: r.timed_out, duration_ms: r.duration_ms, rules: plan.rules };
  if (r.timed_out) return { reward: null, structured: { judge_summary: `the eval script did not finish within ${timeoutS} s` }, exit_code: null, error: `the SWE-bench eval script did not finish within its ${timeoutS} s`, output: null };
  let grade;
  try {
    grade = kit.gradeInstance({ instance, log, rules: plan.rules });
  } catch (err) {
    return { reward: null, structured: { judge_summary: err.message }, exit_code: r.exit_code, error: `the log could not be graded: ${err.message}`, output: null };
  }
  const reward = grade.resolved ? 1 : 0;
  return {
    reward,
    structured: { composite: reward, dimensions: { resolved: reward }, judge_summary: grade.reason, swebench: { resolution: grade.resolution, tests_status: grade.tests_status ?? null, rules: grade.rules, parser: grade.parser } },
    exit_code: r.exit_code,
    error: null,
    output: diff.output.toString("utf8").slice(0, 200_000) || null,
  };
}

/**
 * SWE-bench Pro, as its harness: the agent's changes as patch.diff (new
 * files included), with the instance's run_script.sh and parser.py and the
 * entry script, in /workspace; `bash /workspace/entryscript.sh` resets
 * /app to the base commit, applies the patch, runs the selected tests and
 * the parser; output.json graded: resolved only when every FAIL_TO_PASS
 * and PASS_TO_PASS test PASSED. Where the harness counts a missing or
 * unreadable output.json as unresolved, the attempt fails with the reason
 * (a verifier that crashed is never a 0 here).
 */
async function verifySwebenchPro(env, task, timeoutS, kit, structured, artifacts) {
  const { instance, pro } = task;
  const diff = await env.exec({ command: `git add -A && git -c core.fileMode=false diff --cached ${instance.base_commit}`, cwd: "/app", timeout_s: 120 });
  artifacts.push(["patch.diff", diff.output, "text/x-diff; charset=utf-8"]);
  const entry = kit.proEntryScript(instance, pro.exports);
  const files = new Map([
    ["patch.diff", diff.exit_code === 0 ? diff.output : Buffer.alloc(0)],
    ["run_script.sh", Buffer.from(pro.run_script)],
    ["parser.py", Buffer.from(pro.parser)],
    ["entryscript.sh", Buffer.from(entry)],
  ]);
  await env.exec({ command: "rm -rf /workspace && mkdir -p /workspace", timeout_s: 60 });
  await env.writeFiles("/workspace", files);
  const r = await env.exec({ command: "bash /workspace/entryscript.sh", cwd: "/app", timeout_s: timeoutS, maxOutput: 16 * 1024 * 1024 });
  artifacts.push(["entryscript-output.txt", r.output, "text/plain; charset=utf-8"]);
  for (const name of ["stdout.log", "stderr.log", "output.json"]) {
    const bytes = await env.readFile(`/workspace/${name}`);
    if (bytes) artifacts.push([name, bytes, name.endsWith(".json") ? "application/json" : "text/plain; charset=utf-8"]);
  }
  structured.verifier = { command: "bash /workspace/entryscript.sh", exit_code: r.exit_code, timed_out: r.timed_out, duration_ms: r.duration_ms };
  if (r.timed_out) return { reward: null, structured: { judge_summary: `the entry script did not finish within ${timeoutS} s` }, exit_code: null, error: `the SWE-bench Pro entry script did not finish within its ${timeoutS} s`, output: null };
  const output = await env.readFile("/workspace/output.json");
  if (!output) return { reward: null, structured: { judge_summary: `parser.py wrote no /workspace/output.json; the entry script's output ended:\n${tail(r.output)}` }, exit_code: r.exit_code, error: "the verifier failed: parser.py wrote no output.json", output: null };
  let grade;
  try {
    grade = kit.gradeProOutput(output.toString("utf8"), instance);
  } catch (err) {
    return { reward: null, structured: { judge_summary: err.message }, exit_code: r.exit_code, error: `output.json could not be graded: ${err.message}`, output: null };
  }
  const reward = grade.resolved ? 1 : 0;
  const summary = grade.resolved ? "resolved: every FAIL_TO_PASS and PASS_TO_PASS test PASSED in output.json" : `not resolved: ${grade.not_passed.length} listed test(s) not PASSED in output.json: ${grade.not_passed.slice(0, 10).join(", ")}`;
  return {
    reward,
    structured: { composite: reward, dimensions: { resolved: reward }, judge_summary: summary, swebench_pro: { resolved: grade.resolved, not_passed: grade.not_passed } },
    exit_code: r.exit_code,
    error: null,
    output: diff.output.toString("utf8").slice(0, 200_000) || null,
  };
}
