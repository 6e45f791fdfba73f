import { describe, expect, it } from "vitest";
import { compilePattern } from "./pattern";
import { scoreRegex } from "./regex";
import { RegexSpec } from "./spec";

const spec = (pattern: string, extra: { group?: number; flags?: string } = {}) => RegexSpec.parse({ type: "regex", pattern, ...extra });

describe("regex", () => {
  it.each([
    { output: "Reasoning...\nAnswer: 42", pattern: "Answer: (\\d+)", expected: "42", reward: 1 },
    { output: "Answer: 42\nAnswer: 43", pattern: "Answer: (\\d+)", expected: "42", reward: 1 },
    { output: "Answer: 41", pattern: "Answer: (\\d+)", expected: "42", reward: 0 },
    { output: "I think it is 42", pattern: "Answer: (\\d+)", expected: "42", reward: 0 },
    { output: "FINAL ANSWER: Paris", pattern: "final answer: (\\w+)", flags: "i", expected: "Paris", reward: 1 },
    { output: "final answer: paris", pattern: "final answer: (\\w+)", expected: "Paris", reward: 0 },
    { output: "The code is XK-42.", pattern: "[A-Z]{2}-\\d+", expected: "XK-42", reward: 1 },
    { output: "<answer> Paris </answer>", pattern: "<answer>(.*?)</answer>", expected: "Paris", reward: 1 },
    { output: "<answer>\nParis\n</answer>", pattern: "<answer>(.*?)</answer>", flags: "s", expected: "Paris", reward: 1 },
    { output: "Answer: 1,000", pattern: "Answer: ([\\d,]+)", expected: "1000", reward: 0 },
    { output: "city=Paris; country=France", pattern: "city=(\\w+); country=(\\w+)", group: 2, expected: "France", reward: 1 },
    { output: "city=Paris; country=France", pattern: "city=(\\w+); country=(\\w+)", group: 0, expected: "city=Paris; country=France", reward: 1 },
  ])("/$pattern/ on $output → $reward", ({ output, pattern, expected, reward, ...extra }) => {
    expect(scoreRegex({ output, expected, spec: spec(pattern, extra) }).reward).toBe(reward);
  });

  it("gives reasons", () => {
    const s = spec("Answer: (\\d+)");
    expect(scoreRegex({ output: "Answer: 41", expected: "42", spec: s })).toEqual({ reward: 0, reason: 'extracted "41", expected "42"' });
    expect(scoreRegex({ output: "Answer: 42", expected: "42", spec: s })).toEqual({ reward: 1, reason: 'extracted "42", equal to the expected answer' });
    expect(scoreRegex({ output: "no idea", expected: "42", spec: s })).toEqual({
      reward: 0,
      reason: "the pattern /Answer: (\\d+)/ did not match the output",
    });
  });

  it("is unscored without an expected answer or with a group the pattern lacks", () => {
    expect(scoreRegex({ output: "Answer: 42", expected: null, spec: spec("(\\d+)") })).toEqual({ reward: null, reason: "the row has no expected answer" });
    expect(scoreRegex({ output: "Answer: 42", expected: "42", spec: spec("(\\d+)", { group: 3 }) })).toEqual({
      reward: null,
      reason: "the pattern has no capture group 3",
    });
  });

  it("fails an optional group that took no part", () => {
    expect(scoreRegex({ output: "Answer", expected: "42", spec: spec("Answer(?:: (\\d+))?") })).toEqual({
      reward: 0,
      reason: "capture group 1 took no part in the match",
    });
  });

  it("counts capture groups, named ones included", () => {
    const count = (p: string) => {
      const c = compilePattern(p);
      return c.ok ? c.re.groupCount() : -1;
    };
    expect([count("a"), count("(a)(b)"), count("(?:a)(?<n>b)"), count("\\(a\\)")]).toEqual([0, 2, 1, 0]);
  });

  it("runs an exponential-backtracking pattern in linear time", () => {
    // /^(a+)+$/ on 40 a's and a '!' takes a backtracking engine 2^40 steps; RE2 answers at once.
    expect(scoreRegex({ output: `${"a".repeat(40)}!`, expected: "a", spec: spec("^(a+)+$") })).toEqual({
      reward: 0,
      reason: "the pattern /^(a+)+$/ did not match the output",
    });
    expect(scoreRegex({ output: `${"a".repeat(99_999)}!`, expected: "a", spec: spec("(a|aa)*(a+)+$") }).reward).toBe(0);
  });

  it("refuses lookaround and backreferences, saying why", () => {
    for (const p of ["a(?=b)", "(?<!x)a", "(a)\\1"]) {
      const c = compilePattern(p);
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error).toContain("linear-time engine");
    }
    expect(RegexSpec.safeParse({ type: "regex", pattern: "(a)\\1" }).error?.issues[0]?.message).toMatch(/^pattern cannot run: .*RE2 syntax/);
  });
});
