// A custom code benchmark end to end in headless Chromium against the local
// stack, its code sandbox (scripts/lib/sandbox.mjs, as `npm start` runs it)
// and the fixture model: the builder offers code_execution scoring with the
// dataset's real columns (tests, entry point, the stub before the reply), the
// saved benchmark carries that spec, and a run against the fixture's
// OpenAI-compatible endpoint executes each reply in the sandbox and scores
// the right solutions 1; the CLI defines the same benchmark from flags and
// runs it with job submit --wait --min-score 1. The problems are made up.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startLocalSandbox } from "../scripts/lib/sandbox.mjs";
import { buildDashboard, launchBrowser, shot, startEnvironment, until } from "./lib/harness.mjs";

const ROWS = [3, 5, 8].map((n) => ({
  prompt: `def times_${n}(x: int) -> int:\n    """Return x times ${n}.\n    >>> times_${n}(2)\n    ${2 * n}\n    """\n`,
  canonical_solution: `    return x * ${n}\n`,
  entry_point: `times_${n}`,
  test: `def check(candidate):\n    assert candidate(2) == ${2 * n}\n    assert candidate(-1) == -${n}\n`,
}));

describe("a custom code benchmark from the dashboard", { timeout: 600_000 }, () => {
  let sandboxDir;
  let sandbox;
  let env;
  let browser;
  let page;
  let benchmarkId;

  before(async () => {
    console.log(buildDashboard());
    sandboxDir = mkdtempSync(join(tmpdir(), "assay-e2e-sandbox-"));
    sandbox = await startLocalSandbox({ stateDir: sandboxDir, concurrency: 2 });
    assert.ok(sandbox.sandbox, `the sandbox did not start: ${sandbox.note}`);
    env = await startEnvironment({ projectName: "e2e-code", extraVars: sandbox.vars });
    const up = await env.api("POST", "/api/datasets/e2e-code/revisions", ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n", "application/x-ndjson");
    assert.ok(up.status === 201 || up.status === 200, `dataset upload: ${up.status} ${up.text}`);
    // The fixture answers each stub with its canonical solution (accuracy=1).
    const taught = await fetch(`${env.fixture.url}/_answers`, { method: "POST", body: JSON.stringify(ROWS) });
    assert.ok(taught.ok);
    browser = await launchBrowser();
    page = browser.page;
    // The shared 2-core machine runs other suites beside this one: give the stack time to answer.
    page.setDefaultTimeout(90_000);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
    await sandbox?.sandbox?.close();
    if (sandboxDir) rmSync(sandboxDir, { recursive: true, force: true });
  });

  it("builds it with code_execution scoring over the dataset's real columns", async () => {
    await page.goto(`${env.url}/`);
    await page.getByLabel("API key").fill(env.key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("project-name").getByText("e2e-code").waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
    await page.getByRole("link", { name: "New custom benchmark" }).click();
    await page.getByLabel("Name").fill("E2E times");
    const ref = (await env.api("GET", "/api/datasets")).body.items.find((r) => r.name === "e2e-code").ref;
    await page.getByLabel("Dataset").selectOption(ref);
    await page.getByLabel("Prompt column").selectOption("prompt");
    await page.getByLabel("Answer column").selectOption("canonical_solution");
    await page.getByRole("radio", { name: /Code execution/ }).check();
    // The pickers guessed the tests and entry point from the columns; the stub is chosen.
    assert.equal(await page.getByLabel("Tests column").inputValue(), "test");
    assert.equal(await page.getByLabel("Entry point column").inputValue(), "entry_point");
    await page.getByLabel("Code before the reply").selectOption("prompt");
    await page.getByLabel("Timeout (seconds)").fill("15");
    await shot(page, "code-01-builder");
    // Which control (if any) the browser's own validation stops the form at.
    const invalid = await page.evaluate(() => [...document.querySelectorAll("form :invalid")].map((e) => `${e.id}: ${e.validationMessage}`));
    assert.deepEqual(invalid, []);
    await page.getByRole("button", { name: "Save benchmark" }).click();
    await until(async () => /\/benchmarks\/bm_/.test(new URL(page.url()).pathname) || (await page.locator("#save-error").count()) > 0, { timeout: 120_000, what: "the benchmark saved or refused" });
    if (await page.locator("#save-error").count()) assert.fail(`not saved: ${await page.locator("#save-error").innerText()}`);
    await page.getByRole("heading", { name: /E2E times/, level: 1 }).waitFor();
    benchmarkId = new URL(page.url()).pathname.split("/").pop();
    assert.match(benchmarkId, /^bm_/);
    const bm = await env.api("GET", `/api/benchmarks/${benchmarkId}`);
    assert.deepEqual(bm.body.scoring, {
      type: "code_execution",
      language: "python",
      harness: "humaneval",
      test_column: "test",
      entry_point_column: "entry_point",
      prompt_column: "prompt",
      timeout_s: 15,
      memory_mb: 1024,
    });
    assert.deepEqual(browser.errors, [], "console errors on the builder");
  });

  it("a run against the fixture's OpenAI-compatible endpoint executes every reply in the sandbox and scores 1", async () => {
    const created = await env.api("POST", "/api/eval-runs", {
      benchmarks: [benchmarkId],
      target: { kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model: "fixture-e2e-code:accuracy=1" },
    });
    assert.equal(created.status, 201, created.text);
    const runId = created.body.id;
    assert.equal((await env.api("POST", `/api/eval-runs/${runId}/start`)).status, 202);
    await until(async () => ["completed", "failed"].includes((await env.api("GET", `/api/eval-runs/${runId}/progress`)).body.status), { timeout: 180_000, what: "the run to end" });
    const scores = (await env.api("GET", `/api/eval-runs/${runId}/scores`)).body.scores;
    assert.equal(scores.length, 1);
    assert.equal(scores[0].status, "completed");
    assert.equal(scores[0].score, 1);
    assert.equal(scores[0].member_count, ROWS.length);
    await page.goto(`${env.url}/runs/${runId}`);
    await page.getByText("E2E times").first().waitFor();
    await shot(page, "code-02-run");
  });

  it("the CLI defines the same code benchmark from flags and runs it to a score of 1", async () => {
    const ref = (await env.api("GET", "/api/datasets")).body.items.find((r) => r.name === "e2e-code").ref;
    const assay = (...args) =>
      spawnSync(process.execPath, [join(import.meta.dirname, "..", "cli", "assay.mjs"), ...args], {
        encoding: "utf8",
        env: { ...process.env, ASSAY_URL: env.url, ASSAY_API_KEY: env.key },
        timeout: 240_000,
      });
    const created = assay(
      "benchmark", "create", "cli-times", "--dataset", ref, "--prompt-column", "prompt", "--answer-column", "canonical_solution",
      "--scoring", "code_execution", "--test-column", "test", "--entry-point-column", "entry_point", "--code-prompt-column", "prompt", "--json",
    );
    assert.equal(created.status, 0, created.stderr);
    const bm = JSON.parse(created.stdout);
    assert.deepEqual([bm.scoring.type, bm.scoring.test_column, bm.scoring.entry_point_column, bm.scoring.prompt_column], ["code_execution", "test", "entry_point", "prompt"]);
    const submitted = assay("job", "submit", bm.id, "--model", "fixture-e2e-cli:accuracy=1", "--base-url", `${env.fixture.url}/v1`, "--json");
    assert.equal(submitted.status, 0, submitted.stderr);
    const runId = JSON.parse(submitted.stdout).id;
    await until(async () => ["completed", "failed"].includes((await env.api("GET", `/api/eval-runs/${runId}/progress`)).body.status), { timeout: 180_000, what: "the CLI's run to end" });
    // The gate a CI step uses: exit 0 only when the score reaches 1.
    const result = assay("job", "result", runId, "--min-score", "1");
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, new RegExp(`cli-times|${bm.id}`));
  });
});
