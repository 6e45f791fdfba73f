import { describe, expect, it } from "vitest";
import { scoreExactMatch } from "./exact-match";
import { ExactMatchSpec } from "./spec";
import { cleanAnswer } from "./text";

const spec = ExactMatchSpec.parse({ type: "exact_match" });

describe("exact_match", () => {
  it.each([
    { output: "Paris", expected: "Paris", reward: 1 },
    { output: "  Paris \n", expected: "Paris", reward: 1 },
    { output: "paris", expected: "Paris", reward: 1 },
    { output: "**Paris**", expected: "Paris", reward: 1 },
    { output: '"Paris"', expected: "Paris", reward: 1 },
    { output: "“Paris”", expected: "Paris", reward: 1 },
    { output: "```\nSELECT name FROM users;\n```", expected: "SELECT name FROM users;", reward: 1 },
    { output: "```sql\nSELECT  name\nFROM users;\n```", expected: "SELECT name FROM users;", reward: 1 },
    { output: '**"New   York"**', expected: "New York", reward: 1 },
    { output: "`42`", expected: "42", reward: 1 },
    // Trailing punctuation is content (seed 003).
    { output: "Paris.", expected: "Paris", reward: 0 },
    { output: "Paris!", expected: "Paris", reward: 0 },
    { output: "The answer is Paris", expected: "Paris", reward: 0 },
    { output: "Paris, France", expected: "Paris", reward: 0 },
    { output: "", expected: "Paris", reward: 0 },
  ])("$output = $expected → $reward", ({ output, expected, reward }) => {
    expect(scoreExactMatch({ output, expected, spec }).reward).toBe(reward);
  });

  it("gives reasons, and no reward without an expected answer", () => {
    expect(scoreExactMatch({ output: "Paris.", expected: "Paris", spec })).toEqual({
      reward: 0,
      reason: 'the output "Paris." does not equal "Paris"',
    });
    expect(scoreExactMatch({ output: "**Paris**", expected: "Paris", spec })).toEqual({ reward: 1, reason: 'the output equals "Paris"' });
    expect(scoreExactMatch({ output: "Paris", expected: null, spec })).toEqual({ reward: null, reason: "the row has no expected answer" });
  });

  it("cleans only formatting", () => {
    expect(cleanAnswer("  __'Hello,  World.'__ ")).toBe("hello, world.");
    expect(cleanAnswer("**a** and **b**")).toBe("**a** and **b**");
  });
});
