import { describe, expect, it } from "vitest";
import { HME_CATEGORY, scoreOcrbench } from "./ocrbench";
import { ScoringSpec } from "./spec";

const spec = ScoringSpec.parse({ type: "ocrbench" }) as { type: "ocrbench" };
const score = (category: string, output: string, answers: string[]) => scoreOcrbench({ output, expected: answers[0]!, spec, row: { category, answers } }).reward;

describe("OCRBench's substring match", () => {
  it.each([
    ["Regular Text Recognition", "The word is STOP.", ["stop"], 1],
    ["Regular Text Recognition", "The word is STOPS.", ["stop"], 1],
    ["Scene Text-centric VQA", "It says\nopen late", ["open late"], 1],
    ["Doc-oriented VQA", "no idea", ["March 3", "3 March"], 0],
    ["Key Information Extraction", "Total: 12.50", ["12.50", "$12.50"], 1],
    [HME_CATEGORY, "x ^ { 2 } + 1", ["x^{2}+1"], 1],
    [HME_CATEGORY, "X^{2}+1", ["x^{2}+1"], 0],
  ])("%s: %j against %j", (category, output, answers, reward) => {
    expect(score(category, output, answers)).toBe(reward);
  });
});
