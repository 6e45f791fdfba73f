// The live channel's contract (src/live/frames.ts, deltas.ts, live-set.ts)
// against the hub itself: every message a follower gets over the WebSocket
// and the live set a poller gets parse by the schemas the dashboard reads
// them with, strictly (no field the schemas do not name, none missing).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { DeltaEvent, DeltaInput } from "../src/live/deltas";
import { LiveMessage } from "../src/live/frames";
import { LiveAttempt, LiveSet } from "../src/live/live-set";
import { liveStub } from "../workers/live/client";
import { attemptOf, header, newRunId } from "./live-deltas";

/** The live set with no field beyond the schema's (the schema itself stays open, as the API documents it). */
const StrictLiveSet = LiveSet.extend({ items: z.array(LiveAttempt.extend({ tokens: LiveAttempt.shape.tokens.strict() }).strict()) }).strict();

const runId = newRunId;
const attempt = attemptOf;


async function follow(run: string) {
  const res = await liveStub(env, run).fetch(new Request(`https://live/follow?run=${run}&shards=1`, { headers: { upgrade: "websocket" } }));
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: unknown[] = [];
  ws.accept();
  ws.addEventListener("message", (m) => {
    messages.push(JSON.parse(m.data as string));
  });
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(ok()).toBe(true);
  };
  return { ws, messages, until };
}

describe("live channel contract", () => {
  it("every WebSocket message and the polled live set parse by the shared schemas", async () => {
    const run = runId();
    const where = { run_id: run, shard: 0, shards: 1 };
    const post = (seq: number, events: DeltaEvent[]) =>
      liveStub(env, run).post({ where, deltas: events.map((event): DeltaInput => ({ attempt_id: attempt(run, seq), event })) });
    const first = await follow(run);
    await first.until(() => first.messages.some((m) => (m as { type?: string }).type === "ready"));
    await post(0, [
      header(0),
      { kind: "phase", phase: "agent" },
      { kind: "preview", messages: [{ role: "user", content: "What is 2 + 2?" }] },
      { kind: "turn", messages: [{ role: "assistant", content: "#### 4" }], model: "m", usage: { input_tokens: 3, output_tokens: 1 }, latency_ms: 2, reward: null },
      { kind: "end", status: "succeeded", reward: 1, error: null },
    ]);
    await post(1, [header(1), { kind: "turn", messages: [{ role: "assistant", content: "..." }], model: null, usage: null, latency_ms: null, reward: null }]);
    const deltas = () => first.messages.filter(Array.isArray).flat();
    await first.until(() => deltas().length === 7);
    // A follower arriving now starts from a snapshot holding the attempt still live.
    const second = await follow(run);
    await second.until(() => second.messages.some((m) => (m as { type?: string }).type === "ready"));
    for (const m of [...first.messages, ...second.messages]) LiveMessage.parse(m);
    expect(deltas().map((d) => (d as { kind: string }).kind)).toEqual(["header", "phase", "preview", "turn", "end", "header", "turn"]);
    const snapshot = StrictLiveSet.parse(second.messages[0]);
    expect(snapshot.items.map((a) => [a.attempt_id, a.turns, a.phase])).toEqual([[attempt(run, 1), 1, "setup"]]);
    const polled = await liveStub(env, run).liveSet({ where });
    expect(StrictLiveSet.parse(polled.body)).toEqual(snapshot);
    first.ws.close();
    second.ws.close();
  });
});
