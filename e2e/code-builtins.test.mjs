// The built-in code benchmarks as a user runs them: HumanEval and MBPP
// against the fixture's OpenAI-compatible endpoint from the API, the
// dashboard's wizard and the CLI, on the local stack with its code sandbox
// as `npm start` runs it. Their pinned files are served from
// ../shared/datasets (the loader checks each digest, as it does for the
// upstream URLs); the fixture answers each problem with its canonical
// solution (accuracy=1), so every reply is executed and passes.
// Needs ../shared: a clone without it would load the data from upstream,
// which tests never reach (the generated mini files cover the same path in
// workers/catalog/code-runs.test.ts).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { answerKeyFiles } from "../fixture/answer-keys.mjs";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";
import { startLocalSandbox } from "../scripts/lib/sandbox.mjs";
import { buildDashboard, launchBrowser, shot, startEnvironment, until } from "./lib/harness.mjs";

const REPO = join(import.meta.dirname, "..");
const DATASETS = join(process.env.ASSAY_SHARED_DIR || join(REPO, "..", "shared"), "datasets");
const present = existsSync(join(DATASETS, "humaneval", "HumanEval.jsonl.gz")) && existsSync(join(DATASETS, "mbpp", "mbpp.jsonl"));
const LIMIT = 4;

describe("HumanEval and MBPP from the API, the dashboard and the CLI", { timeout: 900_000, skip: !present && "../shared is not on this machine" }, () => {
  let sandboxDir;
  let sandbox;
  let mirror;
  let env;
  let browser;

  const model = (name) => ({ kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model: `${name}:accuracy=1` });
  const ended = (runId, what) =>
    until(async () => ["completed", "failed", "cancelled"].includes((await env.api("GET", `/api/eval-runs/${runId}/progress`)).body.status), { timeout: 300_000, what });
  const scoresOf = async (runId) => (await env.api("GET", `/api/eval-runs/${runId}/scores`)).body.scores;

  before(async () => {
    console.log(buildDashboard());
    sandboxDir = mkdtempSync(join(tmpdir(), "assay-e2e-code-builtins-"));
    sandbox = await startLocalSandbox({ stateDir: sandboxDir, concurrency: 2 });
    assert.ok(sandbox.sandbox, `the sandbox did not start: ${sandbox.note}`);
    mirror = await serveDatasets(DATASETS);
    env = await startEnvironment({
      projectName: "e2e-code-builtins",
      extraVars: { ...sandbox.vars, ASSAY_DATASET_BASE_URL: mirror.url },
      answers: answerKeyFiles(DATASETS).filter((f) => /[/\\](humaneval|mbpp)[/\\]/.test(f)),
    });
    browser = await launchBrowser();
    // The 2-core machine runs other suites beside this one: give the stack time to answer.
    browser.page.setDefaultTimeout(90_000);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
    await mirror?.close();
    await sandbox?.sandbox?.close();
    if (sandboxDir) rmSync(sandboxDir, { recursive: true, force: true });
  });

  it("the API runs both on their pinned data, each reply executed in the sandbox", async () => {
    const created = await env.api("POST", "/api/eval-runs", { benchmarks: ["bm_humaneval", "bm_mbpp"], target: model("fixture-api"), options: { sample_limit: LIMIT } });
    assert.equal(created.status, 201, created.text);
    const runId = created.body.id;
    assert.equal((await env.api("POST", `/api/eval-runs/${runId}/start`)).status, 202);
    await ended(runId, "the API's run to end");
    const scores = await scoresOf(runId);
    assert.deepEqual(
      scores.map((s) => [s.benchmark_id, s.status, s.score, s.member_count]).sort(),
      [
        ["bm_humaneval", "completed", 1, LIMIT],
        ["bm_mbpp", "completed", 1, LIMIT],
      ],
    );
    // The verdict came from executing the program: its structured result names the sandbox's isolation and exit code.
    const samples = (await env.api("GET", `/api/eval-runs/${runId}/samples?benchmark_id=bm_humaneval`)).body.items;
    assert.equal(samples.length, LIMIT);
    const trial = await env.api("GET", `/api/trials/${samples[0].id}?include_reward_components=true`);
    assert.equal(trial.status, 200, trial.text);
    assert.match(JSON.stringify(trial.body), /"exit_code":0/);
  });

  it("the dashboard's wizard runs HumanEval from its catalog page", async () => {
    const { page } = browser;
    await page.goto(`${env.url}/`);
    await page.getByLabel("API key").fill(env.key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("project-name").getByText("e2e-code-builtins").waitFor();
    await page.goto(`${env.url}/benchmarks/bm_humaneval`);
    await page.getByRole("heading", { name: /HumanEval/, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Run evaluation" }).click();
    await page.getByRole("heading", { name: "New evaluation" }).waitFor();
    // HumanEval+ (a variant, not runnable) is listed too: the label starts with the name.
    assert.ok(await page.getByRole("checkbox", { name: /^HumanEval coding · Code execution · 164 samples/ }).isChecked(), "HumanEval is preselected");
    await page.getByRole("button", { name: "Next: configure" }).click();
    await page.getByLabel("Model", { exact: true }).fill("fixture-dashboard:accuracy=1");
    await page.getByLabel("Base URL").fill(`${env.fixture.url}/v1`);
    await page.getByLabel("Sample limit").fill(String(LIMIT));
    await page.getByRole("button", { name: "Next: review" }).click();
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await page.waitForURL(/\/runs\/run_/);
    const runId = new URL(page.url()).pathname.split("/")[2];
    await ended(runId, "the dashboard's run to end");
    const scores = await scoresOf(runId);
    assert.deepEqual(scores.map((s) => [s.benchmark_id, s.status, s.score, s.member_count]), [["bm_humaneval", "completed", 1, LIMIT]]);
    await page.reload();
    await page.getByText("HumanEval").first().waitFor();
    await shot(page, "code-builtins-01-humaneval-run");
    assert.deepEqual(browser.errors, [], "console errors on the wizard and run pages");
  });

  it("the CLI runs MBPP and gates on its score", async () => {
    const assay = (...args) =>
      spawnSync(process.execPath, [join(REPO, "cli", "assay.mjs"), ...args], {
        encoding: "utf8",
        env: { ...process.env, ASSAY_URL: env.url, ASSAY_API_KEY: env.key },
        timeout: 300_000,
      });
    const submitted = assay("job", "submit", "bm_mbpp", "--model", "fixture-cli:accuracy=1", "--base-url", `${env.fixture.url}/v1`, "--sample-limit", String(LIMIT), "--json");
    assert.equal(submitted.status, 0, submitted.stderr);
    const runId = JSON.parse(submitted.stdout).id;
    await ended(runId, "the CLI's run to end");
    const result = assay("job", "result", runId, "--min-score", "1");
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /MBPP|bm_mbpp/);
  });
});
