import { describe, expect, it } from "vitest";
import { ScoringSpec } from "./spec";
import { scoreVlmChoice } from "./vlm-choice";
import { canInfer, canInferOption } from "./vlmeval-text";

const spec = ScoringSpec.parse({ type: "vlm_choice" }) as { type: "vlm_choice" };
const OPTIONS = { A: "red", B: "green", C: "blue" };
const row = { question: "What colour is the car?", options: ["red", "green", "blue"] };

describe("VLMEvalKit's multiple-choice reading (can_infer)", () => {
  it.each([
    ["B", "B"],
    ["(B) green", "B"],
    ["The answer is C.", "C"],
    ["A and B", null],
    ["green", "B"],
    ["It might be green or blue", null],
    ["Cannot determine the answer", "Z"],
    ["The correct answer is **A** because the paint looks warm and bright overall here", "A"],
  ])("%j reads as %s", (reply, letter) => {
    expect(canInfer(reply, OPTIONS)).toBe(letter);
  });

  it("wants the letter among the last words", () => {
    expect(canInferOption("B is my answer after long thought about it", ["A", "B", "C"])).toBeNull();
  });

  it("scores the letter against the gold one, the judge asked only when none is read", async () => {
    expect((await scoreVlmChoice({ output: "B", expected: "B", spec, choices: ["red", "green", "blue"], row }, {})).reward).toBe(1);
    expect((await scoreVlmChoice({ output: "hmm", expected: "B", spec, row }, {})).reward).toBe(0);
    let asked = 0;
    const judge = async () => {
      asked++;
      return { text: "B" };
    };
    expect((await scoreVlmChoice({ output: "the colour of grass", expected: "B", spec, row }, { judge })).reward).toBe(1);
    expect((await scoreVlmChoice({ output: "A", expected: "B", spec, row }, { judge })).reward).toBe(0);
    expect(asked).toBe(1);
  });
});
