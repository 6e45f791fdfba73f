import { describe, expect, it } from "vitest";
import { pageSteps, stepsFromTurns, turnsFromTranscript, type TurnRecord } from "./steps";

const turn = (messages: TurnRecord["messages"], i: number): TurnRecord => ({
  messages,
  model: "m",
  usage: { input_tokens: 10 * (i + 1), output_tokens: i + 1 },
  latency_ms: 100,
  reward: null,
  at: `2026-01-01T00:00:0${i}.000Z`,
});

const turns = [
  turn([{ role: "system", content: "s" }, { role: "user", content: "u" }, { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "calculator", arguments: "{}" } }] }], 0),
  turn([{ role: "tool", tool_call_id: "c1", content: "4" }, { role: "assistant", content: "#### 4" }], 1),
  turn([{ role: "user", content: "again" }, { role: "assistant", content: "#### 5" }], 2),
];

describe("steps", () => {
  it("gives each step the conversation so far, so the last is the whole transcript", () => {
    const steps = stepsFromTurns(turns);
    expect(steps.map((s) => [s.step_index, s.messages.length, s.new_messages_from])).toEqual([
      [0, 3, 0],
      [1, 5, 3],
      [2, 7, 5],
    ]);
    expect(steps[2]!.messages).toEqual(turns.flatMap((t) => t.messages));
    expect(steps[1]).toEqual({ step_index: 1, messages: [...turns[0]!.messages, ...turns[1]!.messages], new_messages_from: 3, model: "m", usage: { input_tokens: 20, output_tokens: 2 }, latency_ms: 100, reward: null, at: "2026-01-01T00:00:01.000Z" });
  });

  it("pages by start index and limit", () => {
    expect(pageSteps(turns, 0, 2)).toMatchObject({ items: [{ step_index: 0 }, { step_index: 1 }], next_start_step_index: 2 });
    expect(pageSteps(turns, 2, 2)).toMatchObject({ items: [{ step_index: 2 }], next_start_step_index: null });
    expect(pageSteps(turns, 1, 1).items[0]!.messages).toHaveLength(5);
    expect(pageSteps(turns, 9, 5)).toEqual({ items: [], next_start_step_index: null });
    expect(pageSteps([], 0, 5)).toEqual({ items: [], next_start_step_index: null });
  });

  it("reads an inline transcript line as one step, or none when the model never answered", () => {
    const line = { messages: [{ role: "user", content: "What is 2 + 2?" }], output: "#### 4", model: "fx", usage: { input_tokens: 5, output_tokens: 2 }, reward: 1 };
    expect(turnsFromTranscript(line, 40, "t")).toEqual([
      { messages: [{ role: "user", content: "What is 2 + 2?" }, { role: "assistant", content: "#### 4" }], model: "fx", usage: { input_tokens: 5, output_tokens: 2 }, latency_ms: 40, reward: 1, at: "t" },
    ]);
    expect(turnsFromTranscript({ ...line, output: null }, null, null)).toEqual([]);
  });
});
