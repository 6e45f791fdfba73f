import { describe, expect, it } from "vitest";
import { expectedLetter, extractLetter, scoreMultipleChoice } from "./multiple-choice";
import { MultipleChoiceSpec } from "./spec";

const spec = MultipleChoiceSpec.parse({ type: "multiple_choice" });
const CAPITALS = ["London", "Paris", "Rome", "Madrid"];

describe("multiple_choice", () => {
  it.each([
    { output: "B", letter: "B" },
    { output: "b", letter: "B" },
    { output: "(B)", letter: "B" },
    { output: "**B**", letter: "B" },
    { output: "Answer: B", letter: "B" },
    { output: "The answer is B.", letter: "B" },
    { output: "The correct answer is (C) because water expands when it freezes.", letter: "C" },
    { output: "B) Paris", letter: "B" },
    { output: "D. Planetary gravity will become stronger.", letter: "D" },
    { output: "Let me think. A is wrong since days get shorter. So the answer is C.", letter: "C" },
    { output: "A careful reading of the passage points to option D", letter: "D" },
    { output: "I think B is right.", letter: "B" },
    { output: "I'd go with (A).", letter: "A" },
    { output: "Final answer: **J**", letter: "J" },
    { output: "The answer is a matter of debate.", letter: null },
    { output: "I am not sure.", letter: null },
    { output: "", letter: null },
  ])("$output → $letter", ({ output, letter }) => {
    expect(extractLetter(output)).toBe(letter);
  });

  it("reads an option's text as its letter when there is no letter", () => {
    expect(extractLetter("Paris", CAPITALS)).toBe("B");
    expect(extractLetter("paris.", CAPITALS)).toBe("B");
    expect(extractLetter("Probably somewhere in Europe", CAPITALS)).toBeNull();
  });

  it.each([
    { expected: "B", letter: "B" },
    { expected: "(c)", letter: "C" },
    { expected: "D.", letter: "D" },
    { expected: "Rome", letter: "C" },
    { expected: "Berlin", letter: null },
  ])("expected $expected → $letter", ({ expected, letter }) => {
    expect(expectedLetter(expected, CAPITALS)).toBe(letter);
  });

  it("scores with reasons; no letter is a failure, not missing", () => {
    expect(scoreMultipleChoice({ output: "The answer is B.", expected: "B", spec })).toEqual({ reward: 1, reason: "answered B, the correct letter" });
    expect(scoreMultipleChoice({ output: "(A)", expected: "B", spec })).toEqual({ reward: 0, reason: "answered A, expected B" });
    expect(scoreMultipleChoice({ output: "I am not sure.", expected: "B", spec })).toEqual({ reward: 0, reason: "no answer letter" });
    expect(scoreMultipleChoice({ output: "Paris", expected: "B", choices: CAPITALS, spec })).toEqual({ reward: 1, reason: "answered B, the correct letter" });
    expect(scoreMultipleChoice({ output: "B", expected: null, spec })).toEqual({ reward: null, reason: "the row has no expected answer" });
    expect(scoreMultipleChoice({ output: "B", expected: "Berlin", choices: CAPITALS, spec })).toEqual({
      reward: null,
      reason: 'the expected answer "Berlin" is not an option letter',
    });
  });
});
