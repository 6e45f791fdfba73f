/**
 * An attempt's turns through a scoring retry: the count a stage made
 * (τ²'s agent replies) rides on the kept reply, the retry's kept-reply
 * stage puts it back, and the scored outcome records it; a state without a
 * count records none (the readers derive or leave it unknown), as does a
 * reply kept before the field existed. Pure: a recording live port.
 */
import { describe, expect, it } from "vitest";
import { KeptReply } from "../storage/attempt-replies";
import type { AttemptState, AttemptTask, StagePorts } from "./stage";
import { keptReplyStage } from "./stages/kept-reply";
import { keptOf, scoredResult } from "./verdict";

const task = {
  slot: { runId: "run_turns", seq: 3, benchmarkId: "bm_tau_bench", target: "a", memberKey: "airline-1", memberIndex: 1, rowIndex: 1, taskDigest: "d", subset: "airline", attemptIndex: 0 },
  try: 1,
  row: {},
  examples: [],
  benchmark: { id: "bm_tau_bench", prompt: {}, options: {}, scoring: { type: "tau2" } },
  sampling: { temperature: 0, max_output_tokens: 256 },
  options: {},
} as unknown as AttemptTask;

const open: AttemptState = { task, request: { messages: [{ role: "system", content: "policy" }] }, messages: [], output: null, usage: { input_tokens: null, output_tokens: null, latency_ms: 0 }, store: {} };
const reply = { text: '{"format": "tau2-trajectory"}', input_tokens: 40, output_tokens: 12, latency_ms: 30, model: "agent-model", truncated: null, cached: false };
const answered = (targetTurns?: number): AttemptState => ({ ...open, output: reply, usage: { input_tokens: 40, output_tokens: 12, latency_ms: 30 }, ...(targetTurns !== undefined && { targetTurns }) });

const ports = () => {
  const events: unknown[] = [];
  return { events, ports: { live: { emit: (e: unknown) => void events.push(e) } } as unknown as StagePorts };
};
const when = { tries: 2, startedAt: "2026-12-06T10:00:00.000Z", finishedAt: "2026-12-06T10:00:01.000Z", price: undefined };
const score = { reward: 1, reason: "all actions matched" };
/** What R2 gives back: the kept reply as JSON, parsed as keptReply parses it. */
const stored = (k: KeptReply): KeptReply => KeptReply.parse(JSON.parse(JSON.stringify(k)));

describe("an attempt's turns across a scoring retry", () => {
  it("a stage's count is kept with the reply, restored by the retry and recorded with the outcome", async () => {
    const kept = stored(keptOf(answered(5)));
    expect(kept.target_turns).toBe(5);
    const retried = await keptReplyStage(kept).run(open, ports().ports);
    expect(retried.targetTurns).toBe(5);
    expect(scoredResult(retried, score, when).outcome.turns).toBe(5);
  });

  it("zero replies is a count, kept as 0", async () => {
    const retried = await keptReplyStage(stored(keptOf(answered(0)))).run(open, ports().ports);
    expect(scoredResult(retried, score, when).outcome.turns).toBe(0);
  });

  it("no count (a one-call stage, or a reply kept before the field) records none", async () => {
    expect(keptOf(answered())).not.toHaveProperty("target_turns");
    const { target_turns: _, ...old } = stored(keptOf(answered(5)));
    for (const kept of [stored(keptOf(answered())), stored(old)]) {
      const retried = await keptReplyStage(kept).run(open, ports().ports);
      expect(retried).not.toHaveProperty("targetTurns");
      expect(scoredResult(retried, score, when).outcome.turns ?? null).toBeNull();
    }
  });
});
