import { describe, expect, it } from "vitest";
import { extractNumber, normaliseNumber, scoreNumeric } from "./numeric";
import { NumericSpec } from "./spec";

const flexible = NumericSpec.parse({ type: "numeric" });
const strict = NumericSpec.parse({ type: "numeric", mode: "strict" });

const JANET =
  "Janet sells 16 - 3 - 4 = <<16-3-4=9>>9 duck eggs a day.\nShe makes 9 * 2 = $<<9*2=18>>18 every day at the farmer’s market.\n#### 18";

describe("numeric", () => {
  it.each([
    { output: "Natalia sold 48/2 = 24 clips in May.\nNatalia sold 48+24 = 72 clips altogether.\n#### 72", expected: "72", flex: 1, strict: 1 },
    { output: "The answer is $1,000.", expected: "1000", flex: 1, strict: 0 },
    { output: "So he made a profit of 200,000-130,000=$70,000\n#### 70,000", expected: "#### 70000", flex: 1, strict: 1 },
    { output: "She makes 9 * 2 = $18 every day.", expected: JANET, flex: 1, strict: 0 },
    { output: "#### 18", expected: JANET, flex: 1, strict: 1 },
    { output: "Step 1: 3 + 4 = 7. Step 2: 7 * 2 = 14. The answer is 14.", expected: "14", flex: 1, strict: 0 },
    { output: "The total is 15, so the answer is 16.", expected: "15", flex: 0, strict: 0 },
    { output: "The temperature dropped to -5 degrees.", expected: "-5", flex: 1, strict: 0 },
    { output: "#### -5", expected: "-5", flex: 1, strict: 1 },
    { output: "It costs 2.50 dollars\n#### 2.5", expected: "2.50", flex: 1, strict: 1 },
    { output: "#### 18\nHope that helps, it took 3 steps.", expected: "18", flex: 0, strict: 1 },
    { output: "I am not sure how to solve this.", expected: "18", flex: 0, strict: 0 },
    { output: "The answer is 42... I think.", expected: "42", flex: 0, strict: 0 },
    { output: "He needs 1,234,567 grains.", expected: "1234567", flex: 1, strict: 0 },
    { output: "", expected: "18", flex: 0, strict: 0 },
  ])("$output → flexible $flex, strict $strict", ({ output, expected, flex, strict: st }) => {
    expect(scoreNumeric({ output, expected, spec: flexible }).reward).toBe(flex);
    expect(scoreNumeric({ output, expected, spec: strict }).reward).toBe(st);
  });

  it("extracts as the harness does", () => {
    expect(extractNumber("#### 1,000\n#### 2", "strict")).toBe("1,000");
    expect(extractNumber("The answer is $1,000.", "flexible")).toBe("$1,000.");
    expect(extractNumber("3 apples and 4 pears...", "flexible")).toBe("4");
    expect(extractNumber("no digits here", "flexible")).toBeNull();
    expect(normaliseNumber("$1,000.")).toBe("1000");
    expect(normaliseNumber("a\n#### 5\nb\n#### 7")).toBe("7");
  });

  it("gives reasons", () => {
    expect(scoreNumeric({ output: "The answer is $1,000.", expected: "1000", spec: flexible })).toEqual({
      reward: 1,
      reason: "final answer 1000 equals the expected 1000",
    });
    expect(scoreNumeric({ output: "#### 19", expected: JANET, spec: strict })).toEqual({ reward: 0, reason: "final answer 19, expected 18" });
    expect(scoreNumeric({ output: "It is 18", expected: "18", spec: strict })).toEqual({ reward: 0, reason: "no '#### N' final answer in the output" });
    expect(scoreNumeric({ output: "none", expected: "18", spec: flexible })).toEqual({ reward: 0, reason: "no number in the output" });
    expect(scoreNumeric({ output: "#### 1.2.3", expected: "18", spec: strict })).toEqual({ reward: 0, reason: 'the final answer "1.2.3" is not a number' });
  });

  it("is unscored when the expected answer is absent or not a number", () => {
    expect(scoreNumeric({ output: "#### 18", expected: null, spec: flexible })).toEqual({ reward: null, reason: "the row has no expected answer" });
    expect(scoreNumeric({ output: "#### 18", expected: "eighteen", spec: flexible })).toEqual({
      reward: null,
      reason: 'the expected answer "eighteen" is not a number',
    });
  });
});
