import { describe, expect, it } from "vitest";
import { anlsDistance, levenshtein, scoreAnls } from "./anls";
import { ScoringSpec } from "./spec";

const spec = ScoringSpec.parse({ type: "anls" }) as { type: "anls"; threshold: number };
const anls = (output: string, answers: string[]) => scoreAnls({ output, expected: answers[0]!, spec, row: { answers } }).reward;

describe("DocVQA's ANLS (anls_compute, hit_calculate)", () => {
  it("measures Levenshtein distance", () => {
    expect([levenshtein("kitten", "sitting"), levenshtein("", "abc"), levenshtein("same", "same")]).toEqual([3, 3, 0]);
  });

  it.each([
    ["1995", ["1995"], 1],
    ["  JOHN   Smith ", ["john smith"], 1],
    ["1996", ["1995"], 0.75],
    ["19", ["1995"], 0.5],
    ["1", ["1995"], 0],
    ["Dr. Brown", ["Brown", "Dr. Brown"], 1],
    ["", ["abc"], 0],
  ])("reply %j against %j scores %f", (reply, answers, reward) => {
    expect(anls(reply, answers)).toBeCloseTo(reward, 12);
  });

  it("divides by the longer text as given, before normalising (upstream's quirk)", () => {
    // Normalised the texts are equal, so the distance is 0 whatever the divisor.
    expect(anlsDistance("a  b", "a b")).toBe(0);
    // "ab" vs "abcd": distance 2 over max(len("ab  "), len("abcd")) = 4.
    expect(anlsDistance("ab  ", "abcd")).toBe(0.5);
  });
});
