import { describe, expect, it } from "vitest";
import type { Delta } from "./deltas";
import { applyDelta, catchUp, countByPhase, etagMatches, liveSetEtag, type LiveAttempt } from "./live-set";

const at = "2026-01-01T00:00:00.000Z";
const header = (seq: number, attempt = 3): Delta => ({
  kind: "header",
  delta_seq: seq,
  attempt_id: `att_x.${attempt}`,
  at,
  seq: attempt,
  benchmark_id: "bm_1",
  target: "a",
  task_key: "q1",
  member_index: 1,
  attempt_index: 0,
  subset: null,
  try: 1,
  execution: "agent",
  executor: "runner",
  phase: "boot",
  started_at: at,
  deadline_at: "2026-01-01T00:02:00.000Z",
});

describe("live set", () => {
  it("folds a header, phases, a preview and turns into one summary, and drops it at the end", () => {
    let a = applyDelta(undefined, header(1)) as LiveAttempt;
    expect(a).toEqual({
      attempt_id: "att_x.3",
      seq: 3,
      benchmark_id: "bm_1",
      target: "a",
      task_key: "q1",
      member_index: 1,
      attempt_index: 0,
      subset: null,
      try: 1,
      execution: "agent",
      executor: "runner",
      phase: "boot",
      started_at: at,
      updated_at: at,
      deadline_at: "2026-01-01T00:02:00.000Z",
      turns: 0,
      messages: 0,
      tokens: { input: 0, output: 0 },
      awaiting_model: false,
      last_delta_seq: 1,
    });
    const base = { attempt_id: "att_x.3", at: "2026-01-01T00:00:05.000Z" };
    a = applyDelta(a, { ...base, delta_seq: 2, kind: "phase", phase: "agent" }) as LiveAttempt;
    a = applyDelta(a, { ...base, delta_seq: 3, kind: "preview", messages: [{ role: "user", content: "hi" }] }) as LiveAttempt;
    expect(a).toMatchObject({ phase: "agent", awaiting_model: true, last_delta_seq: 3, updated_at: base.at });
    const turn = { ...base, kind: "turn" as const, model: "m", latency_ms: 5, reward: null };
    a = applyDelta(a, { ...turn, delta_seq: 4, turn_index: 0, messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "yo" }], usage: { input_tokens: 10, output_tokens: 2 } }) as LiveAttempt;
    a = applyDelta(a, { ...turn, delta_seq: 5, turn_index: 1, messages: [{ role: "assistant", content: "more" }], usage: null }) as LiveAttempt;
    expect(a).toMatchObject({ turns: 2, messages: 3, tokens: { input: 10, output: 2 }, awaiting_model: false, last_delta_seq: 5 });
    expect(applyDelta(a, { ...base, delta_seq: 6, kind: "end", status: "succeeded", reward: 1, error: null })).toBeNull();
  });

  it("ignores deltas of an attempt it never saw start", () => {
    expect(applyDelta(undefined, { kind: "phase", phase: "agent", delta_seq: 9, attempt_id: "att_x.1", at })).toBeUndefined();
  });

  it("counts attempts by phase, every phase present", () => {
    const a = applyDelta(undefined, header(1)) as LiveAttempt;
    expect(countByPhase([a, { ...a, phase: "agent" }, { ...a, phase: "agent" }])).toEqual({ boot: 1, setup: 0, agent: 2, verify: 0, finalize: 0, scoring: 0 });
  });

  it.each([
    [null, false],
    ['"live-7"', true],
    ['W/"live-7"', true],
    ['"live-6", "live-7"', true],
    ["*", true],
    ['"live-70"', false],
  ])("If-None-Match %s matches live-7: %s", (header, match) => {
    expect(etagMatches(header, liveSetEtag(7))).toBe(match);
  });

  it.each([
    [null, 0, 10, "snapshot"],
    [10, 0, 10, "replay"],
    [3, 0, 10, "replay"],
    [3, 4, 10, "snapshot"],
    [4, 4, 10, "replay"],
    [11, 0, 10, "snapshot"],
  ] as const)("after %s, pruned through %s, last %s: %s", (after, pruned, last, mode) => {
    expect(catchUp(after, pruned, last)).toBe(mode);
  });
});
