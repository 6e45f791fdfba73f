// End to end in headless Chromium against the local stack and the fixture
// model: a finished run's overview on the run page. Its tiles show the run's
// numbers (avg@k and pass@k with k, the error rate coloured past 10%, mean
// turns and tokens), hovering a tile shows its distribution, a dot of the
// reward pane opens that attempt's trace, errored attempts join the
// distribution in red when the filter asks, and the usage and timing panes
// draw with their axes (hovering a phase highlights it across the pane).
// Screenshots go to test-output/screenshots/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildDashboard, launchBrowser, OUT, shot, signIn, startEnvironment, until } from "./lib/harness.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";

const ANSWERED = Array.from({ length: 8 }, (_, i) => ({ question: `What is ${11 + i} + ${3 * i + 2}?`, answer: String(13 + 4 * i) }));
// Two rows without an answer: their attempts end without a reward (errored), 4 of 20 attempts = 20%, past the yellow line.
const UNANSWERED = [0, 1].map((i) => ({ question: `What is ${i} + 100?` }));
const ROWS = [...ANSWERED, ...UNANSWERED];
const K = 2;

describe("dashboard: the run overview", { timeout: 600_000 }, () => {
  let env;
  let browser;
  let page;
  let runId;
  let fmt;

  before(async () => {
    mkdirSync(join(OUT, "screenshots"), { recursive: true });
    fmt = await importTs(new URL("../dashboard/src/lib/format.ts", import.meta.url));
    console.log(buildDashboard());
    env = await startEnvironment({ projectName: "e2e-overview" });
    const up = await env.api("POST", "/api/datasets/overview-sums/revisions", ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n", "application/x-ndjson");
    assert.equal(up.status, 201, up.text);
    const bm = await env.api("POST", "/api/benchmarks", {
      name: "Overview sums",
      dataset: "overview-sums@1",
      prompt_template: "Solve it and end with '#### <number>'.\n{question}",
      answer_column: "answer",
      scoring: { type: "regex", pattern: "#### (-?[0-9]+)" },
    });
    assert.equal(bm.status, 201, bm.text);
    const created = await env.api("POST", "/api/eval-runs", {
      benchmarks: [bm.body.id],
      target: { kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model: "fixture-e2e:accuracy=0.6,latency_ms=20" },
      options: { attempts: K },
    });
    assert.equal(created.status, 201, created.text);
    runId = created.body.id;
    assert.equal((await env.api("POST", `/api/eval-runs/${runId}/start`)).status, 202);
    // A poll that meets a dropped connection (a busy machine) just polls again.
    const ended = async () => ["completed", "failed"].includes((await env.api("GET", `/api/eval-runs/${runId}/progress`).catch(() => null))?.body?.status);
    await until(ended, { timeout: 240_000, every: 500, what: "the run to end" });
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, env);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
  });

  it("tiles show the run's numbers, and a tile's hover its distribution", async () => {
    const scores = (await env.api("GET", `/api/eval-runs/${runId}/scores`)).body.scores[0];
    const samples = (await env.api("GET", `/api/eval-runs/${runId}/samples?limit=100&benchmark_id=${scores.benchmark_id}`)).body.items;
    assert.equal(samples.length, ROWS.length * K);
    const scored = samples.filter((s) => s.reward !== null);
    const errored = samples.length - scored.length;
    assert.equal(errored, UNANSWERED.length * K);

    await page.goto(`${env.url}/runs/${runId}`);
    const overview = page.getByTestId("run-overview");
    await overview.waitFor();
    const tile = (id) => overview.getByTestId(id);
    const value = async (id) => (await tile(id).locator(".ov-tile-value").innerText()).trim();
    await tile("tile-errors").waitFor();
    // Score and pass@k are the benchmark panel's (with their intervals); the overview's row does not repeat them,
    // and no label shows twice across the two rows.
    const panel = page.getByTestId("benchmark-panel").first();
    assert.equal(await panel.getByTestId("tile-score").locator(".tile-value").innerText(), scores.display.score);
    assert.equal(await panel.getByTestId("tile-pass-at-k").locator(".tile-value").innerText(), scores.display.pass_at_k);
    const labels = [...(await panel.locator(".tile-label").allInnerTexts()), ...(await overview.locator(".ov-tile-label").allInnerTexts())].map((l) => l.trim().toLowerCase());
    assert.deepEqual(labels.filter((l, i) => labels.indexOf(l) !== i), [], `a tile label shows twice: ${labels.join(", ")}`);
    assert.ok(!labels.some((l) => /^avg@/.test(l)), "avg@k is the panel's score under another name");
    assert.equal(await value("tile-errors"), fmt.percent(errored / samples.length));
    assert.equal(await tile("tile-errors").getAttribute("data-level"), "warn", "20% errored is past the yellow line");
    // The fixture cuts no reply here (no truncate option): recorded, and 0.
    assert.equal(await value("tile-truncation"), fmt.percent(0));
    assert.equal(await value("tile-turns"), "1");
    const meanTokens = scored.reduce((a, s) => a + s.input_tokens + s.output_tokens, 0) / scored.length;
    assert.equal(await value("tile-tokens"), Math.round(meanTokens).toLocaleString("en-US"));
    const meanWall = scored.reduce((a, s) => a + (Date.parse(s.finished_at) - Date.parse(s.started_at)), 0) / scored.length;
    assert.equal(await value("tile-time"), fmt.duration(meanWall));

    // Hover: the tokens' distribution, a histogram with its axis label and the five-number summary.
    await tile("tile-tokens").hover();
    const pop = tile("tile-tokens").locator(".ov-pop");
    await pop.waitFor({ state: "visible" });
    assert.match(await pop.innerText(), /input \+ output tokens/);
    assert.match(await pop.innerText(), new RegExp(`min .* p10 .* median .* p90 .* max .*\\(${scored.length} attempts\\)`));
    assert.equal(await pop.locator("rect.ov-hist").count() > 0, true);
    await shot(page, "screenshots/overview-01-tiles-hover");
    // The error tile's distribution is its errors by kind.
    await tile("tile-errors").hover();
    assert.match(await tile("tile-errors").locator(".ov-pop").innerText(), /unscored: 4/);
    assert.deepEqual(browser.errors, [], "console errors on the run page");
  });

  const samplesOf = async (index) => {
    const bid = (await env.api("GET", `/api/eval-runs/${runId}/scores`)).body.scores[index].benchmark_id;
    return (await env.api("GET", `/api/eval-runs/${runId}/samples?limit=100&benchmark_id=${bid}`)).body.items;
  };

  it("the reward pane counts each value; a dot opens its attempt's trace; errored attempts join in red on request", async () => {
    const samples = await samplesOf(0);
    const scored = samples.filter((s) => s.reward !== null);
    const pane = page.getByTestId("metric-reward");
    await pane.waitFor();
    // A binary reward: a counted dot plot, one dot per scored attempt, each value's count and share under it.
    assert.equal(await pane.getAttribute("data-kind"), "counts");
    assert.equal(await pane.locator(".ov-dot").count(), scored.length);
    assert.equal(await pane.locator(".ov-dot.errored").count(), 0);
    const passed = scored.filter((s) => s.reward === 1).length;
    const labels = await pane.getByTestId("count-label").allTextContents();
    assert.deepEqual(labels, [
      ...(scored.length - passed ? [`${scored.length - passed} · ${Number((((scored.length - passed) / scored.length) * 100).toPrecision(3))}%`] : []),
      ...(passed ? [`${passed} · ${Number(((passed / scored.length) * 100).toPrecision(3))}%`] : []),
    ]);
    // The background's hover: the summary.
    await pane.locator("rect.ov-bg").hover({ position: { x: 4, y: 4 } });
    await until(async () => /median/.test(await pane.getByTestId("pane-summary").innerText()), { what: "the pane's summary on hover" });

    // A dot is an attempt: clicking it opens that attempt's trace.
    const dot = pane.locator(".ov-dot").last();
    const attempt = await dot.getAttribute("data-attempt");
    const want = samples.find((s) => s.id === attempt);
    assert.ok(want, `the dot's attempt ${attempt} is one of the run's`);
    await dot.click();
    await until(async () => page.url().endsWith(`/runs/${runId}/attempts/${attempt}`), { what: "the trace's address" });
    const trace = page.getByTestId("trace-viewer");
    await trace.waitFor();
    await until(async () => (await trace.getByTestId("trace-reward").innerText()).trim() === fmt.score(want.reward), { what: "the attempt's reward in the trace" });
    await shot(page, "screenshots/overview-02-dot-opens-trace");
    await trace.getByRole("button", { name: "Close trace" }).click();
    await until(async () => page.url().endsWith(`/runs/${runId}`), { what: "the trace to close" });

    // By keyboard: a dot is a button labelled with its attempt and value, a tab stop, and Enter opens its trace.
    const first = pane.locator(".ov-dot").first();
    const firstId = await first.getAttribute("data-attempt");
    const firstReward = samples.find((s) => s.id === firstId)?.reward;
    const button = pane.getByRole("button", { name: `${firstId}: reward ${firstReward}; open its trace`, exact: true });
    assert.equal(await button.count(), 1, "the dot's accessible name says its attempt and value");
    assert.equal(await button.getAttribute("tabindex"), "0");
    await button.focus();
    await page.keyboard.press("Enter");
    await until(async () => page.url().endsWith(`/runs/${runId}/attempts/${firstId}`), { what: "Enter on a dot to open its trace" });
    await trace.waitFor();
    await page.keyboard.press("Escape");
    await until(async () => page.url().endsWith(`/runs/${runId}`), { what: "the trace to close" });

    // The filter: errored attempts join, read red.
    await page.getByLabel("Include errored attempts in the distributions").check();
    await until(async () => (await pane.locator(".ov-dot.errored").count()) === samples.length - scored.length, { what: "the errored attempts in red" });
    assert.equal(await pane.locator(".ov-dot").count(), samples.length);
    await shot(page, "screenshots/overview-03-errored-included");
    await page.getByLabel("Include errored attempts in the distributions").uncheck();
    await until(async () => (await pane.locator(".ov-dot.errored").count()) === 0, { what: "the errored attempts out again" });
    assert.deepEqual(browser.errors, [], "console errors on the run page");
  });

  it("the usage and timing panes render with their axes; hovering a phase highlights it across the pane", async () => {
    const scored = (await samplesOf(0)).filter((s) => s.reward !== null);
    const usage = page.getByTestId("usage-pane");
    await usage.waitFor();
    assert.equal(await usage.locator(".ov-usage-col").count(), scored.length);
    const usageText = await usage.innerText();
    for (const word of ["input", "output", "tokens", "attempts, most tokens first"]) assert.ok(usageText.includes(word), `usage pane says ${word}`);
    assert.ok((await usage.locator(".ov-axis text").count()) >= 2, "the token axis has ticks");
    // Each column splits the attempt's tokens: input below, output above.
    const first = usage.locator(".ov-usage-col").first();
    assert.equal(await first.locator("rect").count(), 2);

    const timing = page.getByTestId("timing-pane");
    await timing.waitFor();
    const icicle = timing.getByTestId("icicle");
    // Only what the attempts record: the model call and the rest; no phase is drawn that was not measured.
    const drawn = await icicle.locator("rect.ov-ph").evaluateAll((rs) => rs.map((r) => r.getAttribute("data-phase")));
    assert.ok(drawn.includes("model"), `the icicle draws the model phase: ${drawn}`);
    assert.ok(drawn.every((p) => p === "model" || p === "other"), `the icicle draws only recorded phases: ${drawn}`);
    assert.match(await icicle.locator(".ov-axis").textContent(), /ms|s/);
    assert.match(await timing.innerText(), /boot not recorded/);
    const strips = timing.getByTestId("timing-strips");
    assert.equal(await strips.locator(".ov-strip").count(), scored.length);
    assert.match(await strips.locator(".ov-axis").textContent(), /time per attempt/);
    // Hover the model phase in the legend: every other phase's segment dims, in the icicle and in the strips.
    await timing.locator('.ov-legend li[data-phase="model"]').hover();
    const dimmed = async () => {
      const states = await timing.locator("rect.ov-ph").evaluateAll((rs) => rs.map((r) => [r.getAttribute("data-phase"), r.classList.contains("dim")]));
      return states.some(([p]) => p !== "model") && states.every(([p, dim]) => dim === (p !== "model"));
    };
    await until(dimmed, { what: "every phase but model dimmed, in the icicle and the strips" });
    // A strip and a usage column are buttons too: labelled with their attempt, Space and Enter open its trace.
    for (const [where, key] of [
      [strips.locator(".ov-strip").first(), " "],
      [usage.locator(".ov-usage-col").first(), "Enter"],
    ]) {
      const id = await where.getAttribute("data-attempt");
      assert.equal(await where.getAttribute("role"), "button");
      assert.match(await where.getAttribute("aria-label"), new RegExp(`^${id}: .*open its trace$`));
      await where.focus();
      await page.keyboard.press(key);
      await until(async () => page.url().endsWith(`/runs/${runId}/attempts/${id}`), { what: `${key === " " ? "Space" : key} to open attempt ${id}'s trace` });
      await page.getByTestId("trace-viewer").waitFor();
      await page.keyboard.press("Escape");
      await until(async () => page.url().endsWith(`/runs/${runId}`), { what: "the trace to close" });
    }
    await usage.scrollIntoViewIfNeeded();
    await shot(page, "screenshots/overview-04-usage-timing");
    assert.deepEqual(browser.errors, [], "console errors on the run page");
  });
});
