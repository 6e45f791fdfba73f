// What a researcher sees, checked in headless Chromium against one local
// stack and the fixture model: catalog cards that hold their contents, a
// compare page coloured by which answer is right, a live run whose header,
// progress bar and tiles agree (and a failed one named by its benchmark),
// charts that say in words when they have nothing to draw and whose labels
// do not collide, score history as a chart with intervals and drift alerts,
// a wizard whose placeholders do not pose as values, and every page at
// 1280 px in light and dark mode: one type scale, numbers right-aligned,
// readable contrast. Screenshots go to test-output/screenshots/surface-*.png.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { buildDashboard, headingShown, launchBrowser, OUT, shot, signIn, runToEndIn, startEnvironment, until } from "./lib/harness.mjs";

const SUMS = Array.from({ length: 24 }, (_, i) => ({ question: `Add these for the surface check: ${21 + i * 3} + ${4 + ((i * 7) % 30)}`, answer: String(25 + i * 3 + ((i * 7) % 30)) }));
const LIVE = Array.from({ length: 60 }, (_, i) => ({ question: `Live sum number ${i}: ${100 + i} + ${i * 2}`, answer: String(100 + i * 3) }));
const MODEL = "fixture-surface:latency_ms=15";
/** Slow enough to be read mid-run: 120 attempts, 2 at a time, 0.6 s each. */
const LIVE_MODEL = "fixture-surface-live:accuracy=0.7,latency_ms=600";
/** The type scale (px): every text outside charts takes one of these sizes. */
const TYPE_SCALE = [12, 13, 14, 16, 20, 24];

