// `assay eval run tau2-airline -m MODEL -r 4`: τ²-bench's domain names as
// shorthands for TAU-Bench with that subset, the simulated users' model
// (--user-model, else the target itself, said on stderr), and, against the
// local stack with the fixture playing agent and user, pass^4 printed as the
// headline with pass^1..pass^4 overall and for the domain under it. The stack
// loads the release's pinned files from ../shared/datasets (the loader checks
// each digest); without it that part is skipped, and the generated domains
// cover the same run in workers/agents/tau2-runs.test.ts.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { answerKeyFiles } from "../fixture/answer-keys.mjs";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";
import { userModelOf } from "./commands/job.mjs";
import { EXIT } from "./errors.mjs";
import { parseEvalConfig, runOptionsFor, withFlags } from "./eval-config.mjs";
import { cli, REPO, startLocal } from "./test-support.mjs";

const TARGET = { kind: "model", provider: "openai", base_url: "https://m.example/v1", model: "agent-1", api_key: "sk-agent" };

describe("τ²-bench shorthands and the user model", () => {
  test("tau2-airline is TAU-Bench with the airline subset; tau2 all of it; a selection of the file's keeps its fields", () => {
    const c = withFlags(null, { benchmark: "tau2-airline", model: "m", attempts: 4, limit: 3 });
    assert.deepEqual(c.source, [{ benchmark: "TAU-Bench", select: { subsets: ["airline"] } }]);
    assert.deepEqual(runOptionsFor(c, ["bm_tau_bench"]), { attempts: 4, select: { limit: 3 }, per_benchmark: { bm_tau_bench: { select: { subsets: ["airline"] } } } });
    assert.deepEqual(withFlags(null, { benchmark: "TAU2", model: "m" }).source, [{ benchmark: "TAU-Bench" }]);
    const file = withFlags({ source: [{ benchmark: "tau2-retail", select: { limit: 2 } }] }, { model: "m" });
    assert.deepEqual(file.source, [{ benchmark: "TAU-Bench", select: { subsets: ["retail"], limit: 2 } }]);
    assert.deepEqual(withFlags(null, { benchmark: "gsm8k", model: "m" }).source, [{ benchmark: "gsm8k" }]);
  });

  test("the users are played by --user-model (the target's endpoint and key unless told), else by the target itself", () => {
    assert.deepEqual(userModelOf(undefined, TARGET, {}, true), { provider: "openai", base_url: "https://m.example/v1", model: "agent-1", api_key: "sk-agent" });
    assert.equal(userModelOf(undefined, TARGET, {}, false), undefined);
    const c = withFlags(null, { benchmark: "tau2-airline", model: "m", userModel: "user-1" });
    assert.deepEqual(userModelOf(c.user_model, TARGET, {}, true), { provider: "openai", base_url: "https://m.example/v1", model: "user-1", api_key: "sk-agent" });
    // Another endpoint gets the target's key only when told which variable holds one.
    const other = withFlags(null, { benchmark: "tau2", model: "m", userModel: "claude-x", userProvider: "anthropic" });
    assert.deepEqual(userModelOf(other.user_model, TARGET, {}, true), { provider: "anthropic", base_url: "https://api.anthropic.com", model: "claude-x" });
    const keyed = withFlags(null, { benchmark: "tau2", model: "m", userModel: "u", userBaseUrl: "https://u.example/v1", userApiKeyEnv: "USER_KEY" });
    assert.deepEqual(userModelOf(keyed.user_model, TARGET, { USER_KEY: "sk-user" }, true), { provider: "openai", base_url: "https://u.example/v1", model: "u", api_key: "sk-user" });
    assert.throws(() => userModelOf(keyed.user_model, TARGET, {}, true), /--user-api-key-env names USER_KEY, which is not set/);
    assert.throws(() => userModelOf(withFlags(null, { benchmark: "tau2", model: "m", userBaseUrl: "https://u.example/v1" }).user_model, TARGET, {}, true), /go with --user-model MODEL/);
    assert.throws(() => userModelOf({ model: "u", provider: "google" }, TARGET, {}, true), /--user-provider/);
  });

  test("a file names the user model in [user_model] and a domain as a source's benchmark", () => {
    const file = parseEvalConfig('[client]\nmodel = "m"\n[user_model]\nmodel = "user-2"\n[[source]]\nbenchmark = "tau2-telecom"\n', "t.toml");
    const c = withFlags(file, {});
    assert.deepEqual(c.source, [{ benchmark: "TAU-Bench", select: { subsets: ["telecom"] } }]);
    assert.deepEqual(userModelOf(c.user_model, TARGET, {}, true), { provider: "openai", base_url: "https://m.example/v1", model: "user-2", api_key: "sk-agent" });
    assert.throws(() => parseEvalConfig('[user_model]\nmodle = "x"\n[[source]]\nbenchmark = "tau2"\n', "t.toml"), /t\.toml:2: user_model\.modle: unknown key/);
  });
});

