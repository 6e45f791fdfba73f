#!/usr/bin/env node
// Dashboard speed, measured in headless Chromium against a synthetic API
// (e2e/lib/mock-api.mjs) so the numbers are the page's own:
//  1. opening a finished run of 10,000 attempts: time until the headline
//     tiles and the first table rows are on screen (budget 1 s), and until
//     every cell of the block bar is drawn;
//  2. following a running run whose attempts finish at 20 per second over the
//     live WebSocket: frames drawn over 10 s, the longest gap between
//     frames, and frames that missed their slot;
//  3. the run's overview (issue 20: "opens within 1 s and stays at 60 fps
//     while live"): time until the finished run's overview has its tiles and
//     every pane drawn, and the frames of the running run's page with its
//     overview on screen. The mock answers GET /overview with the real
//     src/reports/overview.ts (importTs) over the aggregates that
//     test/overview-reference.ts computes from its attempts (the definition
//     the route's SQL is held to).
// Usage: node e2e/bench-dashboard.mjs [--no-build] [--dist=DIR] [--json]
// --dist serves a copy of the built dashboard from DIR (a build others may redo mid-run, as the test
// runs' ensureDashboardBuilt does, renames its chunks under the page).
// Exit code 1 when a budget is missed. `benchDashboard()` returns the numbers.
// Figures are reported, not asserted in tests: `npm run bench` is where speed is read.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDashboard, launchBrowser, ROOT } from "./lib/harness.mjs";
import { startMockApi } from "./lib/mock-api.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";

/**
 * The overview's computation as the real route runs it: src/reports/overview.ts's overviewGroup over the
 * aggregates of the mock's attempts (test/overview-reference.ts's referenceGroup, the definition the route's
 * SQL is tested against), or why it could not be loaded.
 */
export async function loadOverviewGroup() {
  try {
    const { overviewGroup } = await importTs(new URL("../src/reports/overview.ts", import.meta.url).href);
    const { referenceGroup } = await importTs(new URL("../test/overview-reference.ts", import.meta.url).href);
    if (typeof overviewGroup !== "function") return { why: "src/reports/overview.ts exports no overviewGroup" };
    if (typeof referenceGroup !== "function") return { why: "test/overview-reference.ts exports no referenceGroup" };
    /** One group of the overview from a score row and the ended attempts, under the route's query and options. */
    const f = (row, attempts, query, options) => overviewGroup(row, referenceGroup(row.benchmark_id, row.target, attempts, query, options.execution(row.target)), options);
    return { f };
  } catch (e) {
    // importTs needs Node's type stripping (23.6 or later) or esbuild.
    return { why: `the overview could not be loaded on Node ${process.versions.node}: ${e?.message ?? e}`.slice(0, 200) };
  }
}

/**
 * What shows the run page's overview is drawn: its container, its summary
 * tiles, and its panes (one per reward and metric, usage, timing). The first
 * that exists on the page is waited for, so the figure stays meaningful if
 * the overview's markup moves.
 */
/** The attempts table's rows (the overview's dots carry data-attempt too). */
const TABLE_ROWS = '[data-testid="samples-table"] [data-attempt]';
const OVERVIEW = '[data-testid="run-overview"]';
const OVERVIEW_READY = [`${OVERVIEW} .ov-tile`, OVERVIEW];
const OVERVIEW_PANES = `${OVERVIEW} .ov-pane, ${OVERVIEW} .ov-chip`;

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

/** Opens the overview when it sits behind a tab or a toggle; a no-op when it is on the page already. */
async function showOverview(page) {
  const tab = page.getByRole("tab", { name: /overview/i });
  if (await tab.count()) await tab.first().click();
}

/**
 * Client-side navigation to `path`, then, in page time: when the overview's
 * first ready element is painted, and when its subtree last changed before
 * 300 ms of quiet (every pane drawn); null when no overview appears in 10 s.
 */
