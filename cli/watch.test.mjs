// The SSE reader, the live events' effect on phases, and the progress line.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { describe, test } from "node:test";
import { Client } from "./client.mjs";
import { StatusLine } from "./output.mjs";
import { readEvents } from "./sse.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { applyEvent, PHASE_LABELS, phaseLabel, progressText, watchRun } from "./watch.mjs";

/** Feeds `chunks` (strings) through readEvents. */
async function events(chunks) {
  async function* bytes() {
    for (const c of chunks) yield new TextEncoder().encode(c);
  }
  const out = [];
  for await (const ev of readEvents(bytes())) out.push(ev);
  return out;
}

describe("readEvents", () => {
  test("events split anywhere across chunks, any line ending", async () => {
    const got = await events(["\uFEFFevent: pha", "se\r\ndata: {\"a\":1}\r", "\nid: 7\r\n\r\n: a comment\n\nda", "ta: one\ndata: two\n\n", "retry: 3000\ndata:x\r\r"]);
    assert.deepEqual(got, [
      { event: "phase", data: '{"a":1}', id: "7", retry: undefined },
      { event: "message", data: "one\ntwo", id: "7", retry: undefined },
      { event: "message", data: "x", id: "7", retry: 3000 },
    ]);
  });

  test("an event not ended by a blank line is dropped; an event without data is not sent", async () => {
    assert.deepEqual(await events(["event: ping\n\n", "data: partial"]), []);
  });
});

describe("applyEvent", () => {
  test("phases follow attempts until they land; a run event ends the watch", () => {
    const phases = new Map();
    const ev = (event, data) => applyEvent({ event, data: JSON.stringify(data) }, phases);
    const of = (phase, execution = null) => ({ phase, execution });
    assert.equal(ev("phase", { attempt_id: "att_1.0", phase: "agent" }), false);
    assert.equal(ev("phase", { attempt_id: "att_1.1", phase: "scoring" }), false);
    assert.equal(ev("phase", { attempt_id: "att_1.0", phase: "finalize" }), false);
    assert.deepEqual([...phases], [["att_1.0", of("finalize")], ["att_1.1", of("scoring")]]);
    assert.equal(ev("message", { kind: "end", attempt_id: "att_1.0", status: "retrying", delta_seq: 9 }), false);
    assert.equal(ev("delta", { attempt_id: "att_1.1", status: "succeeded" }), false);
    assert.deepEqual([...phases], []);
    // A header says where the attempt runs; its later phase changes keep that.
    assert.equal(ev("message", { kind: "header", attempt_id: "att_1.2", phase: "boot", seq: 2, execution: "agent" }), false);
    assert.equal(ev("message", { kind: "turn", attempt_id: "att_1.2", messages: [] }), false);
    assert.equal(ev("phase", { kind: "phase", attempt_id: "att_1.2", phase: "agent" }), false);
    assert.deepEqual([...phases], [["att_1.2", of("agent", "agent")]]);
    // A snapshot of the live set replaces what was known.
    const set = { type: "live_set", delta_seq: 7, count: 2, by_phase: { setup: 1, agent: 1 }, items: [{ attempt_id: "att_1.3", phase: "setup", execution: "agent" }, { attempt_id: "att_1.4", phase: "agent", execution: "inline" }] };
    assert.equal(ev("live_set", set), false);
    assert.deepEqual([...phases], [["att_1.3", of("setup", "agent")], ["att_1.4", of("agent", "inline")]]);
    // A list of deltas applies in order.
    assert.equal(ev("delta", [{ kind: "end", attempt_id: "att_1.3", status: "failed" }, { kind: "phase", attempt_id: "att_1.4", phase: "scoring" }]), false);
    assert.deepEqual([...phases], [["att_1.4", of("scoring", "inline")]]);
    assert.equal(ev("ready", { type: "ready" }), false);
    assert.equal(ev("live_set", { type: "live_set", items: [] }), false);
    assert.deepEqual([...phases], []);
    assert.equal(applyEvent({ event: "message", data: "not json" }, phases), false);
    assert.equal(ev("run", { status: "running" }), false);
    assert.equal(ev("run", { status: "completed" }), true);
    assert.equal(ev("message", { run_status: "cancelled" }), true);
  });
});

