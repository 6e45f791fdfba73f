import { describe, expect, it } from "vitest";
import { letterBy } from "./letter-rules";
import { scoreMultipleChoice } from "./multiple-choice";
import { MultipleChoiceSpec } from "./spec";

describe("simple-evals' letter (GPQA)", () => {
  it.each([
    ["Reasoning...\nAnswer: B", "B"],
    ["answer: C", "C"],
    ["Answer:$D$", "D"],
    ["Answer :\tA", "A"],
    // The first match wins, as re.search finds it.
    ["Answer: A\n...on reflection...\nAnswer: C", "A"],
    // (?i) lets a lowercase letter match; compared as captured, it never equals the key.
    ["answer: b", "b"],
    ["The answer is B", null],
    ["Answer: E", null],
  ])("%j → %s", (output, letter) => {
    expect(letterBy("simple_evals", output)).toBe(letter);
  });

  it("scores only the captured letter equal to the key", () => {
    const spec = MultipleChoiceSpec.parse({ type: "multiple_choice", extraction: "simple_evals" });
    expect(scoreMultipleChoice({ output: "Let me think.\nAnswer: B", expected: "B", spec })).toEqual({ reward: 1, reason: "answered B (simple-evals' 'Answer: X' pattern), the correct letter" });
    expect(scoreMultipleChoice({ output: "answer: b", expected: "B", spec })).toMatchObject({ reward: 0 });
    expect(scoreMultipleChoice({ output: "B", expected: "B", spec })).toEqual({ reward: 0, reason: "no answer letter by simple-evals' 'Answer: X' pattern" });
  });
});

describe("lm-evaluation-harness's first standalone letter (MMLU-Redux)", () => {
  it.each([
    ["C", "C"],
    ["C.", "C"],
    ["The correct letter is D", "D"],
    // The A of "Answer" is inside a word; the first standalone capital counts, as take_first does.
    ["Answer: B, not A", "B"],
    ["A or B? B.", "A"],
    ["I am not sure.", null],
    ["a lowercase b", null],
  ])("%j → %s", (output, letter) => {
    expect(letterBy("first_letter", output)).toBe(letter);
  });

  it("is the multiple-choice scorer's first_letter extraction", () => {
    const spec = MultipleChoiceSpec.parse({ type: "multiple_choice", extraction: "first_letter" });
    expect(scoreMultipleChoice({ output: "B", expected: "B", spec }).reward).toBe(1);
    expect(scoreMultipleChoice({ output: "A, or maybe B", expected: "B", spec }).reward).toBe(0);
  });
});
