import { describe, expect, it } from "vitest";
import { scoreContains } from "./contains";
import { ContainsSpec } from "./spec";

const spec = ContainsSpec.parse({ type: "contains" });
const caseSensitive = ContainsSpec.parse({ type: "contains", ignore_case: false });

describe("contains", () => {
  it.each([
    { output: "The capital of France is Paris.", expected: "Paris", reward: 1 },
    { output: "the capital of france is paris", expected: "Paris", reward: 1 },
    { output: "PARIS", expected: "paris", reward: 1 },
    { output: "It is Lyon, not the capital.", expected: "Paris", reward: 0 },
    { output: "The speed of light is about 299,792 km/s.", expected: "299,792", reward: 1 },
    { output: "Answer:  New\n  York City", expected: "New York", reward: 1 },
    { output: "I cannot help with that.", expected: "Paris", reward: 0 },
    { output: "Mitochondria are the powerhouse of the cell", expected: "powerhouse of the cell", reward: 1 },
    { output: "", expected: "Paris", reward: 0 },
    { output: "   ", expected: "Paris", reward: 0 },
  ])("$output ∋ $expected → $reward", ({ output, expected, reward }) => {
    expect(scoreContains({ output, expected, spec }).reward).toBe(reward);
  });

  it("respects ignore_case: false", () => {
    expect(scoreContains({ output: "the capital is paris", expected: "Paris", spec: caseSensitive })).toEqual({
      reward: 0,
      reason: 'the output does not contain "Paris" (case-sensitive)',
    });
    expect(scoreContains({ output: "the capital is Paris", expected: "Paris", spec: caseSensitive }).reward).toBe(1);
  });

  it("gives reasons, and no reward without an expected answer", () => {
    expect(scoreContains({ output: "Paris", expected: "Paris", spec })).toEqual({ reward: 1, reason: 'the output contains "Paris"' });
    expect(scoreContains({ output: "Lyon", expected: "Paris", spec })).toEqual({ reward: 0, reason: 'the output does not contain "Paris"' });
    expect(scoreContains({ output: "", expected: "Paris", spec })).toEqual({ reward: 0, reason: "the output is empty" });
    expect(scoreContains({ output: "Paris", expected: null, spec })).toEqual({ reward: null, reason: "the row has no expected answer" });
    expect(scoreContains({ output: "Paris", expected: "  ", spec })).toEqual({ reward: null, reason: "the expected answer is empty" });
  });
});