describe("progressText", () => {
  const p = {
    id: "run_1",
    status: "running",
    terminal_attempts: 6,
    total_attempts: 12,
    planned_attempts: 12,
    scored_attempts: 5,
    in_flight: 2,
    counts: { pending: 4, dispatched: 0, running: 2, succeeded: 5, failed: 1, cancelled: 0, timed_out: 0 },
  };

  test("counts by status, and what the running attempts are doing in plain words", () => {
    const phases = new Map([
      ["a", { phase: "scoring", execution: "inline" }],
      ["b", { phase: "agent", execution: "inline" }],
      ["c", { phase: "agent", execution: "inline" }],
    ]);
    assert.equal(
      progressText(p, phases),
      "run_1 running · [############............] 6/12 · succeeded 5, failed 1, running 2, pending 4 · scored 5 · in progress: model call 2, scoring 1",
    );
    // An agent runner's attempts: the agent's own phase is named so, and the phases come in the order attempts pass them.
    const agents = new Map([
      ["a", { phase: "finalize", execution: "agent" }],
      ["b", { phase: "agent", execution: "agent" }],
      ["c", { phase: "boot", execution: "agent" }],
    ]);
    assert.match(progressText(p, agents), / · in progress: booting 1, agent 1, finalizing 1$/);
  });

  test("the CLI's phase labels are the dashboard's (src/live/phase-label.ts)", async () => {
    const ts = await importTs(new URL("../src/live/phase-label.ts", import.meta.url).href);
    assert.deepEqual(PHASE_LABELS, ts.PHASE_LABELS);
    for (const phase of ["boot", "setup", "agent", "verify", "finalize", "scoring"]) for (const execution of ["inline", "agent", null]) assert.equal(phaseLabel(phase, execution), ts.phaseLabel(phase, execution), `${phase} ${execution}`);
  });

  test("while planning the total is not known yet", () => {
    assert.equal(progressText({ ...p, total_attempts: null, terminal_attempts: 0, planned_attempts: 4, counts: { pending: 4 } }), "run_1 running · [........................] 0/4+ (planning) · pending 4 · scored 5");
  });
});

describe("StatusLine", () => {
  /** A fake stderr that records writes. */
  const sink = (isTTY) => {
    const writes = [];
    return { writes, err: { isTTY, columns: 40, write: (s) => writes.push(s) } };
  };

  test("off a terminal: a line when the text changes, at most every everyMs, and the last state at the end", () => {
    const { writes, err } = sink(false);
    let now = 0;
    const line = new StatusLine({ err }, { everyMs: 1000, now: () => now });
    line.update("a");
    line.update("a");
    now = 500;
    line.update("b");
    now = 1600;
    line.update("c");
    now = 1700;
    line.update("d");
    line.done();
    assert.deepEqual(writes, ["a\n", "c\n", "d\n"]);
  });

  test("on a terminal: at most one redraw per 100 ms, the latest text drawn when the wait is over", async () => {
    const { writes, err } = sink(true);
    const line = new StatusLine({ err });
    line.update("a");
    line.update("b");
    line.update("c");
    assert.deepEqual(writes, ["\r\x1b[Ka"]);
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(writes, ["\r\x1b[Ka", "\r\x1b[Kc"]);
    line.done();
    assert.deepEqual(writes, ["\r\x1b[Ka", "\r\x1b[Kc", "\n"]);
  });

  test("on a terminal: redrawn in place, cut to the width, ended with a newline", () => {
    const { writes, err } = sink(true);
    const line = new StatusLine({ err });
    line.update("short");
    line.update("x".repeat(50));
    line.done();
    assert.deepEqual(writes, ["\r\x1b[Kshort", `\r\x1b[K${"x".repeat(38)}…`, "\n"]);
  });
});

