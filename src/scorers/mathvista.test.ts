import { describe, expect, it } from "vitest";
import { mathvistaCheck, mathvistaExtractPrompt, ruleExtract, scoreMathvista, type MathvistaRow } from "./mathvista";
import { ScoringSpec } from "./spec";

const spec = ScoringSpec.parse({ type: "mathvista" }) as { type: "mathvista" };
const mc: MathvistaRow = { question_type: "multi_choice", answer_type: "text", answer: "8/11", answer_option: "B", choices: ["3/11", "8/11", "6/11", "3/5"] };
const int: MathvistaRow = { question_type: "free_form", answer_type: "integer", answer: "14", answer_option: null, choices: [] };
const flt: MathvistaRow = { question_type: "free_form", answer_type: "float", answer: "1.45", answer_option: null, choices: [] };
const list: MathvistaRow = { question_type: "free_form", answer_type: "list", answer: "[2007, 2008]", answer_option: null, choices: [] };

describe("MathVista's extraction and check (post_check)", () => {
  it.each([
    [mc, "B", true],
    [mc, "8/11", true],
    [mc, "A", false],
    [int, "14", true],
    [int, " 14 ", true],
    [int, "14.0", false],
    [flt, "1.450", true],
    [list, "[2007, 2008]", true],
  ])("checks %j", (row, response, right) => {
    expect(mathvistaCheck(row, response)).toBe(right);
  });

  it.each([
    [int, "Counting the blocks, the answer is 14.", "14"],
    [int, "There are 3 rows of 4 and 2 more, 14 in all", "14"],
    [flt, "Answer: $1.45", "1.45"],
    [mc, "So the answer is (B) 8/11.", "(B) 8/11"],
  ])("extracts by rule from %j", (row, reply, extracted) => {
    expect(ruleExtract(row, reply)).toBe(extracted);
  });

  it("scores with the rule without a judge, and with the judge's extraction when the run has one", async () => {
    const row = { ...int, question: "Hint: ...\nQuestion: Which number is missing?" };
    expect((await scoreMathvista({ output: "14", expected: "14", spec, row }, {})).reason).toBe('the reply itself is the answer "14"');
    expect((await scoreMathvista({ output: "It must be fourteen, i.e. 14", expected: "14", spec, row }, {})).reward).toBe(1);
    const prompts: string[] = [];
    const judge = async (m: { content: string }[]) => {
      prompts.push(m[0]!.content);
      return { text: " 14" };
    };
    expect((await scoreMathvista({ output: "It must be fourteen", expected: "14", spec, row }, { judge })).reward).toBe(1);
    expect(prompts[0]).toBe(mathvistaExtractPrompt(row.question, "It must be fourteen"));
    expect(prompts[0]).toMatch(/Question: Which number is missing\?\nModel respone: It must be fourteenExtracted answer:$/);
  });
});