async function overviewOpen(page, path) {
  return page.evaluate(
    async ({ path, ready, overview }) => {
      const t0 = performance.now();
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
      const find = () => ready.map((q) => document.querySelector(q)).find(Boolean) ?? null;
      const el = await new Promise((resolve) => {
        const poll = () => {
          const e = find();
          if (e) resolve(e);
          else if (performance.now() - t0 > 10_000) resolve(null);
          else requestAnimationFrame(poll);
        };
        poll();
      });
      if (!el) return null;
      await new Promise((r) => requestAnimationFrame(() => r()));
      const readyMs = performance.now() - t0;
      const root = el.closest(overview) ?? el;
      let last = performance.now();
      const mo = new MutationObserver(() => (last = performance.now()));
      mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      await new Promise((r) => {
        const wait = () => (performance.now() - last > 300 ? r() : setTimeout(wait, 50));
        wait();
      });
      mo.disconnect();
      return { ready_ms: Math.round(readyMs), settled_ms: Math.round(Math.max(readyMs, last - t0)), dom_nodes: root.querySelectorAll("*").length };
    },
    { path, ready: OVERVIEW_READY, overview: OVERVIEW },
  );
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function benchDashboard({ build = true, dist = join(ROOT, "dashboard", "dist"), members = 5000, k = 2, rate = 20, seconds = 10 } = {}) {
  if (build) buildDashboard();
  const loaded = await loadOverviewGroup();
  const overviewGroup = loaded.f ?? null;
  const api = await startMockApi({ dist, members, k, rate, overviewGroup });
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
      await page.locator(TABLE_ROWS).first().waitFor();
      opens.push(Date.now() - t);
      // A bar that has not filled in a minute is reported as such (null), not a crash of the whole bench.
      // Filled: every cell drawn (the percent beside the bar is the scores', which say 100% before the cells are read).
      const filled = await page.waitForFunction(() => { const b = document.querySelector('[data-testid="block-bar"]'); const c = b?.querySelector("canvas"); const total = Number(/: (\d+) expected/.exec(c?.getAttribute("aria-label") ?? "")?.[1] ?? NaN); return b && Number(b.getAttribute("data-cells")) === total; }, null, { timeout: 60_000 }).then(() => true, () => false);
      bars.push(filled ? Date.now() - t : null);
      if (!filled) break;
    }
    // A cold load of the run's URL (HTML, scripts, then data).
    const t = Date.now();
    await page.goto(`${api.url}/runs/run_done`);
    await page.locator('[data-testid="tile-score"] .tile-value', { hasText: "%" }).waitFor();
    await page.locator(TABLE_ROWS).first().waitFor();
    result.open_run_cold_ms = Date.now() - t;
    result.open_run_ms = median(opens);
    result.bar_complete_ms = bars.includes(null) ? null : median(bars);
    // Scrolling the virtualised table to the end keeps the DOM small.
    result.table_dom_rows = await page.locator(TABLE_ROWS).count();

    result.idle = await frameStats(page, 3);

    // The overview of the finished run: median of 3 client-side opens from the runs list.
    if (overviewGroup) {
      const overviewBytes = [];
      page.on("response", async (r) => {
        if (/\/api\/eval-runs\/run_done\/overview/.test(r.url())) overviewBytes.push((await r.body().catch(() => Buffer.alloc(0))).length);
      });
      const opens = [];
      for (let i = 0; i < 3; i++) {
        await page.goto(`${api.url}/runs`);
        await page.getByTestId("project-name").getByText("bench").waitFor();
        const o = await overviewOpen(page, "/runs/run_done");
        if (!o) {
          await showOverview(page);
          if (!(await page.locator(OVERVIEW_READY.join(", ")).count())) break;
        }
        if (o) opens.push(o);
      }
      result.overview = opens.length
        ? {
            open_ms: median(opens.map((o) => o.ready_ms)),
            panes_drawn_ms: median(opens.map((o) => o.settled_ms)),
            dom_nodes: opens[0].dom_nodes,
            panes: await page.locator(OVERVIEW_PANES).count(),
            response_kb: overviewBytes.length ? Math.round(Math.max(...overviewBytes) / 1024) : null,
          }
        : null;
    }
    if (!result.overview) result.overview_note = overviewGroup ? `the run page shows no overview (${OVERVIEW}); the run page was measured as it is` : `${loaded.why}; the run page was measured as it is`;

    // Live: the socket sends what happened since its last message every 50 ms.
    let sent = 0;
    /** The mock whose live run the socket follows (the bare one below for the comparison). */
    let liveApi = api;
    await page.routeWebSocket(/\/api\/eval-runs\/run_live\/live$/, (ws) => {
      let since = Date.now() - 2000;
      const timer = setInterval(() => {
        const now = Date.now();
        const events = liveApi.liveEvents(since, now);
        since = now;
        if (events.length) {
          sent += events.filter((e) => e.kind === "end").length; // an attempt's end delta: it finished
          ws.send(JSON.stringify(events));
        }
      }, 50);
      ws.onClose(() => clearInterval(timer));
    });
    await page.goto(`${api.url}/runs/run_live`);
    await page.locator("[data-live-cell]").first().waitFor({ timeout: 20_000 });
    const finishedBefore = sent;
    const stats = await frameStats(page, seconds);
    result.live = {
      finished_per_s: Number(((sent - finishedBefore) / seconds).toFixed(1)),
      live_cells: await page.locator("[data-live-cell]").count(),
      ...stats,
    };
    // The same live run with its overview in view: frames while attempts keep finishing, and the overview reads it made.
    if (result.overview) {
      await showOverview(page);
      const ov = page.locator(OVERVIEW_READY.join(", ")).first();
      if (await ov.count()) {
        await ov.scrollIntoViewIfNeeded();
        let reads = 0;
        const count = (r) => /\/api\/eval-runs\/run_live\/overview/.test(r.url()) && reads++;
        page.on("request", count);
        const before = sent;
        const frames = await frameStats(page, seconds);
        page.off("request", count);
        result.live_overview = { seconds, finished_per_s: Number(((sent - before) / seconds).toFixed(1)), overview_reads: reads, ...frames };
      }
      // The same live page from a mock without the overview route (the page then shows none), under the same
      // machine load: the difference is what the overview costs, whatever else the machine is doing.
      const bare = await startMockApi({ dist, members, k, rate });
      try {
        liveApi = bare;
        await page.goto(`${bare.url}/runs/run_live`);
        await page.locator("[data-live-cell]").first().waitFor({ timeout: 20_000 });
        const before = sent;
        const frames = await frameStats(page, seconds);
        result.live_without_overview = { finished_per_s: Number(((sent - before) / seconds).toFixed(1)), overview_shown: (await page.locator(OVERVIEW_READY[0]).count()) > 0, ...frames };
      } finally {
        await bare.close();
      }
    }
    result.console_errors = browser.errors.slice(0, 5);
  } finally {
    await browser.close();
    await api.close();
  }
  result.ok =
    result.open_run_ms <= OPEN_BUDGET_MS &&
    result.live.late_share <= MAX_LATE_SHARE &&
    result.live.finished_per_s >= rate * 0.9 &&
    (!result.overview || result.overview.open_ms <= OPEN_BUDGET_MS) &&
    (!result.live_overview || result.live_overview.late_share <= MAX_LATE_SHARE);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2));
  const dist = [...args].find((a) => a.startsWith("--dist="))?.slice("--dist=".length);
  const r = await benchDashboard({ build: !args.has("--no-build") && !dist, ...(dist ? { dist } : {}) });
  if (args.has("--json")) console.log(JSON.stringify(r));
  else {
    console.log(`dashboard: open a run of ${r.attempts.toLocaleString("en-US")} attempts: ${r.open_run_ms} ms (median of 3, budget ${OPEN_BUDGET_MS} ms); cold page load ${r.open_run_cold_ms} ms; block bar complete ${r.bar_complete_ms === null ? "not within 60 s" : `${r.bar_complete_ms} ms`}; ${r.table_dom_rows} table rows in the DOM`);
    console.log(`dashboard: live at ${r.live.finished_per_s} attempts/s finishing, ${r.live.live_cells} live cells: ${r.live.fps} fps, ${r.live.late_frames} late frames (${(r.live.late_share * 100).toFixed(2)}%, budget ${MAX_LATE_SHARE * 100}%), longest gap ${r.live.longest_frame_gap_ms} ms`);
    console.log(`dashboard: idle on the finished run: ${r.idle.fps} fps, ${r.idle.late_frames} late frames`);
    if (r.overview) console.log(`dashboard: overview of ${r.attempts.toLocaleString("en-US")} attempts: tiles on screen ${r.overview.open_ms} ms (median of 3, budget ${OPEN_BUDGET_MS} ms), every pane drawn ${r.overview.panes_drawn_ms} ms; ${r.overview.panes} panes, ${r.overview.dom_nodes} DOM nodes, response ${r.overview.response_kb} KB`);
    else console.log(`dashboard: overview not measured: ${r.overview_note}`);
    if (r.live_overview) console.log(`dashboard: live with the overview in view at ${r.live_overview.finished_per_s} attempts/s: ${r.live_overview.fps} fps, ${r.live_overview.late_frames} late frames (${(r.live_overview.late_share * 100).toFixed(2)}%), longest gap ${r.live_overview.longest_frame_gap_ms} ms; ${r.live_overview.overview_reads} overview reads in ${r.live_overview.seconds} s`);
    if (r.live_without_overview) console.log(`dashboard: the same live page without the overview (same machine, same minute): ${r.live_without_overview.fps} fps, ${r.live_without_overview.late_frames} late frames (${(r.live_without_overview.late_share * 100).toFixed(2)}%), longest gap ${r.live_without_overview.longest_frame_gap_ms} ms`);
    console.log(`dashboard: ${r.ok ? "within budget" : "OVER BUDGET"}${r.console_errors.length ? `; console errors: ${r.console_errors.join(" | ")}` : ""}`);
  }
  process.exit(r.ok ? 0 : 1);
}
