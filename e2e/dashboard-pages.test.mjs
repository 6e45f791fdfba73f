// The dashboard's main pages, each opened in headless Chromium (playwright-core, /usr/bin/chromium) against one
// local stack, the fixture model and the reference runner (runner/reference-runner.mjs), each checked for the
// elements that make it that page (a run's panel and tiles with the API's numbers, the catalog's cards, the
// compare table, the history chart, an agent attempt's turns and their mean), then kept as test-output/screenshots/pages-*.png
// so a reviewer can look at every page without starting anything. `npm run screenshots` runs just this file.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startReferenceRunner } from "../runner/reference-runner.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { buildDashboard, launchBrowser, OUT, shot, signIn, runToEndIn, startEnvironment, until } from "./lib/harness.mjs";

const SUMS = Array.from({ length: 12 }, (_, i) => ({ question: `What is ${31 + i * 4} + ${6 + ((i * 5) % 20)}?`, answer: String(37 + i * 4 + ((i * 5) % 20)) }));
const RUNNER_SECRET = "pages-test-runner-secret-0001";

describe("dashboard: every main page renders what makes it that page", { timeout: 600_000 }, () => {
  let env;
  let runner;
  let browser;
  let page;
  let benchmark;
  let modelRun;
  let wrongRun;
  let agentRun;
  let fmt;

  const target = (model) => ({ kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model });
  const runToEnd = (body) => runToEndIn(env, body);
  /** Opens `path`, waits for `ready` (a locator), screenshots it as pages-<name>. */
  const visit = async (name, path, ready) => {
    await page.goto(`${env.url}${path}`);
    await ready().waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle").catch(() => {});
    await shot(page, `screenshots/pages-${name}`);
  };

  before(async () => {
    mkdirSync(join(OUT, "screenshots"), { recursive: true });
    fmt = await importTs(new URL("../dashboard/src/lib/format.ts", import.meta.url));
    console.log(buildDashboard());
    env = await startEnvironment({ projectName: "e2e-pages" });
    runner = await startReferenceRunner({ secret: RUNNER_SECRET, assayUrl: env.url });
    const up = await env.api("POST", "/api/datasets/pages-sums/revisions", SUMS.map((x) => JSON.stringify(x)).join("\n") + "\n", "application/x-ndjson");
    assert.equal(up.status, 201, up.text);
    const bm = await env.api("POST", "/api/benchmarks", {
      name: "Pages sums",
      description: "Two-number sums, scored by a regex on the line '#### N'.",
      dataset: "pages-sums@1",
      prompt_template: "Solve it and end with '#### <number>'.\n{question}",
      answer_column: "answer",
      scoring: { type: "regex", pattern: "#### (-?[0-9]+)" },
    });
    assert.equal(bm.status, 201, bm.text);
    benchmark = bm.body;
    modelRun = await runToEnd({ display_name: "pages: model", benchmarks: [benchmark.id], target: target("fixture-pages:latency_ms=10"), options: { attempts: 2, concurrency: 4 } });
    wrongRun = await runToEnd({ display_name: "pages: weaker model", benchmarks: [benchmark.id], target: target("fixture-pages-weak:accuracy=0.4"), options: { attempts: 1, concurrency: 4 } });
    // The reference runner's agent: the fixture model calls its calculator tool, then answers.
    const profile = await env.api("POST", "/api/profiles", {
      name: "pages-agent",
      version: "1",
      params: { base_url: `${env.fixture.url}/v1`, model: "fixture-pages-agent:tools=1" },
      secret_params: { runner_signing_secret: RUNNER_SECRET },
    });
    assert.equal(profile.status, 201, profile.text);
    agentRun = await runToEnd({
      display_name: "pages: agent",
      benchmarks: [benchmark.id],
      target: { kind: "agent", runner_url: runner.url, profile: "pages-agent@1", name: "reference runner" },
      options: { attempts: 1, concurrency: 4 },
    });
    browser = await launchBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, env);
  });

  after(async () => {
    await browser?.close();
    await runner?.close();
    await env?.stop();
  });

  it("runs: a row per run, each linking to its page", async () => {
    await visit("01-runs", "/runs", () => page.locator(`a[href="/runs/${agentRun}"]`).first());
    for (const id of [modelRun, wrongRun, agentRun]) assert.equal(await page.locator(`a[href="/runs/${id}"]`).count() >= 1, true, `a link to ${id}`);
    assert.equal((await page.locator("main h1").innerText()).trim(), "Runs");
  });

  it("catalog and a benchmark: cards with names, the benchmark's own page by its name", async () => {
    await visit("02-catalog", "/benchmarks", () => page.locator(".card", { hasText: "Pages sums" }).first());
    assert.ok((await page.locator(".card").count()) > 10, "the built-ins are listed beside the project's own");
    await visit("03-benchmark", `/benchmarks/${benchmark.id}`, () => page.locator("main h1", { hasText: "Pages sums" }));
  });

  it("wizard: the new-evaluation form with the benchmark picked", async () => {
    await visit("04-wizard", `/evaluations/new?benchmarks=${benchmark.id}`, () => page.locator("main h1", { hasText: "New evaluation" }));
    assert.match(await page.locator("main").innerText(), /Pages sums/);
  });

  it("a model run: its panel's tiles carry the API's score, the overview and the attempts table fill in", async () => {
    const score = (await env.api("GET", `/api/eval-runs/${modelRun}/scores`)).body.scores[0];
    await visit("05-run-model", `/runs/${modelRun}`, () => page.getByTestId("run-overview"));
    const panel = page.getByTestId("benchmark-panel");
    assert.match(await panel.locator("h2").innerText(), /Pages sums/);
    assert.equal(await panel.getByTestId("tile-score").locator(".tile-value").innerText(), score.display.score);
    assert.equal(await panel.getByTestId("tile-pass-at-k").locator(".tile-label").innerText(), "pass@2");
    // The table is virtual (rows drawn as they scroll in): its count line and its aria-rowcount say how many it holds.
    const table = page.getByTestId("samples-table");
    await until(async () => (await table.locator("[role=table]").getAttribute("aria-rowcount")) === String(SUMS.length * 2), { what: "every attempt in the table" });
    assert.match(await table.innerText(), new RegExp(`${SUMS.length * 2} rows of ${SUMS.length * 2} expected`));
    assert.deepEqual(browser.errors, []);
  });

  it("an agent run: each attempt opens on its turns, the tool calls and their results, and its trajectory", async () => {
    const samples = (await env.api("GET", `/api/eval-runs/${agentRun}/samples?limit=50`)).body.items;
    assert.equal(samples.length, SUMS.length);
    const first = samples.find((s) => s.task_key === "row-1") ?? samples[0];
    const steps = (await env.api("GET", `/api/trials/${first.id}/steps`)).body;
    assert.ok(steps.num_steps >= 2, `the agent took more than one turn (${steps.num_steps})`);
    await visit("06-run-agent", `/runs/${agentRun}`, () => page.getByTestId("samples-table").locator(`[data-attempt="${first.id}"]`));
    assert.match(await page.locator("main").innerText(), /reference runner/);
    // The runner reported its model's replies: each attempt's Turns cell, and the overview's mean turns with its histogram.
    assert.equal(first.turns, steps.num_steps, "the reference runner's turns are its trace's turns");
    assert.equal((await page.getByTestId("samples-table").locator(`[data-attempt="${first.id}"] .c-turns`).innerText()).trim(), String(first.turns));
    const mean = samples.reduce((a, s) => a + s.turns, 0) / samples.length;
    const overview = (await env.api("GET", `/api/eval-runs/${agentRun}/overview`)).body.groups[0];
    assert.equal(overview.tiles.mean_turns, mean);
    const tile = page.getByTestId("tile-turns");
    await tile.waitFor();
    assert.equal((await tile.locator(".ov-tile-value").innerText()).trim(), overview.tiles.mean_turns === null ? "—" : (await importTs(new URL("../dashboard/src/components/overview-scale.ts", import.meta.url))).num(mean));
    assert.doesNotMatch(await tile.innerText(), /in its trace/);
    await page.getByTestId("samples-table").locator(`[data-attempt="${first.id}"]`).click();
    const trace = page.getByTestId("trace-viewer");
    await trace.locator(".turn").nth(steps.num_steps - 1).waitFor();
    assert.equal(await trace.locator(".turn").count(), steps.num_steps, "one block per turn the API holds");
    const text = await trace.innerText();
    assert.match(text, /→ calculator\(/, "the agent's tool call, by name and arguments");
    assert.match(text, /^tool result\b/im, "the tool's result, as its own message");
    assert.equal(await trace.getByTestId("trace-reward").innerText(), first.reward === null ? "none (missing)" : fmt.score(first.reward));
    assert.equal(await trace.getByTestId("trace-turn-count").innerText(), ` · ${steps.num_steps} turns`);
    // The runner's verifier gave one sentence as its reason and its summary: it reads once.
    assert.equal(text.split(/The final answer \S+ matches/).length - 1, 1, text);
    // Its trajectory in ATIF, and the file the reference runner uploaded, each downloads as it is stored.
    const saved = async (name) => {
      const [file] = await Promise.all([page.waitForEvent("download"), trace.getByRole("button", { name }).click()]);
      return JSON.parse(readFileSync(await file.path(), "utf8"));
    };
    const atif = await saved(/Trajectory \(ATIF\)/);
    assert.equal(atif.session_id, first.id);
    assert.equal(atif.steps.filter((st) => st.source === "agent").length, steps.num_steps, "an agent step per turn");
    const conversation = await saved(/conversation\.json/);
    assert.equal(JSON.stringify(conversation).includes("calculator"), true);
    await shot(page, "screenshots/pages-07-agent-trace");
    assert.deepEqual(browser.errors, []);
  });

  it("compare, history, leaderboard, alerts: each page's own element", async () => {
    await visit("08-compare", `/compare?runs=${modelRun},${wrongRun}`, () => page.getByTestId("compare-overall"));
    // One series per benchmark and target: the model, the weaker model and the agent.
    const series = () => page.locator(".history-series", { has: page.getByRole("heading", { name: /Pages sums/ }) }).getByTestId("score-chart");
    await visit("09-history", "/history", () => series().first());
    assert.equal(await series().count(), 3);
    await visit("10-leaderboard", "/leaderboard", () => page.locator("main h1", { hasText: "Leaderboard" }));
    await visit("11-alerts", "/alerts", () => page.locator("main h1", { hasText: "Drift alerts" }));
    assert.deepEqual(browser.errors, []);
  });
});
