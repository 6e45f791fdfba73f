// The docker backend against a real engine: Docker when one answers
// (ASSAY_TEST_DOCKER_HOST, /var/run/docker.sock), else Podman's API
// service started here (root, podman and runc installed). The engine needs
// debian:bookworm-slim; where no registry is reachable, the local
// backend's Debian root is imported under that name. The oracle runs the
// shipped tasks (solvable ones rewarded, the broken build, the crashing
// verifier and the timeout failed or scored as they must), the bash harness
// drives the fixture model through one, and the hostile programs are
// contained by the container's configuration. Skipped, with the reason,
// where no engine can run.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { dockerBackend, parseUlimits } from "./backends/docker.mjs";
import { startEnvironmentRunner } from "./server.mjs";
import { taskRows } from "./tasks.mjs";
import { attemptFor, commandsOf, dispatch, ensureTestBaseImage, phasesOf, runHostile, startFakeAssay, testEngine } from "./test-support.mjs";
import { loadKit } from "./trial.mjs";

const engine = await testEngine();
const SECRET = randomBytes(24).toString("base64url");

describe("the docker backend on a real engine", { skip: engine.skip ?? false, timeout: 20 * 60_000 }, () => {
  let backend;
  let runner;
  let assay;
  let fixture;
  let rows;
  let kit;
  const row = (name) => rows.find((r) => r.name === name || r.name.endsWith(`/${name}`));

  before(async () => {
    await ensureTestBaseImage(engine.host);
    kit = await loadKit();
    rows = await taskRows();
    backend = await dockerBackend({ dockerHost: engine.host, ulimits: parseUlimits(engine.ulimits) });
    assay = await startFakeAssay();
    fixture = await startFixtureModel({ answers: rows });
    runner = await startEnvironmentRunner({ secret: SECRET, backend, concurrency: 2 });
  });
  after(async () => {
    await runner?.idle();
    await runner?.close();
    await fixture?.close();
    await assay?.close();
    await engine.close?.();
  });

  async function runAll(names, params, secrets = {}) {
    const runs = names.map((n) => ({ name: n, ...attemptFor(assay, row(n), { params, secrets }) }));
    for (const r of runs) assert.equal((await dispatch(runner.url, SECRET, r.attempt)).status, 202);
    await Promise.all(runs.map((r) => r.record.done));
    return Object.fromEntries(runs.map((r) => [r.name, r.record.result ? r.record : null]));
  }

  it("the oracle: the solvable tasks rewarded, every other attempt failed with its reason or scored by its verifier", async () => {
    const r = await runAll(["hello-file", "count-words", "fix-sum-script", "verifier-crash", "slow-solution", "broken-environment"], { agent: "oracle" });
    for (const name of ["hello-file", "count-words", "fix-sum-script"]) {
      assert.equal(r[name].result.reward, 1, `${name}: ${r[name].result.error ?? r[name].result.structured?.judge_summary}`);
      assert.deepEqual(phasesOf(r[name]), ["boot", "setup", "agent", "verify", "finalize"]);
      assert.equal(r[name].result.structured.environment.backend, "docker");
    }
    assert.match(r["verifier-crash"].result.error, /^the verifier failed: RewardFileNotFoundError/);
    assert.match(r["broken-environment"].result.error, /^the environment failed to build: docker build failed: .*exit status 3.*the toolchain is not in this image/);
    assert.equal(r["slow-solution"].result.reward, 0);
    assert.equal(r["slow-solution"].result.structured.agent.stop, "timeout");
  });

  it("the bash harness drives the fixture model in a container", async () => {
    const r = await runAll(["fix-sum-script"], { agent: "bash", base_url: `${fixture.url}/v1`, model: "fixture-bash-docker" });
    assert.equal(r["fix-sum-script"].result.reward, 1, r["fix-sum-script"].result.error);
    assert.equal(commandsOf(r["fix-sum-script"]).length, 2);
  });

  it("contains hostile programs by the container's configuration", async () => {
    const task = await kit.harborTaskFromRow(row("hello-file"));
    const image = await backend.prepare({ name: task.name, dockerfile: task.environment.dockerfile, image: null, files: kit.subtree(task.files, "environment") });
    process.env.ASSAY_ENVIRONMENT_RUNNER_SECRET = SECRET;
    const env = await backend.start(image, { limits: { cpus: 1, memory_mb: 256, storage_mb: 64, pids: 128 }, allowInternet: false, name: "hostile" });
    let out;
    try {
      out = await runHostile(env, { secret: SECRET });
    } finally {
      await env.dispose();
      delete process.env.ASSAY_ENVIRONMENT_RUNNER_SECRET;
    }
    const text = (r) => r.output.toString("utf8");
    assert.doesNotMatch(text(out.network), /reached/);
    assert.deepEqual(text(out.network).trim().split("\n").filter((l) => !l.startsWith("no route")), ["lo"]);
    for (const path of ["/work", "/root/.cache", "/var/cache/assay"]) assert.match(text(out.escape), new RegExp(`${path}'?: No such file or directory`));
    assert.equal(existsSync("/assay-escape-probe"), false);
    assert.equal(out.secretSeen, false);
    // Without a storage quota (Podman on overlay), each file stops at the task's storage (dd killed by SIGXFSZ there).
    const size = Number(text(out.disk).trim().split("\n").at(-1));
    assert.ok(size > 0 && size <= 64 * 1024 * 1024, text(out.disk));
    assert.match(text(out.memory), /Killed|exit=137/);
    assert.ok(out.forkBomb.timed_out || /Resource temporarily unavailable|Cannot fork/.test(text(out.forkBomb)), text(out.forkBomb).slice(0, 300));
    // Disposed: the container is gone.
    const gone = await backend.engine.request("GET", `/containers/${env.container}/json`);
    assert.equal(gone.status, 404);
  });
});
