// End to end in headless Chromium against the local stack: the runs page's
// import form sends an Inspect .eval log and an lm-eval samples file (with
// its results JSON), lands on the outputs run it started, and the run page
// says where the outputs came from; a broken file is refused with what is
// wrong shown. The files are the project's own (test/mini-imports.ts).
// Screenshots go to test-output/screenshots/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { buildDashboard, launchBrowser, OUT, shot, signIn, startEnvironment, until } from "./lib/harness.mjs";

describe("dashboard: import results from another harness", { timeout: 600_000 }, () => {
  let env;
  let browser;
  let page;
  let mini;

  before(async () => {
    mkdirSync(join(OUT, "screenshots"), { recursive: true });
    mini = await importTs(new URL("../test/mini-imports.ts", import.meta.url).href);
    console.log(buildDashboard());
    env = await startEnvironment({ projectName: "e2e-import" });
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, env);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
  });

  const openForm = async () => {
    await page.goto(`${env.url}/runs?import=1`, { waitUntil: "domcontentloaded" });
    await page.getByTestId("import-form").waitFor();
  };

  it("imports an Inspect .eval log and opens its run, which names the tool and file", async () => {
    await openForm();
    await page.getByLabel("Format").selectOption("inspect");
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: "mini.eval", mimeType: "application/zip", buffer: Buffer.from(await mini.miniInspectEval()) });
    await page.getByRole("button", { name: "Import and score" }).click();
    await page.waitForURL(/\/runs\/run_/);
    const runId = new URL(page.url()).pathname.split("/").pop();
    await page.getByTestId("recorded-from").waitFor();
    assert.match(await page.getByTestId("recorded-from").innerText(), /imported from Inspect AI: mini\.eval/);
    const run = await env.api("GET", `/api/eval-runs/${runId}`);
    assert.equal(run.body.target.name, "Inspect AI mini.eval");
    await until(async () => (await env.api("GET", `/api/eval-runs/${runId}`)).body.status === "completed", { what: "the imported run to complete" });
    const scores = await env.api("GET", `/api/eval-runs/${runId}/scores`);
    assert.equal(scores.body.scores[0].score, 0.75);
    await shot(page, "screenshots/import-01-inspect-run");
  });

  it("imports lm-eval samples with their results JSON (several files) and refuses a broken file naming it", async () => {
    await openForm();
    await page.getByLabel("Format").selectOption("lm-eval");
    await page.getByLabel("Samples files").setInputFiles({ name: mini.LM_EVAL_SAMPLES_NAME, mimeType: "application/x-ndjson", buffer: Buffer.from(mini.miniLmEvalSamples()) });
    await page.getByLabel("Results JSON (optional)").setInputFiles({ name: "results_2026-12-01T10-00-00.123456.json", mimeType: "application/json", buffer: Buffer.from(mini.miniLmEvalResults()) });
    await page.getByRole("button", { name: "Import and score" }).click();
    await page.waitForURL(/\/runs\/run_/);
    await page.getByTestId("recorded-from").waitFor();
    assert.match(await page.getByTestId("recorded-from").innerText(), /imported from lm-evaluation-harness: samples_gsm8k_/);

    await openForm();
    await page.getByLabel("Format").selectOption("promptfoo");
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: "results.json", mimeType: "application/json", buffer: Buffer.from("{\"results\": {}}") });
    await page.getByRole("button", { name: "Import and score" }).click();
    await page.getByText(/file\.results\.results/).first().waitFor();
    assert.match(page.url(), /\/runs\?import=1$/);
    await shot(page, "screenshots/import-02-refused");
  });
});
