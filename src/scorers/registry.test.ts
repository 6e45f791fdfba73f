import { describe, expect, it } from "vitest";
import { needsJudge, SCORERS, scoreAttempt } from "./registry";
import { ScoringSpec } from "./spec";

describe("scorer registry", () => {
  it("has exactly one scorer per ScoringSpec type", () => {
    const specTypes = ScoringSpec.options.map((o) => o.shape.type.value).sort();
    expect(Object.keys(SCORERS).sort()).toEqual(specTypes);
  });

  it.each([
    { spec: { type: "contains" }, output: "It is Paris.", expected: "paris", reward: 1 },
    { spec: { type: "exact_match" }, output: "Paris.", expected: "Paris", reward: 0 },
    { spec: { type: "regex", pattern: "Answer: (\\w+)" }, output: "Answer: Paris", expected: "Paris", reward: 1 },
    { spec: { type: "numeric" }, output: "The answer is $1,000.", expected: "1000", reward: 1 },
    { spec: { type: "multiple_choice" }, output: "The answer is (B).", expected: "B", reward: 1 },
  ])("dispatches $spec.type", async ({ spec, output, expected, reward }) => {
    expect((await scoreAttempt({ output, expected, spec: ScoringSpec.parse(spec) })).reward).toBe(reward);
  });

  it("passes the judge to model-graded scorers", async () => {
    const spec = ScoringSpec.parse({ type: "llm_judge", criteria: "Correct city." });
    const judge = async () => ({ text: '{"score": 0.5, "summary": "Half right."}' });
    expect(await scoreAttempt({ output: "Paris or Lyon", expected: "Paris", spec }, { judge })).toEqual({
      reward: 0.5,
      reason: "judge scored 0.5: Half right.",
      structured: { composite: 0.5, judge_summary: "Half right." },
    });
    expect(needsJudge(spec)).toBe(true);
    expect(needsJudge(ScoringSpec.parse({ type: "numeric" }))).toBe(false);
  });
});
