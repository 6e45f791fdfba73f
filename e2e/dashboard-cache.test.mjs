// The response cache in the browser, on real runs of the local stack against the fixture model: a second identical
// read_write run is answered from the cache (no model call) and its attempts say so; the wizard's button empties the
// project's cache, after which the same run calls the model again.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildDashboard, launchBrowser, shot, signIn, startEnvironment, until } from "./lib/harness.mjs";

const N = 6;
const ROWS = Array.from({ length: N }, (_, i) => ({ question: `What is ${10 + i} + ${i}?`, final: String(10 + 2 * i) }));
const MODEL = `cache-e2e-${Math.random().toString(36).slice(2, 8)}:accuracy=1`;

describe("dashboard: the response cache", { timeout: 300_000 }, () => {
  let env;
  let browser;
  let page;
  let benchmarkId;

  before(async () => {
    buildDashboard();
    env = await startEnvironment({ projectName: "e2e-cache" });
    const up = await env.api("POST", "/api/datasets/cache-sums/revisions", ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n", "application/x-ndjson");
    assert.equal(up.status, 201, up.text);
    const bm = await env.api("POST", "/api/benchmarks", {
      name: "Cache sums",
      dataset: up.body.ref,
      prompt_template: "Solve it and end with '#### <number>'.\n{question}",
      answer_column: "final",
      scoring: { type: "regex", pattern: "#### (-?[0-9]+)" },
    });
    assert.equal(bm.status, 201, bm.text);
    benchmarkId = bm.body.id;
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, env);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
  });

  const calls = async () => (await (await fetch(`${env.fixture.url}/_stats?model=${encodeURIComponent(MODEL)}`)).json()).calls;
  const run = async () => {
    const r = await env.api("POST", "/api/eval-runs", {
      benchmarks: [benchmarkId],
      target: { kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model: MODEL, api_key: "sk-e2e-cache" },
      options: { cache: "read_write" },
    });
    assert.equal(r.status, 201, r.text);
    assert.ok((await env.api("POST", `/api/eval-runs/${r.body.id}/start`)).status < 300);
    await until(async () => (await env.api("GET", `/api/eval-runs/${r.body.id}`)).body.status === "completed", { timeout: 120_000, what: "the run to complete" });
    return r.body.id;
  };

  it("marks the attempts of a run answered from the cache, and the wizard's button empties it", async () => {
    await run();
    assert.equal(await calls(), N, "the first run calls the model once per task");
    const second = await run();
    assert.equal(await calls(), N, "the second, identical run is answered from the cache");
    await page.goto(`${env.url}/runs/${second}`);
    await until(async () => (await page.locator('[data-cached="true"]').count()) === N, { timeout: 30_000, what: "every attempt marked cached" });
    await shot(page, "screenshots/cache-01-cached-attempts");

    await page.goto(`${env.url}/evaluations/new?benchmarks=${benchmarkId}`);
    await page.getByRole("button", { name: "Next: configure" }).click();
    await page.getByRole("button", { name: "Clear the project's cache" }).click();
    await page.getByTestId("cache-cleared").waitFor();
    assert.equal(await page.getByTestId("cache-cleared").textContent(), ` ${N} cached replies deleted.`);
    await shot(page, "screenshots/cache-02-cleared");
    await run();
    assert.equal(await calls(), 2 * N, "after clearing, the same run calls the model again");
    assert.deepEqual(browser.errors, [], "console errors");
  });
});
