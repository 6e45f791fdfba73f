import { describe, expect, it } from "vitest";
import { evalOpen, extractNumbers, normalizeStr, parseMultiChoice, parseOpen, round2, scoreMmmu } from "./mmmu";
import { ScoringSpec } from "./spec";

const spec = ScoringSpec.parse({ type: "mmmu" }) as { type: "mmmu" };
const OPTIONS = ["$6", "$7", "$8", "$9"];
const mc = (output: string, answer = "B", options = OPTIONS) => scoreMmmu({ output, expected: answer, spec, row: { id: "validation_Accounting_1", question_type: "multiple-choice", options, answer } });
const open = (output: string, answers: string[]) => scoreMmmu({ output, expected: answers[0]!, spec, row: { id: "validation_Math_15", question_type: "open", options: [], answer: answers[0], answers } });

describe("MMMU's evaluation (eval_utils.py)", () => {
  it.each([
    ["(B)", "B", "bracket"],
    ["The answer is (B).", "B", "bracket"],
    ["B", "B", "letter"],
    ["B.", "B", "letter"],
    ["Answer: C", "C", "letter"],
    ["(A) is wrong, so the answer is (C)", "C", "bracket"],
    ["A or B? I pick B", "B", "letter"],
    // More than five words and no letter: the option texts, the last one written wins.
    ["Adding it up the total comes to $8 in the end", "C", "text"],
    ["It is not $6 because the total comes to $9 here", "D", "text"],
  ])("reads %j as %s (%s)", (reply, letter, how) => {
    expect(parseMultiChoice(reply, OPTIONS, "x")).toEqual({ letter, how });
  });

  it("draws a letter for a reply naming none, the same one every time (upstream: random.choice)", () => {
    const first = parseMultiChoice("I do not know", OPTIONS, "validation_Accounting_1");
    expect(first.how).toBe("none");
    expect("ABCD").toContain(first.letter);
    expect(parseMultiChoice("I do not know", OPTIONS, "validation_Accounting_1")).toEqual(first);
    const drawn = new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map((s) => parseMultiChoice("no idea", OPTIONS, s).letter));
    expect(drawn.size).toBeGreaterThan(1);
  });

  it.each([
    ["1,234", [1234]],
    ["3.14159", [3.14]],
    ["  0.125 ", [0.12]],
    ["1e3", [1000]],
    ["Paris", ["paris"]],
    ["a", [" a", "a "]],
  ])("normalize_str(%j) is %j", (text, out) => {
    expect(normalizeStr(text)).toEqual(out);
  });

  it("rounds as Python's round(x, 2) does", () => {
    expect([round2(0.125), round2(0.375), round2(2.675), round2(1.005), round2(-0.125), round2(12)]).toEqual([0.12, 0.38, 2.67, 1, -0.12, 12]);
  });

  it("extracts numbers as extract_numbers does (commas, scientific, simple)", () => {
    // Python's re.findall gives the same, its simple pattern included ("567" after the last comma, "2" and "3" around "2.5e3").
    expect(extractNumbers("a 1,234,567 b 2.5e3 c -7 and 3.5 d .5")).toEqual(["1,234,567", "2.5e3", "567", "2", "3", "-7", "3.5", ".5"]);
  });

  it("parses open answers from the key sentence of each line", () => {
    expect(parseOpen("Let me compute.\nThe total is 24/7 which is about 3.429")).toEqual(expect.arrayContaining(["about 3.429", 3.43]));
    expect(parseOpen("x = 5")).toEqual([5]);
    expect(parseOpen("Paris")).toEqual(["paris"]);
  });

  it.each([
    ["The answer is 3.429", ["24/7", "3.429"], 1],
    ["so it is 24/7", ["24/7", "3.429"], 1],
    ["The answer is 3.43", ["3.429"], 1],
    ["The answer is 4", ["3.429"], 0],
    ["It is 2,000,000 dollars", ["2000000"], 1],
    ["The company is Tampa Bay", ["Tampa", "Florida"], 1],
    ["The result is 30", ["30.0"], 1],
  ])("scores the open reply %j against %j as %i", (reply, answers, reward) => {
    expect(open(reply, answers).reward).toBe(reward);
  });

  it("compares numbers with numbers and text inside text (eval_open)", () => {
    expect(evalOpen(["7"], [7])).toBe(true);
    expect(evalOpen(["7"], ["7 apples"])).toBe(false);
    expect(evalOpen(["b"], ["a b c"])).toBe(true);
    expect(evalOpen(["b"], ["abc"])).toBe(false);
  });

  it("scores multiple choice against the gold letter and says why", () => {
    expect(mc("The answer is (B).")).toEqual({ reward: 1, reason: "the reply reads as (B); the answer is (B)" });
    expect(mc("(C)").reward).toBe(0);
    expect(scoreMmmu({ output: "x", expected: null, spec, row: { question_type: "essay" } }).reward).toBeNull();
  });
});
