// The environment runner end to end on the local backend, as Assay drives
// it: signed attempts of the tasks Assay ships, run by the oracle and by
// the bash harness driving the fixture model (OpenAI and Anthropic
// shapes), every attempt ending rewarded or failed with its reason; the
// phases and the commands as turns; a step limit, a model that fails for
// good, an external agent working through the exec callback; signatures
// refused. Skipped (with the reason) where the local backend cannot run:
// not root, no bubblewrap, no debootstrap. The first run builds the Debian
// root (about 30 s to 3 min); later runs reuse it from the cache.
import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { startEnvironmentRunner } from "./server.mjs";
import { taskRows } from "./tasks.mjs";
import { attemptFor, commandsOf, dispatch, localSkip, phasesOf, startFakeAssay } from "./test-support.mjs";

const skip = localSkip();
const SECRET = randomBytes(24).toString("base64url");

describe("the environment runner on the local backend", { skip: skip ?? false, timeout: 20 * 60_000 }, () => {
  let runner;
  let assay;
  let fixture;
  let rows;
  const row = (name) => rows.find((r) => r.name === name || r.name.endsWith(`/${name}`));

  before(async () => {
    rows = await taskRows();
    assay = await startFakeAssay();
    // The fixture knows each shipped task's solution from its row, as it knows answer keys.
    fixture = await startFixtureModel({ answers: rows });
    runner = await startEnvironmentRunner({ secret: SECRET, backend: "local", concurrency: 2 });
  });
  after(async () => {
    await runner?.idle();
    await runner?.close();
    await fixture?.close();
    await assay?.close();
  });

  /** Runs each task's attempt with `params`; resolves the records by task name. */
  async function runAll(names, params, secrets = {}) {
    const runs = names.map((n) => ({ name: n, ...attemptFor(assay, row(n), { params, secrets }) }));
    for (const r of runs) assert.equal((await dispatch(runner.url, SECRET, r.attempt)).status, 202);
    await Promise.all(runs.map((r) => r.record.done));
    return Object.fromEntries(runs.map((r) => [r.name, r.record]));
  }

  /** The result as Assay's callback validates it (src/runner/protocol.ts). */
  const validated = async (record) => (await importTs(new URL("../src/runner/protocol.ts", import.meta.url).href)).ResultBody.parse(record.result);

  const failedWith = (record, pattern) => {
    assert.equal(record.result.reward, null, `${record.result.error}`);
    assert.match(record.result.error, pattern);
  };

  it("the oracle solves the solvable tasks; a broken build, a crashing verifier and a timeout each end as they must", async () => {
    const r = await runAll(["hello-file", "count-words", "fix-sum-script", "verifier-crash", "slow-solution", "broken-environment"], { agent: "oracle" });
    for (const name of ["hello-file", "count-words", "fix-sum-script"]) {
      assert.equal(r[name].result.reward, 1, `${name}: ${r[name].result.error ?? r[name].result.structured?.judge_summary}`);
      assert.equal(r[name].result.error, null);
      assert.deepEqual(phasesOf(r[name]), ["boot", "setup", "agent", "verify", "finalize"]);
      // The oracle makes no model call: no turns are reported, and Assay keeps them unknown.
      assert.equal("turns" in r[name].result, false);
      assert.equal((await validated(r[name])).turns, null);
      assert.deepEqual(commandsOf(r[name]), ["bash /solution/solve.sh"]);
    }
    // reward.json: the headline and its other values.
    assert.deepEqual(r["count-words"].result.structured.dimensions, { reward: 1, exact: 1 });
    failedWith(r["verifier-crash"], /^the verifier failed: RewardFileNotFoundError: .* \(test\.sh exited 1\)$/);
    failedWith(r["broken-environment"], /^the environment failed to build: Dockerfile line 3 \(RUN test -x \/opt\/toolchain\/bin\/cc .*\) exited 3: the toolchain is not in this image$/);
    assert.deepEqual(phasesOf(r["broken-environment"]), ["boot", "finalize"]);
    // Out of time: killed at 3 s, and the verifier still decides (Harbor's rule), finding the task undone.
    assert.equal(r["slow-solution"].result.reward, 0);
    assert.equal(r["slow-solution"].result.structured.agent.stop, "timeout");
    assert.ok(r["slow-solution"].result.structured.notes.some((n) => /AgentTimeoutError/.test(n)));
    // What a trial leaves: the verifier's output, the environment it ran in.
    assert.match(r["hello-file"].artifacts.get("verifier-output.txt").body.toString(), /hello\.txt is right/);
    assert.equal(r["hello-file"].result.structured.environment.backend, "local");
    assert.equal(r["hello-file"].result.structured.environment.network, "none");
  });

  it("the bash harness driving the fixture model completes them, command by command, every attempt rewarded or failed with its reason", async () => {
    const model = { provider: "openai", base_url: `${fixture.url}/v1`, model: "fixture-bash" };
    const r = await runAll(["hello-file", "count-words", "fix-sum-script", "verifier-crash", "slow-solution", "broken-environment"], { agent: "bash", ...model }, { api_key: "sk-fixture-key-123" });
    for (const name of ["hello-file", "count-words", "fix-sum-script"]) {
      assert.equal(r[name].result.reward, 1, `${name}: ${r[name].result.error ?? r[name].result.structured?.judge_summary}`);
      const cmds = commandsOf(r[name]);
      assert.equal(cmds[0], "pwd; ls -la");
      assert.match(cmds[1], /^bash <<'ASSAY_FIXTURE_SOLUTION'/);
      // Each command's output came back as a tool message, shown before the next model call committed it.
      const tools = r[name].events.filter((e) => e.kind === "turn").flatMap((e) => e.messages).filter((m) => m.role === "tool");
      assert.equal(tools.length, 2);
      assert.match(tools[0].content, /\[exit code 0\]$/);
      assert.ok(r[name].events.some((e) => e.kind === "preview" && e.messages.some((m) => m.role === "tool")));
      assert.equal(r[name].result.structured.agent.stop, "done");
      assert.equal(r[name].result.structured.agent.steps, 3);
      // The harness's model replies are the attempt's turns, in the result as the protocol takes it.
      assert.equal((await validated(r[name])).turns, 3);
    }
    failedWith(r["verifier-crash"], /RewardFileNotFoundError/);
    failedWith(r["broken-environment"], /^the environment failed to build/);
    assert.equal(r["slow-solution"].result.reward, 0);
    // The key never reaches a trace.
    for (const rec of Object.values(r)) assert.doesNotMatch(JSON.stringify(rec.events), /sk-fixture-key-123/);
  });

  it("speaks Anthropic's messages API to an Anthropic target", async () => {
    const r = await runAll(["hello-file"], { agent: "bash", provider: "anthropic", base_url: fixture.url, model: "fixture-bash-anthropic" }, { api_key: "sk-ant-fixture" });
    assert.equal(r["hello-file"].result.reward, 1, r["hello-file"].result.error);
    assert.equal(commandsOf(r["hello-file"]).length, 2);
  });

  it("stops at the step limit and still verifies; a model that refuses for good fails the attempt, its key scrubbed", async () => {
    const loop = await runAll(["hello-file"], { agent: "bash", base_url: `${fixture.url}/v1`, model: "fixture-loop:bash_loop=1", max_steps: 3 });
    assert.equal(loop["hello-file"].result.structured.agent.stop, "steps");
    assert.deepEqual(commandsOf(loop["hello-file"]), ["echo step 1", "echo step 2", "echo step 3"]);
    assert.equal(loop["hello-file"].result.reward, 0);
    assert.equal((await validated(loop["hello-file"])).turns, 3);
    const refused = await runAll(["hello-file"], { agent: "bash", base_url: `${fixture.url}/v1`, model: "fixture-401:status=401" }, { api_key: "sk-secret-echoed-back" });
    failedWith(refused["hello-file"], /^the agent failed: the model answered 401/);
    assert.doesNotMatch(refused["hello-file"].result.error, /sk-secret-echoed-back/);
    assert.match(refused["hello-file"].result.error, /\[redacted\]/);
    // A harness that failed reports no count rather than a partial one.
    assert.equal((await validated(refused["hello-file"])).turns, null);
  });

  it("runs an external agent through the runner protocol, which works in the environment through the exec callback", async () => {
    const agentSecret = randomBytes(20).toString("hex");
    const seen = [];
    // A minimal external agent: verifies Assay's signature scheme, runs two commands through exec, reports a turn and its result.
    const agent = http.createServer(async (req, res) => {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const body = Buffer.concat(chunks).toString("utf8");
      const want = `v1=${createHmac("sha256", agentSecret).update(`${req.headers["x-assay-timestamp"]}.${body}`).digest("hex")}`;
      if (req.headers["x-assay-signature"] !== want) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(202).end("{}");
      const a = JSON.parse(body);
      seen.push(a);
      const call = (url, payload) => fetch(url, { method: "POST", headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json" }, body: JSON.stringify(payload) }).then((r) => r.json());
      const ls = await call(a.environment.exec, { command: "ls /tests 2>&1; ls /solution 2>&1; echo listed" });
      const write = await call(a.environment.exec, { command: "printf 'Hello, Assay!\\n' > /app/hello.txt && echo wrote" });
      await call(a.callbacks.events, { events: [{ kind: "phase", phase: "scoring" }, { kind: "turn", model: "ext", messages: [{ role: "assistant", content: `${ls.output.trim()} / ${write.output.trim()}` }] }] });
      await call(a.callbacks.result, { reward: 0.5, error: null, output: "done" });
    });
    await new Promise((r) => agent.listen(0, "127.0.0.1", r));
    try {
      const r = await runAll(["hello-file"], { agent: "external", agent_url: `http://127.0.0.1:${agent.address().port}/` }, { agent_signing_secret: agentSecret });
      const rec = r["hello-file"];
      assert.equal(rec.result.reward, 1, rec.result.error);
      // The agent saw the instruction only: no tests, no solution in its environment or its dispatch.
      assert.equal(seen[0].task.data.instruction, row("hello-file").instruction);
      assert.equal(seen[0].task.data.files, undefined);
      const turn = rec.events.find((e) => e.kind === "turn");
      assert.match(turn.messages[0].content, /No such file or directory[\s\S]*listed \/ wrote/);
      // Its own phase event is not the trial's; its reward is not the verdict.
      assert.deepEqual(phasesOf(rec), ["boot", "setup", "agent", "verify", "finalize"]);
    } finally {
      await new Promise((r) => agent.close(r));
    }
  });

  it("runs a SWE-bench instance in its evaluation image, which the local backend cannot pull: failed with that reason, never 0", async () => {
    const instance = {
      instance_id: "octo__widgets-17",
      repo: "octo/widgets",
      base_commit: "0123456789abcdef0123456789abcdef01234567",
      version: "1.0",
      problem_statement: "Widgets overflow.",
      test_patch: "diff --git a/tests/test_w.py b/tests/test_w.py\n--- a/tests/test_w.py\n+++ b/tests/test_w.py\n@@ -1 +1 @@\n-x\n+y\n",
      FAIL_TO_PASS: '["tests/test_w.py::test_fit"]',
      PASS_TO_PASS: "[]",
      image: "registry.invalid/swebench/sweb.eval.x86_64.octo_1776_widgets-17:latest",
      eval_script: "#!/bin/bash\ncd /testbed\n: '>>>>> Start Test Output'\npytest -rA tests/test_w.py\n: '>>>>> End Test Output'\n",
    };
    const { attempt, record } = attemptFor(assay, instance, { params: { agent: "oracle" } });
    assert.equal((await dispatch(runner.url, SECRET, attempt)).status, 202);
    const result = await record.done;
    failedWith(record, /^the environment failed to build: the task names only a prebuilt image \(registry\.invalid\/swebench\/sweb\.eval\.x86_64\.octo_1776_widgets-17:latest\), which the local backend cannot pull: run it on the docker backend$/);
    assert.equal(result.structured.agent, null);
    // An instance that is not one is a failed attempt naming the field.
    const bad = attemptFor(assay, { instance_id: "nope" }, { params: { agent: "oracle" } });
    await dispatch(runner.url, SECRET, bad.attempt);
    failedWith({ result: await bad.record.done }, /^the task could not be read: the task row is neither a Harbor task .* nor a SWE-bench instance: instance_id: is not a SWE-bench instance id/);
  });

  it("refuses an attempt it cannot trust or read, and says what it is", async () => {
    const { attempt } = attemptFor(assay, row("hello-file"), { params: { agent: "none" } });
    assert.equal((await dispatch(runner.url, "another-secret-0123456789", attempt)).status, 401);
    assert.equal((await dispatch(runner.url, SECRET, attempt, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status, 401);
    assert.equal((await dispatch(runner.url, SECRET, { ...attempt, protocol: "other.v9" })).status, 400);
    const health = await (await fetch(`${runner.url}/healthz`)).json();
    assert.equal(health.backend.name, "local");
    assert.deepEqual(health.agents, ["bash", "oracle", "external", "none"]);
  });
});
