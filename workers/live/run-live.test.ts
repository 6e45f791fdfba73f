import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DeltaEvent, DeltaInput } from "../../src/live/deltas";
import { liveStub } from "./client";
import type { RunLive } from "./run-live";
import { attemptOf, header, newRunId } from "../../test/live-deltas";

const newRun = newRunId;
const idOf = attemptOf;


const preview = (text: string): DeltaEvent => ({ kind: "preview", messages: [{ role: "user", content: text }] });
const turn = (text: string): DeltaEvent => ({
  kind: "turn",
  messages: [{ role: "assistant", content: text }],
  model: "m",
  usage: { input_tokens: 3, output_tokens: 1 },
  latency_ms: 1,
  reward: null,
});

/** Posts deltas to the run's hub (one shard) as the inline executor does. */
function post(runId: string, deltas: { seq: number; event: DeltaEvent }[], shard = 0, shards = 1) {
  const input: DeltaInput[] = deltas.map((d) => ({ attempt_id: idOf(runId, d.seq), event: d.event }));
  return liveStub(env, runId, shard).post({ where: { run_id: runId, shard, shards }, deltas: input });
}

/** A WebSocket straight to the hub, as the live route opens it. */
async function follower(runId: string, afterSeq?: number, shards = 1) {
  const url = `https://live/follow?run=${runId}&shards=${shards}${afterSeq === undefined ? "" : `&after_seq=${afterSeq}`}`;
  const res = await liveStub(env, runId).fetch(new Request(url, { headers: { upgrade: "websocket" } }));
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: any[] = [];
  const deltas: any[] = [];
  const waiters: (() => void)[] = [];
  ws.accept();
  ws.addEventListener("message", (m) => {
    const f = JSON.parse(m.data as string);
    frames.push(f);
    if (Array.isArray(f)) deltas.push(...f);
    waiters.splice(0).forEach((w) => w());
  });
  const waitFor = async (until: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!until()) {
      if (Date.now() > deadline) throw new Error(`timed out: ${deltas.length} deltas, ${frames.length} frames`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  return { ws, frames, deltas, waitFor };
}

describe("live object: streaming", () => {
  it("streams deltas in order to a follower, then tells it it is caught up", async () => {
    const runId = newRun();
    const f = await follower(runId);
    await f.waitFor(() => f.frames.some((x) => x.type === "ready"));
    expect(f.frames[0]).toEqual({ type: "live_set", delta_seq: 0, count: 0, by_phase: { boot: 0, setup: 0, agent: 0, verify: 0, finalize: 0, scoring: 0 }, items: [] });
    await post(runId, [
      { seq: 0, event: header(0) },
      { seq: 0, event: { kind: "phase", phase: "agent" } },
      { seq: 0, event: preview("What is 2 + 2?") },
      { seq: 0, event: turn("#### 4") },
      { seq: 0, event: { kind: "end", status: "succeeded", reward: 1, error: null } },
    ]);
    await f.waitFor(() => f.deltas.length === 5);
    expect(f.deltas.map((d) => [d.delta_seq, d.kind, d.attempt_id])).toEqual([
      [1, "header", idOf(runId, 0)],
      [2, "phase", idOf(runId, 0)],
      [3, "preview", idOf(runId, 0)],
      [4, "turn", idOf(runId, 0)],
      [5, "end", idOf(runId, 0)],
    ]);
    expect(f.deltas[3]).toMatchObject({ turn_index: 0, messages: [{ role: "assistant", content: "#### 4" }], usage: { input_tokens: 3, output_tokens: 1 } });
    f.ws.close();
  });

  it("loses no delta and keeps each attempt's order under concurrent posting", async () => {
    const runId = newRun();
    const f = await follower(runId);
    const ATTEMPTS = 40;
    const PER = 25;
    // Each attempt posts its own deltas one call after another, as a runner does; the attempts all at once.
    await Promise.all(
      Array.from({ length: ATTEMPTS }, async (_, seq) => {
        await post(runId, [{ seq, event: header(seq) }]);
        for (let i = 0; i < PER; i++) await post(runId, [{ seq, event: preview(`${seq}:${i}`) }]);
      }),
    );
    const total = ATTEMPTS * (PER + 1);
    await f.waitFor(() => f.deltas.length >= total);
    expect(f.deltas).toHaveLength(total);
    expect(f.deltas.map((d) => d.delta_seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    for (let seq = 0; seq < ATTEMPTS; seq++) {
      const mine = f.deltas.filter((d) => d.attempt_id === idOf(runId, seq));
      expect(mine[0].kind).toBe("header");
      expect(mine.slice(1).map((d) => d.messages[0].content)).toEqual(Array.from({ length: PER }, (_, i) => `${seq}:${i}`));
    }
    // A late follower replaying from the start gets the same stream.
    const late = await follower(runId, 0);
    await late.waitFor(() => late.frames.some((x) => x.type === "ready"));
    expect(late.deltas).toEqual(f.deltas);
  });

  it("resumes a follower right after the position it gives: what it missed, nothing twice", async () => {
    const runId = newRun();
    await post(runId, [{ seq: 1, event: header(1) }, ...Array.from({ length: 9 }, (_, i) => ({ seq: 1, event: preview(`p${i}`) }))]);
    const f = await follower(runId, 4);
    await f.waitFor(() => f.frames.some((x) => x.type === "ready"));
    expect(f.frames.at(-1)).toEqual({ type: "ready", delta_seq: 10 });
    expect(f.deltas.map((d) => d.delta_seq)).toEqual([5, 6, 7, 8, 9, 10]);
    await post(runId, [{ seq: 1, event: preview("after") }]);
    await f.waitFor(() => f.deltas.length === 7);
    expect(f.deltas.map((d) => d.delta_seq)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    // Caught up exactly: nothing to replay.
    const g = await follower(runId, 11);
    await g.waitFor(() => g.frames.some((x) => x.type === "ready"));
    expect(g.deltas).toEqual([]);
  });

  it("keeps streaming to a hibernated socket after the object is evicted, without reusing a position", async () => {
    const runId = newRun();
    const f = await follower(runId);
    await post(runId, [{ seq: 2, event: header(2) }, { seq: 2, event: preview("before") }]);
    await f.waitFor(() => f.deltas.length === 2);
    await evictDurableObject(liveStub(env, runId));
    await post(runId, [{ seq: 2, event: preview("after eviction") }]);
    await f.waitFor(() => f.deltas.length === 3);
    expect(f.deltas.map((d) => [d.delta_seq, d.messages?.[0]?.content ?? d.kind])).toEqual([
      [1, "header"],
      [2, "before"],
      [3, "after eviction"],
    ]);
    // The live set survived too.
    const set = await liveStub(env, runId).liveSet({ where: { run_id: runId, shard: 0, shards: 1 } });
    expect(set.body).toMatchObject({ delta_seq: 3, count: 1, items: [{ attempt_id: idOf(runId, 2), awaiting_model: true, last_delta_seq: 3 }] });
  });

  it("answers the socket's ping without waking the object, and pong to a JSON ping", async () => {
    const runId = newRun();
    const f = await follower(runId);
    await f.waitFor(() => f.frames.some((x) => x.type === "ready"));
    f.ws.send(JSON.stringify({ type: "ping" }));
    await f.waitFor(() => f.frames.some((x) => x.type === "pong"));
    expect(f.frames.at(-1)).toEqual({ type: "pong", delta_seq: 0 });
  });
});

describe("live object: shards", () => {
  it("forwards each shard's deltas to the hub, which sequences the whole run", async () => {
    const runId = newRun();
    const shards = 3;
    const f = await follower(runId, undefined, shards);
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (seq) => {
        const shard = seq % shards;
        await post(runId, [{ seq, event: header(seq) }], shard, shards);
        for (let i = 0; i < 10; i++) await post(runId, [{ seq, event: preview(`${seq}:${i}`) }], shard, shards);
      }),
    );
    await f.waitFor(() => f.deltas.length >= 66);
    expect(f.deltas.map((d) => d.delta_seq)).toEqual(Array.from({ length: 66 }, (_, i) => i + 1));
    for (const seq of [0, 1, 2, 3, 4, 5]) {
      expect(f.deltas.filter((d) => d.attempt_id === idOf(runId, seq) && d.kind === "preview").map((d) => d.messages[0].content)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${seq}:${i}`),
      );
    }
    // A shard keeps its own attempts' deltas (their steps while they run).
    const own = await liveStub(env, runId, 2).attemptDeltas({ where: { run_id: runId, shard: 2, shards }, attempt_id: idOf(runId, 5) });
    expect(own.live).toBe(true);
    expect(own.deltas.map((d) => JSON.parse(d).kind)).toEqual(["header", ...Array(10).fill("preview")]);
    const set = await liveStub(env, runId).liveSet({ where: { run_id: runId, shard: 0, shards } });
    expect(set.body?.items.map((a) => a.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("live object: the live set and its upkeep", () => {
  it("folds the live set again when the object wakes: ended and lost attempts stay out, a retried one is back on its new try", async () => {
    const runId = newRun();
    const hub = liveStub(env, runId);
    const where = { run_id: runId, shard: 0, shards: 1 };
    const end = (status: "succeeded" | "retrying"): DeltaEvent => ({ kind: "end", status, reward: status === "succeeded" ? 1 : null, error: null });
    await post(runId, [
      { seq: 0, event: header(0) },
      { seq: 1, event: header(1) },
      { seq: 2, event: header(2, Date.now() - 120_000) },
      { seq: 3, event: header(3) },
      { seq: 1, event: turn("done") },
      { seq: 1, event: end("succeeded") },
      { seq: 3, event: end("retrying") },
    ]);
    await post(runId, [{ seq: 3, event: { ...header(3), try: 2 } as DeltaEvent }, { seq: 3, event: turn("second try") }, { seq: 0, event: preview("waiting") }]);
    await runDurableObjectAlarm(hub); // attempt 2 is lost
    const before = await hub.liveSet({ where });
    expect(before.body?.items.map((a) => [a.seq, a.try])).toEqual([
      [0, 1],
      [3, 2],
    ]);
    await evictDurableObject(hub);
    const after = await liveStub(env, runId).liveSet({ where });
    expect(after).toEqual(before);
    expect(after.body?.items[1]).toMatchObject({ turns: 1, tokens: { input: 3, output: 1 } });
  });

  it("answers an unchanged poll with its tag only", async () => {
    const runId = newRun();
    const hub = liveStub(env, runId);
    const where = { run_id: runId, shard: 0, shards: 1 };
    await post(runId, [{ seq: 0, event: header(0) }]);
    const first = await hub.liveSet({ where });
    expect(first.etag).toBe('"live-1"');
    expect(await hub.liveSet({ where, if_none_match: first.etag })).toEqual({ etag: '"live-1"', body: null });
    await post(runId, [{ seq: 0, event: preview("x") }]);
    const changed = await hub.liveSet({ where, if_none_match: first.etag });
    expect(changed.etag).toBe('"live-2"');
    expect(changed.body?.items[0]).toMatchObject({ awaiting_model: true });
  });

  it("drops an attempt silent past its deadline as lost", async () => {
    const runId = newRun();
    const hub = liveStub(env, runId);
    await post(runId, [{ seq: 0, event: header(0, Date.now() - 120_000) }, { seq: 1, event: header(1) }]);
    const f = await follower(runId, 2);
    await runDurableObjectAlarm(hub);
    await f.waitFor(() => f.deltas.length === 1);
    expect(f.deltas[0]).toMatchObject({ kind: "end", status: "lost", attempt_id: idOf(runId, 0), delta_seq: 3 });
    const set = await hub.liveSet({ where: { run_id: runId, shard: 0, shards: 1 } });
    expect(set.body?.items.map((a) => a.seq)).toEqual([1]);
  });

  it("compacts ended attempts after the replay window; a follower from before then starts from a snapshot", async () => {
    const runId = newRun();
    const hub = liveStub(env, runId);
    await post(runId, [
      { seq: 0, event: header(0) },
      { seq: 0, event: { kind: "end", status: "succeeded", reward: 1, error: null } },
      { seq: 1, event: header(1) },
    ]);
    await runInDurableObject(hub, async (_o: RunLive, state) => {
      state.storage.sql.exec(`UPDATE ended SET at = 0`);
    });
    await runDurableObjectAlarm(hub);
    const old = await follower(runId, 0);
    await old.waitFor(() => old.frames.some((x) => x.type === "ready"));
    expect(old.frames[0]).toMatchObject({ type: "live_set", delta_seq: 3, count: 1, items: [{ seq: 1 }] });
    expect(old.deltas).toEqual([]);
    // From a position after the compacted deltas, the replay is exact again.
    const recent = await follower(runId, 2);
    await recent.waitFor(() => recent.frames.some((x) => x.type === "ready"));
    expect(recent.deltas.map((d) => d.delta_seq)).toEqual([3]);
  });
});
