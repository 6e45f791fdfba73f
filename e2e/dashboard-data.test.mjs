// End to end in headless Chromium against the local stack and the fixture
// model: a dataset uploaded from the benchmark builder (its columns in the
// pickers, its first rows in a table), a malformed file refused with its
// line named, and a finished run's attempts table with dispatch and elapsed
// time, turns, tokens, expected answer and the scorer's reason in every row.
// Screenshots go to test-output/screenshots/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { buildDashboard, launchBrowser, OUT, shot, signIn, startEnvironment, until } from "./lib/harness.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";

const ROWS = Array.from({ length: 8 }, (_, i) => ({ question: `Compute the sum for the upload check: ${20 + i} + ${3 * i}`, final: String(20 + 4 * i), subset: i % 2 ? "odd" : "even" }));
// Two rows without an answer: their attempts end unscored, an error kind the table can filter by.
const UNANSWERED = [0, 1].map((i) => ({ question: `Compute the sum for the upload check: ${i} + 100`, subset: "even" }));
const ALL = [...ROWS, ...UNANSWERED];
const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

describe("dashboard: data in from the browser, the attempts table", { timeout: 600_000 }, () => {
  let env;
  let browser;
  let page;
  let benchmarkId;

  before(async () => {
    mkdirSync(join(OUT, "screenshots"), { recursive: true });
    console.log(buildDashboard());
    env = await startEnvironment({ projectName: "e2e-data" });
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, env);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
  });

  const openUpload = async () => {
    await page.goto(`${env.url}/benchmarks/new`);
    await page.getByRole("heading", { name: "New custom benchmark" }).waitFor();
    const box = page.locator("details.upload-box");
    if (!(await box.evaluate((d) => d.open))) await box.locator("summary").click();
  };

  it("uploads a JSONL file from the builder, then picks its columns and shows its first rows", async () => {
    await openUpload();
    await page.getByLabel("File").setInputFiles({ name: "upload-sums.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(jsonl(ALL)) });
    assert.equal(await page.getByLabel("Dataset name").inputValue(), "upload-sums");
    assert.equal(await page.getByLabel("File format").inputValue(), "jsonl");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByTestId("upload-done").waitFor();
    assert.match(await page.getByTestId("upload-done").innerText(), /upload-sums@1, 10 rows, 3 columns/);
    // The new revision is selected and its real columns fill the pickers.
    assert.equal(await page.getByLabel("Dataset", { exact: true }).inputValue(), "upload-sums@1");
    const options = await page.getByLabel("Prompt column").locator("option").allTextContents();
    assert.deepEqual(options.map((o) => o.split(" ")[0]).sort(), ["final", "question", "subset"]);
    // Its first rows, one column per dataset column.
    const table = page.getByTestId("dataset-rows");
    await table.locator("tbody tr").first().waitFor();
    assert.deepEqual(await table.locator("thead th").allTextContents(), ["#", "question", "final", "subset"]);
    assert.equal(await table.locator("tbody tr").count(), 5);
    assert.deepEqual(await table.locator("tbody tr").first().locator("td").allTextContents(), ["1", ROWS[0].question, ROWS[0].final, ROWS[0].subset]);
    const stored = await env.api("GET", "/api/datasets/upload-sums@1");
    assert.equal(stored.status, 200);
    assert.equal(stored.body.row_count, ALL.length);
    await shot(page, "screenshots/data-01-upload-columns-rows");

    // Saved as a benchmark, for the run below.
    await page.getByLabel("Name", { exact: true }).fill("Upload sums");
    await page.getByLabel("Prompt column").selectOption("question");
    await page.getByLabel("Answer column").selectOption("final");
    await page.getByRole("radio", { name: /Regex/ }).check();
    await page.getByLabel("Pattern", { exact: true }).fill("#### (-?[0-9]+)");
    await page.getByRole("button", { name: "Save benchmark" }).click();
    await page.getByRole("heading", { name: /Upload sums/, level: 1 }).waitFor();
    benchmarkId = new URL(page.url()).pathname.split("/").pop();
    assert.match(benchmarkId, /^bm_/);
    assert.deepEqual(browser.errors, [], "console errors on the builder");
  });

  it("uploads a ZIP of a JSONL file and the images its rows name: each image is stored with the revision", async () => {
    const { writeZip, fakePng } = await importTs(new URL("../test/zip-writer.ts", import.meta.url));
    const rows = [
      { question: "What shape is drawn?", picture: "images/a.png", answer: "circle" },
      { question: "What colour is it?", picture: "images/b.png", answer: "red" },
    ];
    const zip = await writeZip([
      { name: "tasks.jsonl", data: jsonl(rows), deflate: true },
      { name: "images/a.png", data: fakePng("a") },
      { name: "images/b.png", data: fakePng("b") },
    ]);
    await openUpload();
    await page.getByLabel("File").setInputFiles({ name: "shapes.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    assert.equal(await page.getByLabel("Dataset name").inputValue(), "shapes");
    assert.equal(await page.getByLabel("File format").inputValue(), "zip");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByTestId("upload-done").waitFor();
    assert.match(await page.getByTestId("upload-done").innerText(), /shapes@1, 2 rows, 3 columns/);
    const stored = await env.api("GET", "/api/datasets/shapes@1/rows?limit=10");
    assert.equal(stored.status, 200);
    const cells = stored.body.items.map((r) => r.data.picture);
    assert.deepEqual(cells.map((c) => [c.file, c.media_type]), [["images/a.png", "image/png"], ["images/b.png", "image/png"]]);
    assert.ok(cells.every((c) => /^[0-9a-f]{64}$/.test(c.sha256) && c.bytes > 0));
    await shot(page, "screenshots/data-01b-upload-zip");
  });

  it("a gzip-compressed CSV is recognised by its name and uploaded as is", async () => {
    await openUpload();
    const csv = "question,final\n" + ROWS.map((r) => `"${r.question}",${r.final}`).join("\n") + "\n";
    await page.getByLabel("File").setInputFiles({ name: "sums-table.csv.gz", mimeType: "application/gzip", buffer: gzipSync(Buffer.from(csv)) });
    assert.equal(await page.getByLabel("Dataset name").inputValue(), "sums-table");
    assert.equal(await page.getByLabel("File format").inputValue(), "csv");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByTestId("upload-done").waitFor();
    const stored = await env.api("GET", "/api/datasets/sums-table@1");
    assert.equal(stored.status, 200, stored.text);
    assert.equal(stored.body.format, "csv");
    assert.equal(stored.body.row_count, ROWS.length);
    // The first rows are read after the upload; wait for them before reading the header.
    await page.getByTestId("dataset-rows").locator("tbody tr").first().waitFor();
    assert.deepEqual(await page.getByTestId("dataset-rows").locator("thead th").allTextContents(), ["#", "question", "final"]);
    assert.deepEqual(browser.errors, [], "console errors on the builder");
  });

  it("a malformed file is refused with its line named, and nothing is stored", async () => {
    await openUpload();
    const bad = jsonl(ROWS.slice(0, 2)) + '{"question": "broken", "final": \n' + jsonl(ROWS.slice(2, 3));
    await page.getByLabel("File").setInputFiles({ name: "broken.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const error = page.getByTestId("upload-error");
    await error.waitFor();
    const text = await error.innerText();
    assert.match(text, /Not uploaded/);
    assert.match(text, /line 3/, text);
    assert.equal((await env.api("GET", "/api/datasets/broken@1")).status, 404);
    await shot(page, "screenshots/data-02-upload-malformed");
    browser.errors.length = 0; // the refused upload is an expected 422 in the console
  });

  it("a finished run's attempts table shows dispatch and elapsed time, turns, tokens, expected answer and reason, and filters by subset and error kind", async () => {
    const created = await env.api("POST", "/api/eval-runs", {
      benchmarks: [benchmarkId],
      target: { kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model: "fixture-e2e" },
    });
    assert.equal(created.status, 201, created.text);
    const runId = created.body.id;
    assert.equal((await env.api("POST", `/api/eval-runs/${runId}/start`)).status, 202);
    await until(async () => ["completed", "failed"].includes((await env.api("GET", `/api/eval-runs/${runId}/progress`)).body.status), { timeout: 180_000, what: "the run to end" });
    await page.goto(`${env.url}/runs/${runId}`);
    const table = page.getByTestId("samples-table");
    await until(async () => (await table.locator("[data-attempt]").count()) === ALL.length, { timeout: 30_000, what: "every attempt in the table" });
    const headers = await table.locator('[role="columnheader"]').allTextContents();
    for (const h of ["Dispatched (elapsed)", "Turns", "Tokens", "Expected", "Reason", "Output"]) assert.ok(headers.includes(h), `column ${h} in ${headers}`);
    const expectedByTask = new Map();
    for (const r of (await env.api("GET", `/api/eval-runs/${runId}/samples?limit=50`)).body.items) expectedByTask.set(r.id, r);
    for (const row of await table.locator("[data-attempt]").all()) {
      const id = await row.getAttribute("data-attempt");
      const cell = async (c) => (await row.locator(`.${c}`).innerText()).trim();
      assert.match(await cell("c-time"), /^\d\d:\d\d:\d\d \((\d+ ms|[\d.]+ s)\)$/, `dispatch and elapsed of ${id}`);
      assert.equal(await cell("c-turns"), "1", `turns of ${id}`);
      assert.match(await cell("c-tokens"), /^[\d,]+$/, `tokens of ${id}`);
      assert.ok(Number((await cell("c-tokens")).replace(/,/g, "")) > 0, `tokens of ${id}`);
      const sample = expectedByTask.get(id);
      if (sample.expected_answer === null) {
        assert.equal(await cell("c-expected"), "", `no expected answer for ${id}`);
        assert.match(await cell("c-reason"), /no expected answer/, `reason of ${id}`);
        continue;
      }
      assert.equal(await cell("c-expected"), sample.expected_answer, `expected answer of ${id}`);
      assert.ok(ROWS.some((r) => r.final === sample.expected_answer), `expected answer of ${id} is the row's`);
      assert.match(await cell("c-reason"), /extracted/, `reason of ${id}`);
    }
    await shot(page, "screenshots/data-03-attempts-table");

    // Error kind: the two unanswered rows ended unscored.
    await table.getByLabel("Error kind").selectOption("unscored");
    await until(async () => (await table.locator("[data-attempt]").count()) === UNANSWERED.length, { what: "the unscored attempts only" });
    for (const row of await table.locator("[data-attempt]").all()) assert.match(await row.locator(".c-reason").innerText(), /no expected answer/);
    await shot(page, "screenshots/data-04-attempts-error-kind");
    await table.getByLabel("Error kind").selectOption("");
    // Subset: the rows of odd-numbered sums.
    await table.getByLabel("Subset").selectOption("odd");
    const odd = ALL.filter((r) => r.subset === "odd").length;
    await until(async () => (await table.locator("[data-attempt]").count()) === odd, { what: "the odd subset's attempts only" });
    for (const row of await table.locator("[data-attempt]").all()) assert.match(await row.locator(".c-task").innerText(), /· odd$/);
    await shot(page, "screenshots/data-05-attempts-subset");
    assert.deepEqual(browser.errors, [], "console errors on the run page");
  });

  it("starts a recorded-outputs run from the wizard: the outputs are scored, no model is called", async () => {
    // Row i's output is task i's (no key column): six right, two wrong, and the two rows without an answer unscored.
    const outputs = ALL.map((r, i) => ({ output: i < 6 && r.final ? `#### ${r.final}` : "#### 0" }));
    const up = await env.api("POST", "/api/datasets/upload-sums-outputs/revisions", jsonl(outputs), "application/x-ndjson");
    assert.equal(up.status, 201, up.text);
    const before = (await (await fetch(`${env.fixture.url}/_stats`)).json()).total.calls;
    await page.goto(`${env.url}/evaluations/new?benchmarks=${benchmarkId}`);
    await page.getByRole("button", { name: "Next: configure" }).click();
    await page.getByLabel("Kind").first().selectOption("outputs");
    await page.getByLabel("Outputs dataset (name@version)").fill(up.body.ref);
    await page.getByLabel("Output column").fill("output");
    await page.getByRole("button", { name: "Next: review" }).click();
    await page.getByTestId("review-target").getByText(/recorded outputs upload-sums-outputs@1/).waitFor();
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await page.waitForURL(/\/runs\/run_/);
    const runId = new URL(page.url()).pathname.split("/")[2];
    await until(async () => (await env.api("GET", `/api/eval-runs/${runId}`)).body.status === "completed", { timeout: 60_000, what: "the outputs run to complete" });
    const row = (await env.api("GET", `/api/eval-runs/${runId}/scores`)).body.scores[0];
    assert.equal(row.score, 6 / 8);
    assert.deepEqual([row.score_counts.scored, row.score_counts.total], [8, 10]);
    // The run's target line (the re-score form, hidden until opened, says it too).
    await page.getByText("(column output; no model is called)").waitFor();
    assert.equal((await (await fetch(`${env.fixture.url}/_stats`)).json()).total.calls, before, "no model call");
    await shot(page, "screenshots/data-06-outputs-run");
    assert.deepEqual(browser.errors, [], "console errors on the outputs run");
  });
});
