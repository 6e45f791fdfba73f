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

  it("shows an environment trial: its phases, then each command the agent ran with its output", async () => {
    const ENV = "att_live.5";
    const sendTo = (events) => socket.send(JSON.stringify(schema.LiveMessage.parse(events.map((e) => liveDelta(ENV, ++deltaSeq, e)))));
    api.staleTrials.set(ENV, "live");
    api.trialStructured.set(ENV, {
      composite: 1,
      judge_summary: "reward 1 from /logs/verifier/reward.txt",
      phases: { boot: { ms: 2100 }, setup: { ms: 40 }, agent: { ms: 8200 }, verify: { ms: 900 } },
      environment: { backend: "local", network: "none", limits: { cpus: 1, memory_mb: 512 } },
    });
    const started = new Date().toISOString();
    sendTo([{ kind: "header", seq: 5, benchmark_id: "bm_bench", target: "a", task_key: "hello-file", member_index: 5, attempt_index: 0, subset: null, try: 1, execution: "agent", executor: "fixture-bash", phase: "boot", started_at: started, deadline_at: new Date(Date.now() + 600_000).toISOString() }]);
    await page.getByTestId("trace-viewer").locator('button[aria-label="Close trace"]').click();
    const row = page.locator(`[data-attempt="${ENV}"]`);
    await row.waitFor();
    sendTo([{ kind: "phase", phase: "setup" }, { kind: "phase", phase: "agent" }]);
    const call = (id, command) => ({ role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name: "bash", arguments: JSON.stringify({ command }) } }] });
    sendTo([{ kind: "turn", turn_index: 0, messages: [{ role: "user", content: "Create /app/hello.txt" }, call("c1", "pwd; ls -la")], usage: { input_tokens: 30, output_tokens: 5 } }]);
    sendTo([{ kind: "turn", turn_index: 1, messages: [{ role: "tool", tool_call_id: "c1", content: "/app\ntotal 0\n[exit code 0]" }, call("c2", "printf 'Hello, Assay!\\n' > /app/hello.txt")], usage: { input_tokens: 60, output_tokens: 9 } }]);
    sendTo([{ kind: "preview", messages: [{ role: "tool", tool_call_id: "c2", content: "[exit code 0]" }] }, { kind: "phase", phase: "verify" }]);
    await until(async () => (await row.locator(".phase").textContent()) === "verifying", { what: "the verify phase in the live row" });
    await row.click();
    const viewer = page.getByTestId("trace-viewer");
    await viewer.waitFor();
    // Commands as commands (not JSON), each followed by its output.
    await until(async () => (await viewer.getByTestId("trace-command").count()) === 2, { what: "both commands in the trace" });
    assert.deepEqual(await viewer.getByTestId("trace-command").allTextContents(), ["pwd; ls -la", "printf 'Hello, Assay!\\n' > /app/hello.txt"]);
    await viewer.getByText("/app total 0", { exact: false }).or(viewer.getByText("[exit code 0]").first()).first().waitFor();
    assert.match((await page.getByTestId("trace-status").textContent()) ?? "", /running · verifying/);
    await shot(page, "22-environment-trace");
    sendTo([{ kind: "phase", phase: "finalize" }, { kind: "end", status: "succeeded", reward: 1, error: null }]);
    api.staleTrials.delete(ENV);
    // Landed: the trial's own record of its phases and environment.
    await until(async () => ((await page.getByTestId("trace-phases").count()) ? await page.getByTestId("trace-phases").textContent() : "") !== "", { timeout: 15_000, what: "the trial's phases" });
    assert.match((await page.getByTestId("trace-phases").textContent()) ?? "", /^boot 2\.1 s · setup 40 ms · agent 8\.2 s · verify 900 ms$/);
    await viewer.getByText("local backend · no network · 1 CPU, 512 MB").waitFor();
    assert.deepEqual(browser.errors, []);
  });
});
