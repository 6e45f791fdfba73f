#!/usr/bin/env node
// Dashboard speed, measured in headless Chromium against a synthetic API
// (e2e/lib/mock-api.mjs) so the numbers are the page's own:
//  1. opening a finished run of 10,000 attempts: time until the headline
//     tiles and the first table rows are on screen (budget 1 s), and until
//     every cell of the block bar is drawn;
//  2. following a running run whose attempts land at 20 per second over the
//     live WebSocket: frames drawn over 10 s, the longest gap between
//     frames, and frames that missed their slot.
// Usage: node e2e/bench-dashboard.mjs [--no-build] [--json]
// Exit code 1 when a budget is missed. `benchDashboard()` returns the numbers.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDashboard, launchBrowser, ROOT } from "./lib/harness.mjs";
import { startMockApi } from "./lib/mock-api.mjs";

const OPEN_BUDGET_MS = 1000;
/** A frame later than this after the previous one missed at least one 60 Hz slot. */
const LATE_FRAME_MS = 34;
/** The live run may lose at most this share of frames. */
const MAX_LATE_SHARE = 0.02;

/** Frames drawn over `seconds`: count, rate, longest gap, and frames later than one 60 Hz slot. */
async function frameStats(page, seconds) {
  const gaps = await page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const out = [];
        let last = performance.now();
        const end = last + ms;
        const tick = (now) => {
          out.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else resolve(out);
        };
        requestAnimationFrame(tick);
      }),
    seconds * 1000,
  );
  const late = gaps.filter((g) => g > LATE_FRAME_MS).length;
  return {
    frames: gaps.length,
    fps: Number((gaps.length / seconds).toFixed(1)),
    longest_frame_gap_ms: Number(Math.max(...gaps).toFixed(1)),
    late_frames: late,
    late_share: Number((late / gaps.length).toFixed(4)),
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function benchDashboard({ build = true, members = 5000, k = 2, rate = 20, seconds = 10 } = {}) {
  if (build) buildDashboard();
  const api = await startMockApi({ dist: join(ROOT, "dashboard", "dist"), members, k, rate });
  const browser = await launchBrowser();
  const { context, page } = browser;
  await context.addInitScript(() => sessionStorage.setItem("assay.api-key", "ak_bench"));
  const result = { attempts: api.total };
  try {
    // Warm the HTTP cache and the route table once, as a returning user would have.
    await page.goto(`${api.url}/runs`);
    await page.getByTestId("project-name").getByText("bench").waitFor();

    const opens = [];
    const bars = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${api.url}/runs`);
      await page.getByTestId("project-name").getByText("bench").waitFor();
      const t = Date.now();
      await page.evaluate(() => {
        history.pushState(null, "", "/runs/run_done");
        dispatchEvent(new PopStateEvent("popstate"));
      });
      await page.locator('[data-testid="tile-score"] .tile-value', { hasText: "%" }).waitFor();
      await page.locator("[data-attempt]").first().waitFor();
      opens.push(Date.now() - t);
      await page.getByTestId("bar-percent").getByText("100%", { exact: true }).waitFor({ timeout: 30_000 });
      bars.push(Date.now() - t);
    }
    // A cold load of the run's URL (HTML, scripts, then data).
    const t = Date.now();
    await page.goto(`${api.url}/runs/run_done`);
    await page.locator('[data-testid="tile-score"] .tile-value', { hasText: "%" }).waitFor();
    await page.locator("[data-attempt]").first().waitFor();
    result.open_run_cold_ms = Date.now() - t;
    result.open_run_ms = median(opens);
    result.bar_complete_ms = median(bars);
    // Scrolling the virtualised table to the end keeps the DOM small.
    result.table_dom_rows = await page.locator("[data-attempt]").count();

    result.idle = await frameStats(page, 3);

    // Live: the socket sends what happened since its last message every 50 ms.
    let sent = 0;
    await page.routeWebSocket(/\/api\/eval-runs\/run_live\/live$/, (ws) => {
      let since = Date.now() - 2000;
      const timer = setInterval(() => {
        const now = Date.now();
        const events = api.liveEvents(since, now);
        since = now;
        if (events.length) {
          sent += events.filter((e) => e.type === "landed").length;
          ws.send(JSON.stringify(events));
        }
      }, 50);
      ws.onClose(() => clearInterval(timer));
    });
    await page.goto(`${api.url}/runs/run_live`);
    await page.locator("[data-live-cell]").first().waitFor({ timeout: 20_000 });
    const landedBefore = sent;
    const stats = await frameStats(page, seconds);
    result.live = {
      landed_per_s: Number(((sent - landedBefore) / seconds).toFixed(1)),
      live_cells: await page.locator("[data-live-cell]").count(),
      ...stats,
    };
    result.console_errors = browser.errors.slice(0, 5);
  } finally {
    await browser.close();
    await api.close();
  }
  result.ok = result.open_run_ms <= OPEN_BUDGET_MS && result.live.late_share <= MAX_LATE_SHARE && result.live.landed_per_s >= rate * 0.9;
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2));
  const r = await benchDashboard({ build: !args.has("--no-build") });
  if (args.has("--json")) console.log(JSON.stringify(r));
  else {
    console.log(`dashboard: open a run of ${r.attempts.toLocaleString("en-US")} attempts: ${r.open_run_ms} ms (median of 3, budget ${OPEN_BUDGET_MS} ms); cold page load ${r.open_run_cold_ms} ms; block bar complete ${r.bar_complete_ms} ms; ${r.table_dom_rows} table rows in the DOM`);
    console.log(`dashboard: live at ${r.live.landed_per_s} attempts/s landing, ${r.live.live_cells} live cells: ${r.live.fps} fps, ${r.live.late_frames} late frames (${(r.live.late_share * 100).toFixed(2)}%, budget ${MAX_LATE_SHARE * 100}%), longest gap ${r.live.longest_frame_gap_ms} ms`);
    console.log(`dashboard: idle on the finished run: ${r.idle.fps} fps, ${r.idle.late_frames} late frames`);
    console.log(`dashboard: ${r.ok ? "within budget" : "OVER BUDGET"}${r.console_errors.length ? `; console errors: ${r.console_errors.join(" | ")}` : ""}`);
  }
  process.exit(r.ok ? 0 : 1);
}
