// The live view against a scripted live stream (the synthetic API of
// e2e/lib/mock-api.mjs and a WebSocket the test drives, its frames checked
// against the server's own schema in src/live/frames.ts): a live row with its
// pulsing marker, phase badge, dispatch and elapsed time and growing turn
// and token counts; the trace viewer following turn by turn, pinned to the
// newest turn until the reader scrolls up, the pending request dimmed with
// "awaiting model"; then the attempt lands and leaves the live set.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { buildDashboard, launchBrowser, ROOT, shot, until } from "./lib/harness.mjs";
import { liveDelta, startMockApi } from "./lib/mock-api.mjs";

describe("live view", { timeout: 120_000 }, () => {
  let api;
  let browser;
  let page;
  let socket;
  const followed = [];
  const ATT = "att_live.3";
  let schema;
  let deltaSeq = 0;
  /** Sends deltas of attempt 3 as the hub does: each stamped and sequenced, the array a LiveMessage. */
  const send = (events) => socket.send(JSON.stringify(schema.LiveMessage.parse(events.map((e) => liveDelta(ATT, ++deltaSeq, e)))));
  const long = (n) => Array.from({ length: 30 }, (_, i) => `line ${i + 1} of turn ${n}`).join("\n");

  before(async () => {
    schema = await importTs(new URL("../src/live/frames.ts", import.meta.url).href);
    buildDashboard();
    api = await startMockApi({ dist: join(ROOT, "dashboard", "dist"), members: 12, k: 1, rate: 0.001 });
    browser = await launchBrowser();
    page = browser.page;
    await browser.context.addInitScript(() => sessionStorage.setItem("assay.api-key", "ak_live"));
    await page.routeWebSocket(/\/api\/eval-runs\/run_live\/live$/, (ws) => {
      socket = ws;
      ws.onMessage((m) => followed.push(JSON.parse(String(m))));
    });
  });

  after(async () => {
    await browser?.close();
    await api?.close();
  });

  it("shows a live row whose turn and token counts grow", async () => {
    await page.goto(`${api.url}/runs/run_live`);
    await until(() => socket, { what: "the live socket" });
    const dispatched = new Date(Date.now() - 4000).toISOString();
    send([{ kind: "header", seq: 3, benchmark_id: "bm_bench", target: "a", task_key: "task-4", member_index: 3, attempt_index: 0, subset: null, try: 1, execution: "inline", executor: "fixture", phase: "boot", started_at: dispatched, deadline_at: new Date(Date.now() + 60_000).toISOString() }]);
    await page.locator(`[data-live-cell="${ATT}"]`).waitFor();
    await page.getByRole("button", { name: /^Live \(1\)$/ }).click();
    const row = page.locator(`[data-attempt="${ATT}"]`);
    await row.locator(".live-dot").waitFor();
    assert.equal(await row.locator(".phase").textContent(), "booting");
    assert.match((await row.locator(".c-time").textContent()) ?? "", /\d\d:\d\d:\d\d \(\d/);
    send([{ kind: "phase", phase: "agent" }, { kind: "turn", turn_index: 0, messages: [{ role: "user", content: "What is 2 + 2?" }, { role: "assistant", content: long(1) }], usage: { input_tokens: 10, output_tokens: 20 } }]);
    await until(async () => (await row.locator(".c-turns").textContent()) === "1" && (await row.locator(".c-tokens").textContent()) === "30", { what: "turn 1 counted" });
    // An inline attempt's agent phase is its one model call, and says so.
    assert.equal(await row.locator(".phase").textContent(), "model call");
    send([{ kind: "turn", turn_index: 1, messages: [{ role: "tool", content: long(2) }], usage: { input_tokens: 40, output_tokens: 5 } }]);
    await until(async () => (await row.locator(".c-turns").textContent()) === "2" && (await row.locator(".c-tokens").textContent()) === "75", { what: "turn 2 counted" });
    await shot(page, "20-live-table");
    assert.deepEqual(browser.errors, []);
  });

  it("follows the attempt in the trace viewer, pinned to the newest turn, with the pending request dimmed", async () => {
    api.staleTrials.set(ATT, "live");
    await page.locator(`[data-attempt="${ATT}"]`).click();
    await page.getByTestId("trace-viewer").waitFor();
    await until(() => followed.some((m) => m.type === "follow" && m.attempt_id === ATT), { what: "the viewer to follow the attempt" });
    // Turns committed before the viewer opened are there from the first one.
    await page.locator('[data-turn="0"]').getByText("What is 2 + 2?").waitFor();
    await page.locator('[data-turn="1"]').waitFor();
    // Deltas after it opened extend the transcript turn by turn.
    send([{ kind: "turn", turn_index: 2, messages: [{ role: "assistant", content: long(3) }], usage: { input_tokens: 5, output_tokens: 5 } }]);
    send([{ kind: "preview", messages: [{ role: "tool", content: "ls -la\ntotal 0" }] }]);
    const pending = page.getByTestId("pending-request");
    await pending.getByText("awaiting model").waitFor();
    assert.ok((await pending.locator(".msg.dim").count()) > 0, "the pending messages are dimmed");
    const scroller = page.getByTestId("trace-scroll");
    const atBottom = () => scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 20);
    await until(atBottom, { what: "the view pinned to the newest turn" });
    send([{ kind: "turn", turn_index: 3, messages: [{ role: "assistant", content: long(4) }], usage: { input_tokens: 5, output_tokens: 5 } }]);
    await page.locator('[data-turn="3"]').waitFor();
    assert.equal(await pending.count(), 0, "a committed turn replaces the pending request");
    await until(atBottom, { what: "still pinned after a new turn" });
    await shot(page, "21-live-trace");
    // Scrolled up, the reader stays where they are while turns keep coming.
    await scroller.evaluate((el) => (el.scrollTop = 0));
    send([{ kind: "turn", turn_index: 4, messages: [{ role: "assistant", content: long(5) }], usage: { input_tokens: 5, output_tokens: 5 } }]);
    await page.locator('[data-turn="4"]').waitFor();
    assert.equal(await scroller.evaluate((el) => el.scrollTop), 0);
    assert.deepEqual(browser.errors, []);
  });

  it("lands: the row leaves the live set and the viewer stops awaiting", async () => {
    // Storage lags the live stream: the first reads after the land still say dispatched.
    api.staleTrials.set(ATT, 3);
    send([{ kind: "preview", messages: [{ role: "user", content: "next?" }] }]);
    await page.getByTestId("pending-request").waitFor();
    send([{ kind: "end", status: "succeeded", reward: 1, error: null }]);
    await page.locator(`[data-live-cell="${ATT}"]`).waitFor({ state: "detached" });
    await page.getByTestId("pending-request").waitFor({ state: "detached" });
    await page.getByRole("button", { name: /^Live \(0\)$/ }).waitFor();
    // The viewer shows the landed attempt, not the stale read taken as it landed.
    await until(async () => (await page.getByTestId("trace-status").getAttribute("data-status")) === "succeeded", { timeout: 15_000, what: "the landed status in the viewer" });
    assert.match((await page.getByTestId("trace-reward").textContent()) ?? "", /^\d+(\.\d+)?%$/);
    assert.deepEqual(browser.errors, []);
  });
});
