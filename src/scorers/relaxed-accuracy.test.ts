import { describe, expect, it } from "vitest";
import { relaxedCorrectness, scoreRelaxedAccuracy } from "./relaxed-accuracy";
import { ScoringSpec } from "./spec";

const spec = ScoringSpec.parse({ type: "relaxed_accuracy" }) as { type: "relaxed_accuracy"; max_relative_change: number };

describe("ChartQA's relaxed accuracy (relaxed_correctness)", () => {
  it.each([
    ["100", "105", true],
    ["100", "105.1", false],
    ["100", " 95 ", true],
    ["50%", "0.52", true],
    ["0.5", "52%", true],
    ["0", "0.01", false],
    ["0", "0", true],
    ["Yes", "yes", true],
    ["Yes", "Yes.", false],
    ["2017", "2,017", false],
    ["12", "12 million", false],
    ["-20", "-21", true],
  ])("gold %j, prediction %j: %s", (gold, pred, right) => {
    expect(relaxedCorrectness(gold, pred.trim())).toBe(right);
  });

  it("scores the trimmed reply against every gold answer, 1 when any matches", () => {
    expect(scoreRelaxedAccuracy({ output: " 47 \n", expected: "45", spec, row: { answers: ["45"] } })).toEqual({ reward: 1, reason: '"47" matches "45" (within 5% or the same text)' });
    expect(scoreRelaxedAccuracy({ output: "The value is 45", expected: "45", spec, row: {} }).reward).toBe(0);
    expect(scoreRelaxedAccuracy({ output: "x", expected: null, spec, row: {} }).reward).toBeNull();
  });
});