const DATASETS = join(process.env.ASSAY_SHARED_DIR || join(REPO, "..", "shared"), "datasets");
const present = existsSync(join(DATASETS, "tau2_bench", "domains", "airline", "tasks_release_2025-06-10.json"));

describe("assay eval run tau2-airline against the local stack", { timeout: 300_000, skip: !present && "../shared is not on this machine" }, () => {
  let local;
  let mirror;
  let env;

  before(async () => {
    mirror = await serveDatasets(DATASETS);
    // The fixture plays the agent and the user of τ²'s release tasks (fixture/tau2.mjs).
    local = await startLocal({ vars: { ASSAY_DATASET_BASE_URL: mirror.url }, answers: answerKeyFiles(DATASETS).filter((f) => /[/\\]tau2_bench[/\\]/.test(f)) });
    const key = await local.newProject("cli-tau2");
    env = { ASSAY_URL: local.url, ASSAY_API_KEY: key, XDG_CONFIG_HOME: join(local.dir, "xdg") };
  });
  after(async () => {
    await local?.stop();
    await mirror?.close();
  });

  test("prints pass^4 as the headline, then pass^1..pass^4 overall and for airline; the JSON carries the same", async () => {
    // vary: each of a task's four conversations is a trial of its own, right or wrong afresh.
    const args = ["eval", "run", "tau2-airline", "-m", "fixture-tau2-cli:accuracy=0.5,seed=2,vary=1", "--base-url", `${local.fixtureUrl}/v1`, "-r", "4", "-n", "8"];
    const r = await cli(args, { env, timeoutMs: 240_000 });
    assert.equal(r.code, EXIT.OK, r.stderr);
    assert.match(r.stderr, /the simulated users are played by fixture-tau2-cli:accuracy=0\.5,seed=2,vary=1 too/);
    const lines = r.stdout.split("\n");
    const head = lines.findIndex((l) => /^TAU-Bench \(bm_tau_bench\)/.test(l));
    assert.ok(head >= 0, r.stdout);
    assert.match(lines[head + 1], /^ {2}pass\^4 \(headline\) +\d/);
    assert.match(lines[head + 2], /^ {2}pass\^1\.\.4 +(\S+%? \/ ){3}\S+%?$/);
    assert.match(lines[head + 3], /^ {4}airline +(\S+%? \/ ){3}\S+%?$/);
    assert.match(lines[head + 4], /^ {2}mean over attempts /);
    assert.ok(!lines.slice(head + 5).some((l) => /^ {2}pass\^4 /.test(l)), "pass^4 is printed once, as the headline");

    const json = await cli([...args.slice(0, 3), "--name", "tau2-json", ...args.slice(3), "--json"], { env, timeoutMs: 240_000 });
    assert.equal(json.code, EXIT.OK, json.stderr);
    const row = JSON.parse(json.stdout).scores.scores[0];
    assert.equal(row.headline, "pass_hat_k");
    assert.equal(row.k, 4);
    assert.equal(row.pass_hat.length, 4);
    assert.equal(row.pass_hat[3], row.pass_hat_k);
    assert.ok(row.pass_hat[0] > row.pass_hat[3], `the trials differ: ${row.pass_hat}`);
    assert.deepEqual(row.subsets.map((s) => s.key), ["airline"]);
    assert.equal(row.member_count, 8);
  });
});
