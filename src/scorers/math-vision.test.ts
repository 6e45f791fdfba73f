import { describe, expect, it } from "vitest";
import { evaluateLatex, findMathAnswer, mathVisionAnswer, mathVisionEqual, scoreMathVision } from "./math-vision";

const score = (output: string, expected: string, choices: string[] = []) => scoreMathVision({ output, expected, choices, spec: { type: "math_vision" } }).reward;

describe("math_vision answer extraction (MATH-V evaluate.py)", () => {
  it.each([
    ["Reading the figure step by step, the answer is \\boxed{6}.", "6"],
    ["so the answer is \\boxed{D}.", "d"],
    ["First \\boxed{3}, then on reflection \\boxed{4}", "4"],
    ["The answer is 12.", "12"],
    ["Counting again, the final answer is 7. That is all.", "7"],
    ["The correct answer is (B).\nBecause ...", "b"],
    ["After checking each panel the pick is (C).", "c"],
    ["B\nbecause the square is largest", "b"],
    ["(E) E\nthe net folds", "e"],
    ["\\boxed{\\dfrac{3}{8}}", "\\frac{3}{8}"],
    ["\\boxed{x = 45^\\circ}", "45"],
    // Upstream removes spaces before \text, so its "\text{ " unit rule never fires: "12{cm}", as evaluate.py records it.
    ["\\boxed{12 \\text{ cm}}", "12{cm}"],
    ["\\boxed{0.5}", "\\frac{1}{2}"],
    ["\\boxed{3/4}", "\\frac{3}{4}"],
    ["\\boxed{2\\sqrt3}", "2\\sqrt{3}"],
    ["I am not sure.", "iamnotsure"],
  ])("%j → %j", (reply, expected) => {
    expect(mathVisionAnswer(reply)).toBe(expected);
  });

  it("find_math_answer keeps the boxed content, cleaned", () => {
    expect(findMathAnswer("\\boxed{\\left( 1, 2 \\right)}")).toBe("(1,2)");
    expect(findMathAnswer("\\boxed{5 km}")).toBe("5");
  });
});

describe("math_vision equality (utils.is_equal)", () => {
  it.each([
    ["6", "6", true],
    ["D", "d", true],
    ["\\frac{3}{8}", "0.375", true],
    ["0.375", "\\frac{3}{8}", true],
    ["2\\sqrt{3}", "3.464", true],
    ["2\\sqrt{3}", "3.47", false],
    ["(1,2)", "(1.0,2.0)", true],
    ["(1,2)", "(2,1)", false],
    ["\\pi", "3.14", true],
    ["x+1", "1+x", false],
    ["", "", false],
    ["7", "8", false],
  ])("%j vs %j → %s", (a, b, same) => {
    expect(mathVisionEqual(a, b)).toBe(same);
  });

  it("evaluates numbers, fractions, roots, pi and products, and nothing with variables", () => {
    expect(evaluateLatex("\\frac{1}{2}+\\frac{1}{4}")).toBe(0.75);
    expect(evaluateLatex("2^{3}")).toBe(8);
    expect(evaluateLatex("3\\cdot4")).toBe(12);
    expect(evaluateLatex("\\sqrt[3]{27}")).toBeCloseTo(3, 12);
    expect(evaluateLatex("2x")).toBeNull();
    expect(evaluateLatex("1/0")).toBeNull();
    expect(evaluateLatex("(".repeat(500))).toBeNull();
  });
});

describe("math_vision scoring", () => {
  it("multiple choice: the letter, or the text of the right option", () => {
    const options = ["square", "circle", "triangle", "hexagon", "star"];
    expect(score("the answer is \\boxed{B}.", "B", options)).toBe(1);
    expect(score("the answer is \\boxed{Circle}.", "B", options)).toBe(1);
    // Upstream compares the option text as written and the answer without spaces, so a multi-word option never matches by text.
    expect(score("the answer is \\boxed{the circle}.", "B", ["the square", "the circle", "x", "y", "z"])).toBe(0);
    expect(score("the answer is \\boxed{C}.", "B", options)).toBe(0);
  });

  it("free form: the value, normalised", () => {
    expect(score("Reading the figure step by step, the answer is \\boxed{61}.", "61")).toBe(1);
    expect(score("Reading the figure step by step, the answer is \\boxed{62}.", "61")).toBe(0);
    expect(score("I cannot see the image this question refers to, so I cannot answer.", "61")).toBe(0);
  });

  it("says why, and leaves a row without a gold answer unscored", () => {
    expect(scoreMathVision({ output: "\\boxed{C}", expected: "B", choices: ["1", "2", "3", "4", "5"], spec: { type: "math_vision" } })).toEqual({ reward: 0, reason: "answer 'c'; expected B (2)" });
    expect(scoreMathVision({ output: "\\boxed{3}", expected: null, spec: { type: "math_vision" } }).reward).toBeNull();
  });
});
