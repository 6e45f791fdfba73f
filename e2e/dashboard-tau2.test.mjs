// The run page of a benchmark that leads with pass^k (τ²-bench): against the
// synthetic API (e2e/lib/mock-api.mjs) answering /scores with a τ² row
// (headline pass_hat_k, pass^1..pass^4 overall and per domain), the first
// tile is pass^4 marked as the headline with the series under it, the score
// tile reads "Mean over attempts", pass^4 is not shown twice, and the
// per-subset table gives each domain's pass^4 and pass^1..pass^4.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildDashboard, launchBrowser, ROOT, shot } from "./lib/harness.mjs";
import { startMockApi } from "./lib/mock-api.mjs";

const K = 4;
const domain = (key, passHat) => ({
  key,
  score: passHat[0],
  pass: passHat[0],
  pass_at_k: 1,
  pass_hat_k: passHat[K - 1],
  pass_hat: passHat,
  score_counts: { total: 24, scored: 24, missing: 0, invalid: 0, total_members: 6, complete_members: 6 },
  score_ci95: null,
  display: { score: `${passHat[0] * 100}%`, coverage: "24/24 scored" },
});

/** A τ²-bench row: pass^k leads, pass^1..pass^k beside it, a row per domain. */
const tau2Row = (row) => ({
  ...row,
  benchmark_name: "TAU-Bench",
  headline: "pass_hat_k",
  pass_hat_k: 0.25,
  pass_hat: [0.5, 0.375, 0.3, 0.25],
  display: { ...row.display, pass_hat_k: "25%", labels: { pass_at_k: `pass@${K}`, pass_hat_k: `pass^${K}` } },
  subsets: [domain("airline", [0.75, 0.5, 0.375, 0.25]), domain("retail", [0.25, 0.25, 0.25, 0.25])],
});

describe("run page of a pass^k benchmark (τ²-bench)", { timeout: 180_000 }, () => {
  let api;
  let browser;
  let page;

  before(async () => {
    buildDashboard();
    api = await startMockApi({ dist: join(ROOT, "dashboard", "dist"), members: 12, k: K, rate: 0.001, scoreRow: tau2Row });
    browser = await launchBrowser();
    page = browser.page;
    await browser.context.addInitScript(() => sessionStorage.setItem("assay.api-key", "ak_tau2"));
  });
  after(async () => {
    await browser?.close();
    await api?.close();
  });

  it("leads with pass^4 and its series, and gives each domain's pass^1..pass^4", async () => {
    await page.goto(`${api.url}/runs/run_done`);
    const panel = page.getByTestId("benchmark-panel");
    await panel.getByTestId("tile-pass-hat-k").waitFor();
    const tiles = panel.locator(".tiles > .tile");
    assert.equal(await tiles.first().getAttribute("data-testid"), "tile-pass-hat-k");
    assert.equal(await tiles.first().locator(".tile-label").textContent(), "pass^4 (headline)");
    assert.equal(await tiles.first().locator(".tile-value").textContent(), "25%");
    assert.equal(await tiles.first().locator(".tile-sub").textContent(), "pass^1..4: 50% / 37.5% / 30% / 25%");
    assert.equal(await panel.getByTestId("tile-score").locator(".tile-label").textContent(), "Mean over attempts");
    assert.equal(await panel.getByTestId("tile-pass-hat-k").count(), 1);
    await panel.getByText(/^By subset \(2\)$/).click();
    const series = panel.getByTestId("subset-pass-hat");
    assert.deepEqual(await series.allTextContents(), ["75% / 50% / 37.5% / 25%", "25% / 25% / 25% / 25%"]);
    await shot(page, "tau2-pass-hat-headline");
    assert.deepEqual(browser.errors, []);
  });
});
