// The SSE reader, the live events' effect on phases, and the progress line.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { StatusLine } from "./output.mjs";
import { readEvents } from "./sse.mjs";
import { applyEvent, progressText } from "./watch.mjs";

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
    assert.equal(ev("phase", { attempt_id: "att_1.0", phase: "agent" }), false);
    assert.equal(ev("phase", { attempt_id: "att_1.1", phase: "scoring" }), false);
    assert.equal(ev("phase", { attempt_id: "att_1.0", phase: "finalize" }), false);
    assert.deepEqual([...phases], [["att_1.0", "finalize"], ["att_1.1", "scoring"]]);
    assert.equal(ev("message", { kind: "end", attempt_id: "att_1.0", status: "retrying", delta_seq: 9 }), false);
    assert.equal(ev("delta", { attempt_id: "att_1.1", status: "succeeded" }), false);
    assert.deepEqual([...phases], []);
    assert.equal(ev("message", { kind: "header", attempt_id: "att_1.2", phase: "boot", seq: 2 }), false);
    assert.equal(ev("message", { kind: "turn", attempt_id: "att_1.2", messages: [] }), false);
    assert.deepEqual([...phases], [["att_1.2", "boot"]]);
    // A snapshot replaces what was known.
    assert.equal(ev("snapshot", { attempts: [{ attempt_id: "att_1.3", phase: "setup" }, { attempt_id: "att_1.4", phase: "agent" }] }), false);
    assert.deepEqual([...phases], [["att_1.3", "setup"], ["att_1.4", "agent"]]);
    assert.equal(ev("snapshot", []), false);
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

  test("counts by status and phases of running attempts", () => {
    const phases = new Map([["a", "scoring"], ["b", "agent"], ["c", "agent"]]);
    assert.equal(
      progressText(p, phases),
      "run_1 running · [############............] 6/12 · succeeded 5, failed 1, running 2, pending 4 · scored 5 · phase agent 2, scoring 1",
    );
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

  test("on a terminal: redrawn in place, cut to the width, ended with a newline", () => {
    const { writes, err } = sink(true);
    const line = new StatusLine({ err });
    line.update("short");
    line.update("x".repeat(50));
    line.done();
    assert.deepEqual(writes, ["\r\x1b[Kshort", `\r\x1b[K${"x".repeat(38)}…`, "\n"]);
  });
});