describe("watchRun against a stub server", () => {
  /** An API stub: /progress answers from `state`; /live runs `live(req, res, n)` for the n-th connection. */
  async function stub(live) {
    const state = { status: "running", done: 0, liveConnections: [], progressCalls: 0 };
    const server = createServer((req, res) => {
      if (req.url === "/api/eval-runs/run_1/progress") {
        state.progressCalls++;
        res.setHeader("content-type", "application/json");
        const counts = { pending: 2 - state.done, dispatched: 0, running: 0, succeeded: state.done, failed: 0, cancelled: 0, timed_out: 0 };
        res.end(JSON.stringify({ id: "run_1", status: state.status, terminal_attempts: state.done, total_attempts: 2, planned_attempts: 2, scored_attempts: state.done, in_flight: 0, counts }));
      } else if (req.url === "/api/eval-runs/run_1/live" && live) {
        state.liveConnections.push({ accept: req.headers.accept, lastEventId: req.headers["last-event-id"], auth: req.headers.authorization });
        live(req, res, state.liveConnections.length, state);
      } else {
        res.statusCode = 404;
        res.setHeader("content-type", "application/problem+json");
        res.end(JSON.stringify({ status: 404, code: "not_found", detail: `no route GET ${req.url}` }));
      }
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${server.address().port}`;
    return { state, client: new Client({ url, apiKey: "ak_stub" }), close: () => new Promise((r) => server.close(r)) };
  }

  /** A terminal-like stderr that keeps every redraw. */
  const io = () => {
    const lines = [];
    return { lines, io: { out: { write() {} }, err: { isTTY: true, columns: 400, write: (s) => lines.push(s) } } };
  };

  test("phases from the live stream, a reconnect with Last-Event-ID, the end from the run's status", async () => {
    const sse = (res, id, event, data) => res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const s = await stub((req, res, n, state) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (n === 1) {
        sse(res, 1, "delta", { kind: "header", attempt_id: "att_1.0", phase: "boot", seq: 0, execution: "inline" });
        // Spaced out, since a terminal line is redrawn at most every 100 ms.
        setTimeout(() => sse(res, 2, "delta", { kind: "phase", attempt_id: "att_1.0", phase: "agent" }), 150);
        // The connection drops before the run ends.
        setTimeout(() => res.end(), 400);
        return;
      }
      sse(res, 3, "delta", { kind: "end", attempt_id: "att_1.0", status: "succeeded" });
      state.done = 2;
      state.status = "completed";
      sse(res, 4, "run", { status: "completed" });
      // Left open: the watcher must close it.
    });
    const out = io();
    const final = await watchRun(s.client, "run_1", out.io);
    await s.close();
    assert.equal(final.status, "completed");
    assert.deepEqual(s.state.liveConnections, [
      { accept: "text/event-stream", lastEventId: undefined, auth: "Bearer ak_stub" },
      { accept: "text/event-stream", lastEventId: "2", auth: "Bearer ak_stub" },
    ]);
    const text = out.lines.join("");
    // A model call Assay makes itself is named as one, not by the engine's step ("agent").
    assert.match(text, /in progress: model call 1/);
    assert.doesNotMatch(text, /agent/);
    assert.match(text, /run_1 completed · \[#{24}\] 2\/2 · succeeded 2 · scored 2\n$/);
  });

  test("a stream that never announces the run's end: /progress, re-read after the last events, ends the watch", async () => {
    const s = await stub((req, res, n, state) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`event: live_set\ndata: ${JSON.stringify({ type: "live_set", delta_seq: 0, count: 0, by_phase: {}, items: [] })}\n\nevent: ready\ndata: {"type":"ready"}\n\n`);
      setTimeout(() => {
        res.write(`id: 1\nevent: delta\ndata: ${JSON.stringify({ kind: "header", attempt_id: "att_1.0", phase: "agent", seq: 0 })}\n\n`);
        res.write(`id: 2\nevent: delta\ndata: ${JSON.stringify({ kind: "end", attempt_id: "att_1.0", status: "succeeded" })}\n\n`);
        Object.assign(state, { done: 2, status: "completed" });
      }, 100);
    });
    const started = Date.now();
    const final = await watchRun(s.client, "run_1", io().io);
    const took = Date.now() - started;
    await s.close();
    assert.equal(final.status, "completed");
    assert.equal(s.state.liveConnections.length, 1);
    assert.ok(took < 3000, `ended ${took} ms after the start`);
  });

  test("without a live stream: says so and polls /progress until the run ends", async () => {
    const s = await stub(null);
    setTimeout(() => Object.assign(s.state, { done: 2, status: "cancelled" }), 150);
    const out = io();
    const final = await watchRun(s.client, "run_1", out.io, { pollMs: 20 });
    await s.close();
    assert.equal(final.status, "cancelled");
    const text = out.lines.join("");
    assert.match(text, /live stream not available \(GET \/api\/eval-runs\/\{id\}\/live answered 404\); polling \/progress every 0\.02 s/);
    assert.ok(s.state.progressCalls >= 3, `polled ${s.state.progressCalls} times`);
  });

  test("Ctrl-C aborts a watch", async () => {
    const s = await stub(null);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("interrupted")), 100);
    await assert.rejects(watchRun(s.client, "run_1", io().io, { pollMs: 20, signal: controller.signal }), /interrupted/);
    await s.close();
  });
});