const shotName = (name) => `screenshots/surface-${name}`;
const rgb = (hex) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe("dashboard: the surface a researcher sees", { timeout: 900_000 }, () => {
  let env;
  let browser;
  let page;
  let palette;
  let benchmark;
  let liveBenchmark;
  let goodRun;
  let worseRun;
  let failedRun;
  let liveRun;

  const target = (model) => ({ kind: "model", provider: "openai", base_url: `${env.fixture.url}/v1`, model });
  const runToEnd = (body) => runToEndIn(env, body);
  const upload = async (name, rows) => {
    const r = await env.api("POST", `/api/datasets/${name}/revisions`, rows.map((x) => JSON.stringify(x)).join("\n") + "\n", "application/x-ndjson");
    assert.equal(r.status, 201, r.text);
    const bm = await env.api("POST", "/api/benchmarks", {
      name: name === "surface-sums" ? "Surface sums" : "Surface live sums",
      description: "Two-number sums, scored by a regex on the line '#### N'.",
      dataset: `${name}@1`,
      prompt_template: "Solve it and end with '#### <number>'.\n{question}",
      answer_column: "answer",
      scoring: { type: "regex", pattern: "#### (-?[0-9]+)" },
    });
    assert.equal(bm.status, 201, bm.text);
    return bm.body;
  };

  before(async () => {
    mkdirSync(join(OUT, "screenshots"), { recursive: true });
    ({ PALETTE: palette } = await importTs(new URL("../src/reports/palette.ts", import.meta.url).href));
    console.log(buildDashboard());
    env = await startEnvironment({ projectName: "e2e-surface" });
    benchmark = await upload("surface-sums", SUMS);
    liveBenchmark = await upload("surface-live", LIVE);
    goodRun = await runToEnd({ display_name: "surface: right answers", benchmarks: [benchmark.id], target: target(MODEL), options: { attempts: 1, concurrency: 4 } });
    // The same model now answers every sum wrong (the fixture reads answers from its key first): a regression and a drift alert.
    const wrong = SUMS.map((r) => ({ question: r.question, answer: String(Number(r.answer) + 1) }));
    await fetch(`${env.fixture.url}/_answers`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(wrong) });
    worseRun = await runToEnd({ display_name: "surface: wrong answers", benchmarks: [benchmark.id], target: target(MODEL), options: { attempts: 1, concurrency: 4 } });
    failedRun = await runToEnd({ display_name: "surface: refused", benchmarks: [benchmark.id], target: target("fixture-surface-refused:status=401"), options: { attempts: 1 } });
    await until(
      async () => {
        await fetch(`${env.url}/cdn-cgi/local/scheduled`).catch(() => {});
        return (await env.api("GET", "/api/alerts?status=open")).body?.items?.length > 0;
      },
      { timeout: 90_000, every: 1500, what: "a drift alert on the worse run" },
    );
    browser = await launchBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, env);
  });

  after(async () => {
    await browser?.close();
    await env?.stop();
  });

  /** Every element and text line drawn inside `selector`'s elements that reaches past their box (clipped parts excluded). */
  const overflowing = (selector) =>
    page.$$eval(selector, (cards) =>
      cards.map((card) => {
        const box = card.getBoundingClientRect();
        const clipOf = (node) => {
          let r = { left: -1e9, right: 1e9, top: -1e9, bottom: 1e9 };
          for (let el = node.parentElement; el && el !== card; el = el.parentElement) {
            const s = getComputedStyle(el);
            if (s.overflowX !== "visible" || s.overflowY !== "visible") {
              const b = el.getBoundingClientRect();
              r = { left: Math.max(r.left, b.left), right: Math.min(r.right, b.right), top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom) };
            }
          }
          return r;
        };
        const outside = [];
        const check = (what, rect, clip) => {
          const left = Math.max(rect.left, clip.left);
          const right = Math.min(rect.right, clip.right);
          const top = Math.max(rect.top, clip.top);
          const bottom = Math.min(rect.bottom, clip.bottom);
          if (right <= left || bottom <= top) return;
          if (left < box.left - 0.5 || right > box.right + 0.5 || bottom > box.bottom + 0.5) outside.push(`${what} [${Math.round(left)}..${Math.round(right)}] beyond [${Math.round(box.left)}..${Math.round(box.right)}]`);
        };
        for (const el of card.querySelectorAll("*")) for (const r of el.getClientRects()) check(el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(" ")[0]}` : ""), r, clipOf(el));
        const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode(); t; t = walker.nextNode()) {
          if (!t.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(t);
          for (const r of range.getClientRects()) check(`text "${t.textContent.trim().slice(0, 40)}"`, r, clipOf(t));
        }
        // The largest empty band inside the card: between its children stacked top to bottom, and below the last.
        const kids = [...card.children].map((c) => c.getBoundingClientRect()).filter((r) => r.height > 0).sort((a, b) => a.top - b.top);
        let gap = 0;
        let low = box.top;
        for (const k of kids) {
          gap = Math.max(gap, k.top - low);
          low = Math.max(low, k.bottom);
        }
        gap = Math.max(gap, box.bottom - low);
        return { name: card.getAttribute("data-benchmark"), outside, gap: Math.round(gap), text: card.textContent ?? "" };
      }),
    );

  it("catalog cards: nothing reaches past its card, no large empty band, the long status only on the detail page", async () => {
    await page.goto(`${env.url}/benchmarks`);
    await page.waitForSelector(".card");
    await shot(page, shotName("01-catalog"));
    const listed = (await env.api("GET", "/api/benchmarks?limit=100")).body.items;
    const cards = await overflowing(".card");
    assert.ok(cards.length >= listed.filter((b) => !b.archived).length, "a card per benchmark");
    for (const c of cards) {
      assert.deepEqual(c.outside, [], `${c.name}: every part of the card stays inside it`);
      assert.ok(c.gap <= 40, `${c.name}: an empty band of ${c.gap} px inside the card`);
      const b = listed.find((x) => x.name === c.name);
      if (b?.status_detail && b.status !== "runnable") assert.ok(!c.text.includes(b.status_detail), `${c.name}: the long status text is for the detail page, not the card`);
    }
    // Short facts where the API gives them: what an entry needs as chips, its status in one line.
    for (const b of listed.filter((x) => Array.isArray(x.needs) || typeof x.status_summary === "string")) {
      const card = page.locator(`.card[data-benchmark="${b.name}"]`);
      if (Array.isArray(b.needs)) assert.deepEqual(await card.locator(".needs .need").allTextContents(), b.needs);
      if (typeof b.status_summary === "string") {
        const line = card.locator(".status-summary");
        assert.equal(await line.textContent(), b.status_summary);
        const [h, lh] = await line.evaluate((el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight)]);
        assert.ok(h <= lh * 1.2, `${b.name}: the status summary is one line (${h} px)`);
      }
    }
    const blocked = listed.find((b) => b.builtin && b.status === "unavailable");
    assert.ok(blocked, "an entry that cannot run yet");
    await page.locator(`.card[data-benchmark="${blocked.name}"] h3 a`).click();
    await page.getByRole("heading", { name: blocked.name, level: 1 }).waitFor();
    assert.ok(((await page.locator("main").textContent()) ?? "").includes(blocked.status_detail), "the detail page gives the whole status text");
    assert.deepEqual((await overflowing("main")).flatMap((m) => m.outside), [], "the detail page keeps its text inside the page");
    await shot(page, shotName("02-benchmark-unavailable"));
    assert.deepEqual(browser.errors, []);
  });

  it("compare: each side coloured by whether its answer is right, the word diff neutral, the summary columns aligned", async () => {
    await page.goto(`${env.url}/compare?runs=${goodRun},${worseRun}`);
    const task = page.locator('.compare-task[data-change="regression"]').first();
    await task.waitFor();
    await shot(page, shotName("03-compare"));
    const sides = await task.locator("[data-side]").evaluateAll((els) => els.map((el) => ({ side: el.getAttribute("data-side"), verdict: el.getAttribute("data-verdict"), border: getComputedStyle(el).borderLeftColor })));
    assert.deepEqual(
      sides.map((s) => [s.side, s.verdict, s.border]),
      [
        ["baseline", "correct", rgb(palette.pass)],
        ["candidate", "wrong", rgb(palette.fail)],
      ],
    );
    const marks = await task.locator("mark").evaluateAll((els) => els.map((el) => ({ bg: getComputedStyle(el).backgroundColor, line: getComputedStyle(el).textDecorationLine })));
    assert.ok(marks.length > 0, "the differing words are marked");
    for (const m of marks) {
      assert.ok(![rgb(palette.passBg), rgb(palette.errorBg), rgb(palette.pass), rgb(palette.error)].includes(m.bg), `a diff mark is neutral, not ${m.bg}`);
      assert.notEqual(m.line, "line-through", "no strike-through: a word's absence is not a verdict");
    }
    // The summary table: header and cells share each column's edge, numbers right-aligned, text apart.
    const table = await page.locator(".compare-scores").first().evaluate((t) => {
      const textBox = (cell) => {
        const r = document.createRange();
        r.selectNodeContents(cell);
        const b = r.getBoundingClientRect();
        return { left: b.left, right: b.right, align: getComputedStyle(cell).textAlign };
      };
      return [...t.rows].map((row) => [...row.cells].map(textBox));
    });
    const [head, ...body] = table;
    for (const row of body) {
      for (let i = 1; i < row.length; i++) {
        assert.ok(row[i].left - row[i - 1].right >= 12, `cells ${i - 1} and ${i} are ${Math.round(row[i].left - row[i - 1].right)} px apart`);
        if (i >= 1 && i <= 4) {
          assert.ok(["right", "end"].includes(row[i].align), `column ${i} holds numbers: right-aligned`);
          assert.ok(Math.abs(row[i].right - head[i].right) <= 1.5, `column ${i}: the number ends where its header ends`);
        }
      }
    }
    assert.deepEqual(browser.errors, []);
  });

  /** The run page's numbers as a reader sees them at one instant. */
  const runNumbers = () =>
    page.evaluate(() => {
      const text = (sel) => document.querySelector(sel)?.textContent?.replace(/\s+/g, " ").trim() ?? "";
      const num = (s) => Number(s.replace(/,/g, ""));
      const header = text('[data-testid="progress"]');
      const h = /([\d,]+)\/([\d,]+) attempts finished \(([\d.]+)%\) · ([\d,]+) scored/.exec(header);
      const missing = `${text('[data-testid="tile-missing"] .tile-value')} | ${text('[data-testid="tile-missing"] .tile-sub')}`;
      const m = /^([\d,]+) \| ([\d,]+)\/([\d,]+) scored$/.exec(missing);
      const legend = text('[data-testid="block-bar"] .legend');
      const count = (label) => num(new RegExp(`${label} ([\\d,]+)`).exec(legend)?.[1] ?? "NaN");
      const bar = document.querySelector('[data-testid="progress"] progress');
      return {
        header,
        missing,
        legend,
        finished: h ? num(h[1]) : NaN,
        total: h ? num(h[2]) : NaN,
        percent: h ? Number(h[3]) : NaN,
        scored: h ? num(h[4]) : NaN,
        tileMissing: m ? num(m[1]) : NaN,
        tileScored: m ? num(m[2]) : NaN,
        tileTotal: m ? num(m[3]) : NaN,
        barPercent: Number(text('[data-testid="bar-percent"]').replace("%", "")),
        barValue: bar ? Number(bar.getAttribute("value")) : NaN,
        barMax: bar ? Number(bar.getAttribute("max")) : NaN,
        legendFinished: count("passed") + count("failed") + count("invalid"),
      };
    });
  const agree = (n, when) => {
    const where = `${when}: header "${n.header}", tile "${n.missing}", legend "${n.legend}", bar ${n.barPercent}%`;
    assert.equal(n.tileScored, n.scored, `scored, ${where}`);
    assert.equal(n.tileTotal, n.total, `total, ${where}`);
    assert.equal(n.tileMissing, n.total - n.scored, `missing, ${where}`);
    assert.equal(n.legendFinished, n.finished, `finished in the legend, ${where}`);
    assert.equal(n.barPercent, n.percent, `percent beside the bar, ${where}`);
    assert.deepEqual([n.barValue, n.barMax], [n.finished, n.total], `the progress bar, ${where}`);
  };

  it("a live run: header, progress bar and tiles read one source while attempts land", async () => {
    const created = await env.api("POST", "/api/eval-runs", { display_name: "surface: live", benchmarks: [liveBenchmark.id], target: target(LIVE_MODEL), options: { attempts: 2, concurrency: 2 } });
    liveRun = created.body.id;
    assert.equal((await env.api("POST", `/api/eval-runs/${liveRun}/start`)).status, 202);
    await page.goto(`${env.url}/runs/${liveRun}`);
    await until(async () => (await runNumbers()).scored >= 12, { timeout: 120_000, what: "a dozen attempts scored" });
    // Three readings a moment apart, each taken at one instant: every number on the page agrees with the others.
    for (let i = 0; i < 3; i++) {
      const n = await runNumbers();
      assert.ok(n.finished < n.total, `still running at reading ${i + 1} (${n.header})`);
      agree(n, `reading ${i + 1}`);
      if (i === 1) await shot(page, shotName("04-run-live"));
      await new Promise((r) => setTimeout(r, 1500));
    }
    await until(async () => (await env.api("GET", `/api/eval-runs/${liveRun}`)).body.status === "completed", { timeout: 240_000, every: 1000, what: "the live run to complete" });
    await page.locator(".page-head .badge.st-completed").waitFor({ timeout: 20_000 });
    await until(async () => (await runNumbers()).scored === 120, { timeout: 20_000, what: "every attempt counted" });
    agree(await runNumbers(), "completed");
    assert.deepEqual(browser.errors, []);
  });

  it("a failed run: the same numbers everywhere, and the banner names the benchmark", async () => {
    await page.goto(`${env.url}/runs/${failedRun}`);
    await page.locator(".page-head .badge.st-failed").waitFor();
    await until(async () => !Number.isNaN((await runNumbers()).finished), { timeout: 20_000, what: "the progress line" });
    await page.getByTestId("run-error").waitFor();
    await shot(page, shotName("05-run-failed"));
    const n = await runNumbers();
    assert.equal(n.finished, n.total);
    assert.equal(n.barPercent, 100);
    assert.equal(n.percent, 100);
    assert.deepEqual([n.barValue, n.barMax], [n.total, n.total]);
    const banner = (await page.getByTestId("run-error").textContent()) ?? "";
    assert.ok(banner.includes("Surface sums"), `the banner names the benchmark: ${banner}`);
    assert.ok(!banner.includes(benchmark.id), `and not by its id: ${banner}`);
    assert.deepEqual(browser.errors, []);
  });

  /** For each chart figure under `root`: whether it says in words that it is empty, its points, and colliding labels. */
  const charts = (root) =>
    page.locator(root).evaluateAll((roots) =>
      roots.flatMap((r) =>
        [...r.querySelectorAll("figure.chart")].map((fig) => {
          const texts = [...fig.querySelectorAll("svg text")].filter((t) => t.textContent.trim()).map((t) => ({ s: t.textContent.trim(), b: t.getBoundingClientRect(), axis: t.getAttribute("data-axis") }));
          const hits = [];
          for (let i = 0; i < texts.length; i++)
            for (let j = i + 1; j < texts.length; j++) {
              const a = texts[i].b;
              const b = texts[j].b;
              if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) hits.push(`"${texts[i].s}" over "${texts[j].s}"`);
            }
          const ticks = {};
          for (const t of texts) if (t.axis) (ticks[t.axis] ??= []).push(t.s);
          return {
            title: fig.querySelector("figcaption")?.textContent?.trim() ?? "",
            empty: fig.getAttribute("data-empty") === "true",
            says: fig.querySelector(".chart-empty")?.textContent?.trim() ?? "",
            hasSvg: !!fig.querySelector("svg"),
            points: Number(fig.getAttribute("data-points") ?? "NaN"),
            hits,
            ticks,
          };
        }),
      ),
    );

  it("charts with nothing to draw say so in words; drawn ones keep labels apart and ticks distinct", async () => {
    // A run of a couple of seconds: one timeline sample at most, nothing to draw over time.
    await page.goto(`${env.url}/runs/${goodRun}`);
    await page.getByRole("heading", { name: "Execution over time" }).waitFor();
    await shot(page, shotName("06-run-short"));
    const short = await charts("section[aria-labelledby='timeline-title']");
    assert.ok(short.length >= 4, "the four timeline charts");
    for (const c of short) {
      if (c.empty) {
        assert.ok(c.says.length > 10, `${c.title}: says why it is empty`);
        assert.equal(c.hasSvg, false, `${c.title}: no empty axes`);
      } else assert.ok(c.points >= 2, `${c.title}: drawn with ${c.points} points`);
    }
    assert.ok(short.some((c) => c.empty), "a short run's timeline says it has too little to draw");
    // The live run took half a minute: its charts are drawn.
    await page.goto(`${env.url}/runs/${liveRun}`);
    await page.getByRole("heading", { name: "Execution over time" }).waitFor();
    await page.locator("section[aria-labelledby='timeline-title'] svg").first().waitFor();
    await shot(page, shotName("07-run-long"));
    const drawn = [...(await charts("section[aria-labelledby='timeline-title']")), ...(await charts("[data-testid='benchmark-panel']"))];
    for (const c of drawn) {
      assert.deepEqual(c.hits, [], `${c.title}: labels apart`);
      for (const [axis, labels] of Object.entries(c.ticks)) assert.equal(new Set(labels).size, labels.length, `${c.title}, ${axis} axis: distinct ticks ${labels.join(", ")}`);
      if (!c.empty) assert.ok(Object.keys(c.ticks).length >= 1 || c.points >= 1, `${c.title}: its ticks are marked`);
    }
    assert.ok(drawn.some((c) => !c.empty && c.ticks.y?.length >= 2), "a drawn timeline chart with a y axis");
    assert.deepEqual(browser.errors, []);
  });

  it("score history: the score with its interval over time, the drift alert marked, a point opens its run", async () => {
    await page.goto(`${env.url}/history`);
    const series = page.locator(".history-series", { has: page.getByRole("heading", { name: /Surface sums/ }) });
    const chart = series.getByTestId("score-chart");
    await chart.waitFor();
    await shot(page, shotName("08-history"));
    const points = chart.locator("[data-run]");
    assert.equal(await points.count(), 2);
    const runsOf = await points.evaluateAll((els) => els.map((el) => el.getAttribute("data-run")));
    assert.deepEqual(runsOf, [goodRun, worseRun], "oldest first, left to right");
    for (const id of runsOf) {
      const ci = chart.locator(`[data-ci-run="${id}"]`);
      assert.equal(await ci.count(), 1, `${id}: its interval is drawn`);
      assert.ok((await ci.evaluate((el) => el.getBoundingClientRect().height)) > 2, `${id}: the interval has a height`);
    }
    const alert = (await env.api("GET", "/api/alerts?status=all")).body.items.find((a) => a.run_id === worseRun);
    assert.ok(alert, "the drift alert of the worse run");
    assert.equal(await chart.locator(`[data-alert="${alert.id}"]`).count(), 1, "the alert is marked at its run");
    assert.equal(await chart.locator("[data-alert]").count(), 1, "and nowhere else");
    // Tables of every series share their columns' edges.
    const columns = await page.locator(".history-series table").evaluateAll((ts) => ts.map((t) => [...t.querySelectorAll("thead th")].map((th) => Math.round(th.getBoundingClientRect().left))));
    assert.ok(columns.length >= 2, "two series (the sums model and the live model)");
    for (const c of columns.slice(1)) assert.deepEqual(c, columns[0], "columns aligned across series");
    await points.first().click();
    await page.waitForURL(new RegExp(`/runs/${goodRun}$`));
    assert.deepEqual(browser.errors, []);
  });

  it("wizard: price placeholders are not values, and a select shows its whole choice", async () => {
    await page.goto(`${env.url}/evaluations/new?benchmarks=${benchmark.id}`);
    await page.getByRole("button", { name: "Next: configure" }).click();
    await page.getByLabel("Model", { exact: true }).waitFor();
    await shot(page, shotName("09-wizard-configure"));
    for (const label of [/Price, input/, /Price, output/]) {
      const ph = (await page.getByLabel(label).getAttribute("placeholder")) ?? "";
      assert.doesNotMatch(ph, /^\s*[$]?\d/, `${label}: the placeholder "${ph}" reads as a price`);
    }
    const cut = await page.locator("form select, main select").evaluateAll((sels) => {
      const ctx = document.createElement("canvas").getContext("2d");
      return sels
        .filter((s) => s.offsetParent)
        .map((s) => {
          const cs = getComputedStyle(s);
          ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const text = s.options[s.selectedIndex]?.text ?? "";
          // The arrow takes about 20 px of the box.
          const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          return { id: s.id, text, need: Math.ceil(ctx.measureText(text).width), room };
        })
        .filter((x) => x.need > x.room);
    });
    assert.deepEqual(cut, [], "every select is wide enough for its chosen text");
    assert.deepEqual(browser.errors, []);
  });

  const PAGES = () => [
    ["runs", "/runs"],
    ["catalog", "/benchmarks"],
    ["benchmark", `/benchmarks/${benchmark.id}`],
    ["wizard", `/evaluations/new?benchmarks=${benchmark.id}`],
    ["run", `/runs/${goodRun}`],
    ["compare", `/compare?runs=${goodRun},${worseRun}`],
    ["history", "/history"],
    ["leaderboard", "/leaderboard"],
    ["alerts", "/alerts"],
    ["webhooks", "/webhooks"],
  ];

  /** What a page breaks of the house look: off-scale type, numbers not right-aligned, horizontal scrolling, low contrast. */
  const lookProblems = () =>
    page.evaluate((scale) => {
      const problems = [];
      const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
      const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      for (const el of document.querySelectorAll("body *")) {
        if (!visible(el) || !ownText(el) || el.closest("svg, .sr-only, canvas")) continue;
        const px = parseFloat(getComputedStyle(el).fontSize);
        if (!scale.includes(Math.round(px * 10) / 10)) problems.push(`font ${px}px: ${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`);
      }
      const NUM = /^[-+−]?[\d,.]+\s?(%|ms|s|min|tokens)?$|^\$[\d,.]+$/;
      for (const td of document.querySelectorAll("table td")) {
        if (!visible(td) || td.closest(".sr-only")) continue;
        const t = td.textContent.trim();
        if (t && NUM.test(t) && !["right", "end"].includes(getComputedStyle(td).textAlign)) problems.push(`number "${t}" not right-aligned`);
      }
      if (document.scrollingElement.scrollWidth > innerWidth + 1) problems.push(`the page scrolls sideways: ${document.scrollingElement.scrollWidth} px in ${innerWidth}`);
      const lum = (c) => {
        const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0];
        const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]);
      };
      const bgOf = (el) => {
        for (let e = el; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c && c !== "transparent" && !/rgba\(.*, 0\)$/.test(c)) return c;
        }
        return "rgb(255, 255, 255)";
      };
      for (const el of document.querySelectorAll("h1, h2, h3, p, td, th, label, .muted, a, button")) {
        if (!visible(el) || !ownText(el) || el.closest("svg, .sr-only") || el.disabled) continue;
        const a = lum(getComputedStyle(el).color);
        const b = lum(bgOf(el));
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < 4.5) problems.push(`contrast ${ratio.toFixed(1)}: ${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`);
      }
      return { problems: [...new Set(problems)], background: lum(bgOf(document.body)) };
    }, TYPE_SCALE);

  for (const scheme of ["light", "dark"]) {
    it(`every page at 1280 px in ${scheme} mode: one type scale, numbers right-aligned, no sideways scroll, readable contrast`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      const found = [];
      for (const [name, path] of PAGES()) {
        await page.goto(`${env.url}${path}`);
        await headingShown(page, browser, `${scheme} ${name}`);
        await page.waitForLoadState("networkidle").catch(() => {});
        await page.waitForTimeout(300);
        await shot(page, shotName(`10-${scheme}-${name}`));
        const r = await lookProblems();
        if (scheme === "dark") assert.ok(r.background < 0.05, `${name}: a dark background in dark mode (luminance ${r.background.toFixed(2)})`);
        else assert.ok(r.background > 0.9, `${name}: a light background`);
        found.push(...r.problems.map((p) => `${name}: ${p}`));
      }
      await page.emulateMedia({ colorScheme: null });
      assert.deepEqual(found, []);
      assert.deepEqual(browser.errors, []);
    });
  }
});
