// Browser-test harness: builds the dashboard, starts the local stack
// (wrangler dev serving the API and the dashboard's assets) and the fixture
// model, creates a project, and drives Debian's Chromium through
// playwright-core with a fresh profile. Collects console errors per page
// and saves screenshots under test-output/.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { buildDashboard as buildDashboardNow } from "../../scripts/lib/dashboard.mjs";
import { sharedStack } from "../../scripts/lib/shared-stack.mjs";
import { freePort, startStack } from "../../scripts/lib/stack.mjs";
import { startFixtureModel } from "../../fixture/model-server.mjs";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const OUT = join(ROOT, "test-output");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The dashboard built (vite build) and its "first-load JavaScript" line; throws with the build's output on
 * failure. Under `npm test` it was built once for the whole run, and this returns that build's line.
 */
export function buildDashboard() {
  return process.env.ASSAY_TEST_DASHBOARD_BUILT ?? buildDashboardNow();
}

/** test-output/ (ignored by git). */
export function outputDir(sub = "") {
  const dir = join(OUT, sub);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The local stack on a free port with a throwaway state folder, the fixture model and a project key; `extraVars` reach
 * the Worker (a sandbox's URL and secret); `script`, a prebuilt Worker the stack serves as it is (startStack).
 */
export async function startEnvironment({ projectName = "e2e", extraVars = {}, answers, script } = {}) {
  const stateDir = mkdtempSync(join(tmpdir(), "assay-e2e-"));
  // Without Worker variables or a script of its own a test takes the run's shared stack, when npm test started one.
  const shared = Object.keys(extraVars).length || script ? null : sharedStack();
  const stack = shared
    ? { url: shared.url, stop: async () => {} }
    : await startStack({ port: await freePort(), stateDir, bootstrapToken: `e2e-bootstrap-${randomUUID()}`, extraVars, quiet: true, logFile: join(stateDir, "wrangler.log"), script });
  const bootstrapToken = shared ? shared.bootstrapToken : stack.bootstrapToken;
  const fixture = await startFixtureModel({ port: 0, ...(answers ? { answers } : {}) });
  const r = await fetch(`${stack.url}/api/projects`, {
    method: "POST",
    headers: { authorization: `Bearer ${bootstrapToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: projectName }),
  });
  if (!r.ok) throw new Error(`creating a project: ${r.status} ${await r.text()}`);
  const body = await r.json();
  const key = typeof body.api_key === "string" ? body.api_key : body.api_key?.secret ?? body.key;
  const api = async (method, path, payload, type = "application/json") => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(payload !== undefined ? { "content-type": type } : {}) },
      body: payload === undefined ? undefined : typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: json, text, headers: res.headers };
  };
  const stop = async () => {
    await fixture.close().catch(() => {});
    await stack.stop().catch(() => {});
    rmSync(stateDir, { recursive: true, force: true });
  };
  return { url: stack.url, key, api, fixture, stateDir, stop, bootstrapToken };
}

/** Creates and starts a run through the stack's API and waits until it ends (completed, failed or cancelled); its id. */
export async function runToEndIn(env, body) {
  const created = await env.api("POST", "/api/eval-runs", body);
  assert.equal(created.status, 201, created.text);
  assert.equal((await env.api("POST", `/api/eval-runs/${created.body.id}/start`)).status, 202);
  await until(async () => ["completed", "failed", "cancelled"].includes((await env.api("GET", `/api/eval-runs/${created.body.id}/progress`).catch(() => null))?.body?.status), {
    timeout: 240_000,
    every: 500,
    what: `run ${created.body.id} to end`,
  });
  return created.body.id;
}

/** Chromium with a fresh profile; `pages` collect console errors and uncaught exceptions. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "assay-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 1000 },
    acceptDownloads: true,
  });
  const errors = [];
  /** The last requests that failed or answered 5xx, for a wait that times out to say what the page was waiting on. */
  const network = [];
  const note = (line) => {
    network.push(line);
    if (network.length > 20) network.shift();
  };
  const watch = (page) => {
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`console: ${m.text()} (${page.url()})`);
    });
    page.on("pageerror", (e) => errors.push(`page error: ${e.message} (${page.url()})`));
    page.on("requestfailed", (r) => note(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText ?? "?"}`));
    page.on("response", (r) => {
      if (r.status() >= 500) note(`${r.request().method()} ${r.url()} answered ${r.status()}`);
    });
  };
  context.on("page", watch);
  context.pages().forEach(watch);
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, errors, network, close };
}

/**
 * Waits for the page's heading (`main h1`); when it does not show, fails
 * saying what the page showed instead, where it was, what the browser
 * logged and which requests failed, with a screenshot, rather than only
 * that a locator timed out.
 */
export async function headingShown(page, browser, what) {
  try {
    await page.locator("main h1").first().waitFor();
  } catch (err) {
    const text = await page.evaluate(() => document.body?.innerText ?? "").catch((e) => `(unreadable: ${e.message})`);
    await shot(page, `failed-${what.replace(/[^a-z0-9-]+/gi, "-")}`).catch(() => {});
    throw new Error(
      `${what}: no heading at ${page.url()} (${err.message.split("\n")[0]}). The page showed: ${JSON.stringify(text.slice(0, 300))}. ` +
        `Browser errors: ${JSON.stringify(browser.errors.slice(-5))}. Failed requests: ${JSON.stringify(browser.network.slice(-5))}`,
    );
  }
}

/** Saves a full-page screenshot as test-output/<name>.png and prints its path. */
export async function shot(page, name) {
  const file = join(outputDir(), `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`screenshot: ${file}`);
  return file;
}

/** Polls `fn` until it returns a truthy value or the time runs out. */
export async function until(fn, { timeout = 60_000, every = 250, what = "condition" } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Opens the dashboard and signs in with the environment's project key, as a user pastes it. */
export async function signIn(page, env) {
  await page.goto(`${env.url}/`);
  await page.getByLabel("API key").fill(env.key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("project-name").waitFor();
}
