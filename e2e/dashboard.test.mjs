// End to end in headless Chromium against the local stack and the fixture
// model: sign in, build a custom benchmark, run the wizard, watch the run
// live, open a trace, export reports, submit to the leaderboard, look at
// history, raise and acknowledge a drift alert, add a webhook. No console
// errors on any page; a screenshot of each page goes to test-output/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildDashboard, launchBrowser, shot, signIn, startEnvironment, until } from "./lib/harness.mjs";

const ROWS = Array.from({ length: 24 }, (_, i) => {
  const a = 11 + i * 7;
  const b = 5 + ((i * 13) % 40);
  return { question: `Compute the sum for the dashboard check: ${a} + ${b}`, final: String(a + b), topic: i % 2 ? "odd" : "even" };
});
const MODEL = "fixture-e2e:latency_ms=250";

describe("dashboard", { timeout: 600_000 }, () => {
  let env;
  let browser;
  let page;
  let runId;
  let benchmarkId;
  let worseRunId;
  const missing = [];

  before(async () => {
    console.log(buildDashboard());
    env = await startEnvironment({ projectName: "e2e-team" });
    const up = await env.api("POST", "/api/datasets/e2e-sums/revisions", ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n", "application/x-ndjson");
    assert.ok(up.status === 201 || up.status === 200, `dataset upload: ${up.status} ${up.text}`);
    browser = await launchBrowser();
    page = browser.page;
  });

  after(async () => {
    if (missing.length) console.log(`not available on this server, so not tested in the browser: ${missing.join("; ")}`);
    await browser?.close();
    await env?.stop();
  });

  const noErrors = (where) => assert.deepEqual(browser.errors, [], `console errors on ${where}`);
  const routes = async () => (await env.api("GET", "/api/openapi.json")).body.paths;

  it("signs in with a pasted key and shows the project's name", async () => {
    await page.goto(`${env.url}/`);
    await page.getByLabel("API key").waitFor();
    await shot(page, "01-sign-in");
    await page.getByLabel("API key").fill("ak_wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("That key is unknown or revoked.").waitFor();
    browser.errors.length = 0; // the refused key is an expected 401
    await page.getByLabel("API key").fill(env.key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("project-name").getByText("e2e-team").waitFor();
    assert.equal(new URL(page.url()).pathname, "/runs");
    await shot(page, "02-runs-empty");
    noErrors("sign-in");
  });

  it("lists the catalog by category with search", async () => {
    await page.getByRole("link", { name: "Benchmarks", exact: true }).click();
    await page.getByRole("heading", { name: "Benchmarks", level: 1 }).waitFor();
    await page.waitForSelector(".category, .empty");
    const builtins = await page.locator(".category").count();
    await shot(page, "03-benchmarks");
    if (builtins === 0) missing.push("built-in catalog (GET /api/benchmarks returned none)");
    else {
      await page.getByLabel("Search benchmarks").fill("gsm8k");
      await until(async () => (await page.locator(".card").count()) === 1, { what: "one card matching the search" });
      await page.locator(".card h3 a").first().click();
      for (const h of ["What it measures", "How it works", "Strengths", "Limitations", "When to use", "Use cases"]) await page.getByRole("heading", { name: h }).waitFor();
      await page.getByRole("button", { name: "Run evaluation" }).waitFor();
      await shot(page, "03b-benchmark-builtin");
    }
    noErrors("benchmarks");
  });

  it("shows each entry's true status: one that cannot run says why and offers no Run evaluation; the wizard lists runnable ones first", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
    await page.getByLabel("Search benchmarks").fill("");
    await page.waitForSelector(".card");
    const listed = (await env.api("GET", "/api/benchmarks?limit=100")).body.items;
    const blocked = listed.find((b) => b.builtin && b.status === "unavailable");
    const ready = listed.find((b) => b.builtin && b.status === "runnable");
    assert.ok(blocked && ready, "the catalog has entries that run and entries that cannot");
    const card = (b) => page.locator(`.card[data-benchmark="${b.name}"]`);
    assert.equal(await card(blocked).getByRole("button", { name: /Run evaluation/ }).count(), 0);
    assert.equal(await card(blocked).locator('[data-status="unavailable"]').textContent(), "cannot run yet");
    // The card says why in one line; the whole text is on the benchmark's page.
    const summary = (await card(blocked).locator(".status-summary").textContent()) ?? "";
    assert.ok(summary.length > 0 && summary.length < blocked.status_detail.length, `a one-line summary: ${summary}`);
    assert.equal(await card(ready).getByRole("button", { name: `Run evaluation on ${ready.name}` }).count(), 1);
    await card(blocked).locator("h3 a").click();
    await page.getByRole("heading", { name: blocked.name, level: 1 }).waitFor();
    assert.match((await page.locator('.notice[data-status="unavailable"]').textContent()) ?? "", /Cannot run yet\./);
    assert.ok(((await page.locator('.notice[data-status="unavailable"]').textContent()) ?? "").includes(blocked.status_detail));
    assert.equal(await page.getByRole("button", { name: "Run evaluation" }).count(), 0);
    await shot(page, "03c-benchmark-unavailable");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
    await page.locator(".page-head").getByRole("link", { name: "New evaluation" }).click();
    await page.waitForSelector(".pick");
    const statuses = await page.locator(".pick").evaluateAll((els) => els.map((el) => el.getAttribute("data-status")));
    const rank = { runnable: 0, needs_runner: 1, unavailable: 2 };
    assert.deepEqual(statuses, [...statuses].sort((a, b) => rank[a] - rank[b]), "runnable entries first, those that cannot run last");
    assert.ok(statuses.includes("unavailable"));
    assert.equal(await page.locator('.pick[data-status="unavailable"] input:not([disabled])').count(), 0, "an entry that cannot run cannot be picked");
    noErrors("catalog status");
  });

  it("builds a custom benchmark from the dataset's real columns", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
    await page.getByRole("link", { name: "New custom benchmark" }).click();
    await page.getByLabel("Name").fill("E2E sums");
    await page.getByLabel("Description").fill("Two-number sums, scored by a regex on the final line");
    const ref = (await env.api("GET", "/api/datasets")).body.items.find((r) => r.name === "e2e-sums").ref;
    await page.getByLabel("Dataset").selectOption(ref);
    // The column pickers read the revision's real columns.
    const options = await page.getByLabel("Prompt column").locator("option").allTextContents();
    assert.deepEqual(options.map((o) => o.split(" ")[0]).sort(), ["final", "question", "topic"]);
    await page.getByLabel("Prompt column").selectOption("question");
    await page.getByLabel("Answer column").selectOption("final");
    await page.getByText("First row").waitFor();
    await page.getByRole("radio", { name: /Regex/ }).check();
    await page.getByLabel("Pattern", { exact: true }).fill("#### (-?[0-9]+)");
    await shot(page, "04-builder");
    await page.getByRole("button", { name: "Save benchmark" }).click();
    await page.getByRole("heading", { name: /E2E sums/, level: 1 }).waitFor();
    benchmarkId = new URL(page.url()).pathname.split("/").pop();
    assert.match(benchmarkId, /^bm_/);
    // Unused: Delete is offered, Archive is not.
    await page.getByRole("button", { name: "Delete" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Archive" }).count(), 0);
    await shot(page, "05-benchmark-detail");
    noErrors("builder");
  });

  it("runs the three-step wizard: the draft is saved, then started", async () => {
    await page.getByRole("button", { name: "Run evaluation" }).click();
    await page.getByRole("heading", { name: "New evaluation" }).waitFor();
    assert.ok(await page.getByRole("checkbox", { name: /E2E sums/ }).isChecked(), "the benchmark is preselected");
    await shot(page, "06-wizard-select");
    await page.getByRole("button", { name: "Next: configure" }).click();
    await page.getByLabel("Run name (optional)").fill("e2e wizard run");
    await page.getByLabel("Model", { exact: true }).fill(MODEL);
    await page.getByLabel("Base URL").fill(`${env.fixture.url}/v1`);
    await page.getByLabel("API key").fill("sk-e2e-planted-key");
    await page.getByLabel("API key").press("Enter");
    // The key field shows only that a key is set, never the key.
    await page.getByTestId("target-key-state").getByText("Key set").waitFor();
    assert.equal(await page.getByText("sk-e2e-planted-key").count(), 0);
    await page.getByLabel("Attempts per sample (k)").fill("2");
    await page.getByLabel("Concurrency").fill("3");
    await shot(page, "07-wizard-configure");
    await page.getByRole("button", { name: "Next: review" }).click();
    await page.getByTestId("review-target").getByText(MODEL).waitFor();
    await shot(page, "08-wizard-review");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await page.waitForURL(/\/runs\/run_/);
    runId = new URL(page.url()).pathname.split("/")[2];
    const run = await env.api("GET", `/api/eval-runs/${runId}`);
    assert.equal(run.body.display_name, "e2e wizard run");
    assert.equal(run.body.options.attempts, 2);
    assert.deepEqual(run.body.target.api_key, { set: true });
    assert.notEqual(run.body.status, "draft");
    noErrors("wizard");
  });

  it("watches the run live: a live row appears, then lands", async () => {
    const paths = await routes();
    const hasLive = Object.keys(paths).some((p) => p === "/api/eval-runs/{id}/live" || p === "/api/eval-runs/{id}/live-set");
    if (hasLive) {
      // A live row: pulsing marker and phase badge, then it lands and is live no more.
      // The row is read as it is found: on a loaded machine it may land a moment later, and a
      // locator read after that would wait for a live row that is no longer there.
      const row = await page.waitForSelector('[data-live="true"]:has(.live-dot):has(.phase)', { timeout: 60_000 });
      const liveId = await row.getAttribute("data-attempt");
      assert.ok(liveId, "the live row names its attempt");
      await shot(page, "09-run-live");
      await until(async () => (await page.locator(`[data-attempt="${liveId}"][data-live="true"], [data-live-cell="${liveId}"]`).count()) === 0, { timeout: 60_000, what: `attempt ${liveId} to land` });
    } else {
      missing.push("live traces (GET /api/eval-runs/{id}/live and /live-set)");
      await page.getByTestId("block-bar").first().waitFor({ timeout: 60_000 });
      await shot(page, "09-run-running");
    }
    await until(async () => ["completed", "failed"].includes((await env.api("GET", `/api/eval-runs/${runId}`)).body.status), { timeout: 180_000, what: "the run to finish" });
    await page.locator(".page-head .badge.st-completed").waitFor({ timeout: 15_000 });
    await page.getByTestId("tile-score").waitFor();
    await until(async () => /48\/48 attempts scored/.test((await page.getByTestId("coverage").textContent()) ?? ""), { timeout: 20_000, what: "full coverage in the page" });
    assert.equal(await page.getByTestId("tile-score").locator(".tile-value").textContent(), "100%");
    assert.equal(await page.getByTestId("tile-pass-at-k").locator(".tile-label").textContent(), "pass@2");
    assert.equal(await page.getByTestId("bar-percent").first().textContent(), "100%");
    await shot(page, "10-run-detail");
    noErrors("run detail");
  });

  it("opens a trace from the attempts table, by keyboard", async () => {
    // The attempts table's own rows: the overview above it marks its dots with data-attempt too.
    await page.getByTestId("samples-table").locator("[data-attempt]").first().focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/attempts\/att_/);
    await page.getByTestId("trace-viewer").waitFor();
    await until(async () => (await page.getByTestId("trace-reward").textContent()) === "100%", { what: "the trace's reward" });
    await shot(page, "11-trace");
    await page.keyboard.press("Escape");
    await page.waitForURL(new RegExp(`/runs/${runId}$`));
    noErrors("trace");
  });

  it("exports the report as Markdown and HTML", async () => {
    const paths = await routes();
    if (!paths["/api/eval-runs/{id}/export"]) {
      missing.push("report export (GET /api/eval-runs/{id}/export)");
      await page.getByRole("button", { name: "Export Markdown" }).click();
      await page.locator("[data-unavailable]").waitFor();
      return;
    }
    for (const [label, ext] of [
      ["Export Markdown", "md"],
      ["Export HTML", "html"],
    ]) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: label }).click()]);
      assert.ok(download.suggestedFilename().endsWith(`.${ext}`), download.suggestedFilename());
      const path = await download.path();
      const { readFileSync } = await import("node:fs");
      const text = readFileSync(path, "utf8");
      assert.ok(text.includes("E2E sums") || text.includes(benchmarkId), `the ${ext} report names the benchmark`);
    }
    noErrors("export");
  });

  it("submits the run to the leaderboard and opens it from its row", async () => {
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await page.getByTestId("submission").getByText(/rank 1/).waitFor();
    await page.getByRole("link", { name: "Leaderboard" }).click();
    await page.getByRole("heading", { name: "Leaderboard", level: 1 }).waitFor();
    await page.locator(".board tbody tr").first().waitFor();
    const row = page.locator(".board tbody tr").first();
    assert.match((await row.textContent()) ?? "", /100%/);
    await shot(page, "12-leaderboard");
    await row.locator("td").first().click();
    await page.waitForURL(new RegExp(`/runs/${runId}`));
    noErrors("leaderboard");
  });

  it("raises a drift alert on a worse re-run and acknowledges it", async () => {
    // Same benchmark and model, now answering wrong: the fixture reads answers from its key first.
    const wrong = ROWS.map((r) => ({ question: r.question, answer: String(Number(r.final) + 1) }));
    await fetch(`${env.fixture.url}/_answers`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(wrong) });
    const run = await env.api("POST", `/api/eval-runs/${runId}/copy`);
    const again = run.body.id;
    worseRunId = again;
    await env.api("PATCH", `/api/eval-runs/${again}`, { display_name: "e2e worse re-run", target: { kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model: MODEL, api_key: "sk-e2e-planted-key" } });
    const started = await env.api("POST", `/api/eval-runs/${again}/start`);
    assert.ok(started.status < 300, `start: ${started.status} ${started.text}`);
    await until(async () => ["completed", "failed"].includes((await env.api("GET", `/api/eval-runs/${again}`)).body.status), { timeout: 180_000, what: "the re-run to finish" });
    const paths = await routes();
    if (!paths["/api/alerts"]) {
      missing.push("drift alerts (GET /api/alerts)");
      return;
    }
    await until(
      async () => {
        await fetch(`${env.url}/cdn-cgi/local/scheduled`).catch(() => {});
        const a = await env.api("GET", "/api/alerts?status=open");
        return a.body?.items?.length > 0;
      },
      { timeout: 90_000, every: 1500, what: "a drift alert" },
    );
    await page.getByRole("link", { name: "Alerts" }).click();
    await page.locator("[data-alert]").first().waitFor();
    await shot(page, "13-alerts");
    await page.getByRole("button", { name: "Acknowledge", exact: true }).first().click();
    await page.getByText("No open alert").waitFor();
    const acked = await env.api("GET", "/api/alerts?status=acked");
    assert.equal(acked.body.items.length, 1);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await page.locator(".badge.st-acknowledged").first().waitFor();
    noErrors("alerts");
  });

  it("compares the run with its worse re-run sample by sample: regressions first, filtered, outputs side by side", async () => {
    assert.ok(worseRunId, "the drift test made a worse re-run");
    const api = (await env.api("GET", `/api/compare?runs=${runId},${worseRunId}`)).body;
    const changes = api.candidates[0].benchmarks[0].changes;
    assert.ok(changes.regression > 0, "the re-run answers wrong, so tasks regress");
    await page.getByRole("link", { name: "Runs", exact: true }).click();
    await page.getByLabel("Filter runs").fill("");
    await page.locator(`a[href="/runs/${worseRunId}"]`).first().waitFor();
    // The baseline is the run ticked first.
    const tick = async (id, name) => page.locator("tr", { has: page.locator(`a[href="/runs/${id}"]`) }).getByRole("checkbox", { name: `Compare ${name ?? id}` }).check();
    const runsList = (await env.api("GET", "/api/eval-runs?limit=100")).body.items;
    await tick(runId, runsList.find((r) => r.id === runId).display_name);
    await tick(worseRunId, "e2e worse re-run");
    await page.getByRole("button", { name: "Compare (2)" }).click();
    await page.getByRole("heading", { name: "Compare runs", level: 1 }).waitFor();
    assert.match(page.url(), new RegExp(`/compare\\?runs=${runId},${worseRunId}$`));
    await page.getByTestId("compare-overall").waitFor();
    assert.match((await page.getByTestId("compare-overall").textContent()) ?? "", new RegExp(`${changes.regression} / ${changes.improvement}`));
    // Regressions are shown first, and only they, until another filter is picked.
    const regressionsButton = page.getByRole("button", { name: `Regressions (${changes.regression})` });
    assert.equal(await regressionsButton.getAttribute("aria-pressed"), "true");
    await page.locator(".compare-task").first().waitFor();
    const shown = await page.locator(".compare-task").evaluateAll((els) => els.map((el) => el.getAttribute("data-change")));
    assert.equal(shown.length, Math.min(changes.regression, 25));
    assert.ok(shown.every((c) => c === "regression"));
    assert.ok((await page.locator(".compare-task").first().locator("mark.diff-del").count()) > 0, "the baseline's words the candidate lacks are marked");
    assert.ok((await page.locator(".compare-task").first().locator("mark.diff-ins").count()) > 0, "and the candidate's");
    await shot(page, "15-compare-regressions");
    await page.getByRole("button", { name: `Unchanged (${changes.unchanged})` }).click();
    await until(async () => (await regressionsButton.getAttribute("aria-pressed")) === "false", { what: "the filter to switch" });
    if (changes.unchanged === 0) await page.getByText("No unchanged: pick another filter.").waitFor();
    else assert.ok((await page.locator(".compare-task").evaluateAll((els) => els.map((el) => el.getAttribute("data-change")))).every((c) => c === "unchanged"));
    // The worse run's page links its previous run into the same view.
    await page.goto(`${env.url}/runs/${worseRunId}`);
    await page.getByRole("link", { name: "Compare sample by sample" }).first().click();
    await page.getByRole("heading", { name: "Compare runs", level: 1 }).waitFor();
    assert.match(page.url(), new RegExp(`/compare\\?runs=${runId},${worseRunId}$`));
    noErrors("compare");
  });

  it("shows score history per benchmark and target", async () => {
    await page.getByRole("link", { name: "Score history" }).click();
    await page.getByRole("heading", { name: "Score history" }).waitFor();
    await page.waitForSelector(".history-series, .empty, [data-unavailable]");
    if ((await page.locator("[data-unavailable]").count()) > 0) missing.push("score history (GET /api/eval-runs/history/scores)");
    else {
      // The run and its worse re-run: one series with a chart that has axes, units and a point per run.
      const chart = page.getByTestId("score-chart").first();
      await chart.waitFor();
      assert.equal(await chart.locator("circle[data-run]").count(), 2);
      const labels = await chart.locator("text").allTextContents();
      for (const t of ["0%", "50%", "100%", "score (%), bars: 95% interval"]) assert.ok(labels.includes(t), `axis label ${t} in ${labels.join(" | ")}`);
    }
    await shot(page, "14-history");
    noErrors("history");
  });

  it("adds a webhook and shows its secret once", async () => {
    await page.getByRole("link", { name: "Webhooks & triggers" }).click();
    await page.getByRole("heading", { name: "Webhooks & triggers" }).waitFor();
    await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/assay-hook");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByTestId("once-secret").waitFor();
    assert.match((await page.getByTestId("once-secret").locator("code").textContent()) ?? "", /^whsec_/);
    await page.getByRole("button", { name: "Delivery log" }).first().click();
    await page.getByText(/No delivery yet|Event/).first().waitFor();
    await shot(page, "15-webhooks");
    // A trigger from the finished run's configuration: its secret is shown once too.
    await page.getByLabel("Name", { exact: true }).fill("nightly");
    await page.getByLabel("Template from run").selectOption(runId);
    await until(async () => (await page.getByLabel(/Run template/).inputValue()).includes(benchmarkId), { what: "the template filled from the run" });
    await page.getByRole("button", { name: "Create trigger" }).click();
    const triggerSecret = page.getByTestId("once-secret").filter({ hasText: "POST signed calls to" });
    await triggerSecret.or(page.locator(".notice.error")).first().waitFor();
    if ((await page.locator(".notice.error").count()) > 0) assert.fail(`creating the trigger: ${await page.locator(".notice.error").first().textContent()}`);
    assert.match((await triggerSecret.locator("code").textContent()) ?? "", /^whsec_/);
    await page.locator(".hook-card", { hasText: "nightly" }).waitFor();
    await shot(page, "15b-triggers");
    noErrors("webhooks");
  });

  it("offers Archive, not Delete, once a run used the benchmark; Restore brings it back", async () => {
    await page.goto(`${env.url}/benchmarks/${benchmarkId}`);
    await page.getByRole("button", { name: "Archive" }).click();
    await page.locator("h1 .tag", { hasText: "archived" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Delete" }).count(), 0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
    await page.getByRole("checkbox", { name: "Show archived" }).check();
    const line = page.locator(".row-line", { hasText: "E2E sums" });
    await line.getByRole("button", { name: "Restore" }).click();
    await page.locator('.card[data-benchmark="E2E sums"]').waitFor();
    noErrors("archive");
  });

  it("lists runs with score and coverage, and filters them", async () => {
    await page.getByRole("link", { name: "Runs", exact: true }).click();
    await page.locator(".runs-table tbody tr").nth(1).waitFor();
    await page.getByText(/48\/48 scored/).first().waitFor();
    await page.getByLabel("Status").selectOption("completed");
    await page.getByLabel("Filter runs").fill("wizard");
    await until(async () => (await page.locator(".runs-table tbody tr").count()) === 1, { what: "one filtered row" });
    await shot(page, "16-runs");
    noErrors("runs");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("API key").waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem("assay.api-key")), null);
  });

  it("re-scores a finished run's outputs with another scoring spec: a new linked run, no model call", async () => {
    await signIn(page, env);
    const before = (await (await fetch(`${env.fixture.url}/_stats`)).json()).calls;
    await page.goto(`${env.url}/runs/${runId}`);
    await page.getByTestId("rescore").locator("summary").click();
    // The spec starts as the benchmark's own; a pattern no output matches scores every stored output 0.
    await until(async () => (await page.getByLabel("Scoring spec (JSON)").inputValue()).includes("regex"), { what: "the benchmark's own spec" });
    await page.getByLabel("Scoring spec (JSON)").fill(JSON.stringify({ type: "regex", pattern: "NEVER ([0-9]+)" }));
    await page.getByRole("button", { name: "Re-score", exact: true }).click();
    await page.waitForURL((u) => /\/runs\/run_/.test(u.pathname) && !u.pathname.endsWith(runId));
    const rescoreId = new URL(page.url()).pathname.split("/")[2];
    await page.getByRole("link", { name: runId }).first().waitFor();
    await until(async () => (await env.api("GET", `/api/eval-runs/${rescoreId}`)).body.status === "completed", { timeout: 60_000, what: "the re-score to complete" });
    const scores = (await env.api("GET", `/api/eval-runs/${rescoreId}/scores`)).body.scores[0];
    assert.equal(scores.score, 0);
    assert.equal(scores.score_counts.scored, 48, "every stored output scored again");
    assert.equal((await (await fetch(`${env.fixture.url}/_stats`)).json()).calls, before, "no model call");
    await shot(page, "17-rescore");
    noErrors("rescore");
  });
});
