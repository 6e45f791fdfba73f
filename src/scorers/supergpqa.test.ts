// SuperGPQA's scorer: eval.py's zero-shot extraction, case by case. Every
// expected value below is what eval.py's own extract_option_labels and
// extract_option_content return for the same reply and options (checked by
// running them), quirks included.
import { describe, expect, it } from "vitest";
import { extractOptionContent, extractOptionLabel, pyEscape, pyRstrip, scoreSupergpqa, supergpqaPrediction } from "./supergpqa";
import { ScoringSpec, type SupergpqaSpec } from "./spec";
import type { z } from "zod";

const FOUR = ["1", "2", "3", "4"];

describe("eval.py's extraction", () => {
  it.each([
    { reply: "Let me think.\nAnswer: C", options: FOUR, label: "C", content: null, predicted: "C" },
    { reply: "The answer is (B).", options: FOUR, label: "B", content: null, predicted: "B" },
    { reply: "ANSWER: **E**", options: ["1", "2", "3", "4", "5"], label: "E", content: null, predicted: "E" },
    { reply: "After checking each one.\n(A)", options: ["1", "2"], label: "A", content: null, predicted: "A" },
    { reply: "The correct answer is \\mathrm{G}", options: ["1", "2", "3", "4", "5", "6", "7"], label: "G", content: null, predicted: "G" },
    { reply: "B", options: ["x", "y"], label: "B", content: null, predicted: "B" },
    { reply: "Answer:\u00a0\u00a0F\u0085", options: ["1", "2", "3", "4", "5", "6"], label: "F", content: null, predicted: "F" },
    // The last line is searched first: the later statement wins.
    { reply: "The answer is A.\nBut actually the answer is B.", options: ["1", "2"], label: "B", content: null, predicted: "B" },
    // Case-insensitive search keeps the case it found, so a lower-case letter is extracted and is wrong (incorrect, not a miss).
    { reply: "Thus the answer is c.", options: FOUR, label: "c", content: null, predicted: "c" },
    { reply: "answer: \u0131", options: ["1", "2"], label: "\u0131", content: null, predicted: "\u0131" },
    // A line that starts with a lone capital: "I think" reads as option I.
    { reply: "I think it is 10", options: ["1", "10", "100"], label: "I", content: null, predicted: "I" },
    // A letter past the options is still a letter (eval.py passes 'ABCDEFGHIJ').
    { reply: "Answer: J", options: FOUR, label: "J", content: null, predicted: "J" },
    // eval.py's own comment example: "to this question" between "answer" and "is" matches none of its patterns.
    { reply: "The final answer to this question is: $\\boxed{D}$", options: FOUR, label: null, content: null, predicted: null },
    { reply: "No idea.", options: FOUR, label: null, content: null, predicted: null },
    // An option's text, the longest alternative that completes the match, its letter by position.
    { reply: "Answer 100", options: ["1", "10", "100"], label: null, content: "100", predicted: "C" },
    { reply: "The answer is 10.", options: ["1", "10", "100"], label: null, content: "10", predicted: "B" },
    // \text{ is read as a wrapper before the option, and "Yes}" ends nowhere eval.py accepts.
    { reply: "Answer: \\text{Yes}", options: ["\\text{Yes}", "Yes"], label: null, content: null, predicted: null },
  ])("$reply", ({ reply, options, label, content, predicted }) => {
    expect(extractOptionLabel(reply)).toBe(label);
    expect(label === null ? extractOptionContent(reply, options) : null).toBe(content);
    expect(supergpqaPrediction(reply, options)).toBe(predicted);
  });

  it("maps a matched text through eval.py's comparison with the escaped options", () => {
    // The reply names the second option, "a\\.b" (a backslash, then a dot), which is also what re.escape makes of the first,
    // "a.b": eval.py returns the option whose escaped form the matched text equals, the first.
    expect(extractOptionContent("The answer is a\\.b", ["a.b", "a\\.b"])).toBe("a.b");
    expect(pyEscape("a.b (x)+$")).toBe("a\\.b\\ \\(x\\)\\+\\$");
  });

  it("strips the right end as Python does (its whitespace, not JavaScript's)", () => {
    expect(pyRstrip("A \t\u001c\u0085\u3000")).toBe("A");
    expect(pyRstrip("A\ufeff")).toBe("A\ufeff");
  });

  it("stays linear where eval.py's nested quantifiers backtrack (it gives up after 5 s)", () => {
    const reply = `Answer: ${"(".repeat(50_000)}x\n${"}".repeat(50_000)}`;
    expect(supergpqaPrediction(reply, FOUR)).toBeNull();
  });
});

type Spec = z.infer<typeof SupergpqaSpec>;
const SPEC = ScoringSpec.parse({ type: "supergpqa" }) as Spec;

describe("scoreSupergpqa", () => {
  const row = { options: ["red", "green", "blue", "grey"], difficulty: "hard" };
  it.each([
    { output: "Answer: C", want: { reward: 1, reason: "answered C, correct", structured: { dimensions: { miss: 0, hard: 1 }, report: { extracted: "C", status: "correct" } } } },
    { output: "The answer is blue.", want: { reward: 1, reason: "answered C, correct", structured: { dimensions: { miss: 0, hard: 1 }, report: { extracted: "C", status: "correct" } } } },
    { output: "Answer: A", want: { reward: 0, reason: "answered A, expected C", structured: { dimensions: { miss: 0, hard: 0 }, report: { extracted: "A", status: "incorrect" } } } },
    { output: "hmm", want: { reward: 0, reason: "no answer found (a miss); expected C", structured: { dimensions: { miss: 1, hard: 0 }, report: { extracted: null, status: "miss" } } } },
  ])("$output", ({ output, want }) => {
    expect(scoreSupergpqa({ output, expected: "C", choices: row.options, spec: SPEC, row })).toEqual(want);
  });

  it("reads the options from the row when the attempt carries none, and leaves a row without an answer unscored", () => {
    expect(scoreSupergpqa({ output: "The answer is green", expected: "B", spec: SPEC, row: { options: ["red", "green"], difficulty: "easy" } }).reward).toBe(1);
    // Without a colon's pattern for option text, "Answer: green" names nothing eval.py reads.
    expect(scoreSupergpqa({ output: "Answer: green", expected: "B", spec: SPEC, row: { options: ["red", "green"], difficulty: "easy" } }).reason).toBe("no answer found (a miss); expected B");
    expect(scoreSupergpqa({ output: "Answer: B", expected: null, spec: SPEC, row }).reward).toBeNull();
  });
});
