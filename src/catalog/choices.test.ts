import { describe, expect, it } from "vitest";
import { nutcrackerRecord as mc } from "../../test/catalog-files";
import { MC1_SHUFFLE_SALT } from "./benchmarks/truthfulqa_mc1/normalise";
import { choiceColumns, choicesText, fnv1a, shuffleChoices } from "./choices";
import { nutcrackerItem } from "./nutcracker";

describe("multiple-choice columns", () => {
  it("letters the options one per line and names the answer by letter and text", () => {
    expect(choicesText(["Venus", "Mars"])).toBe("A. Venus\nB. Mars");
    expect(choiceColumns({ question: "Which is red?", options: ["Venus", "Mars", "Earth"], answer: 1 })).toEqual({
      question: "Which is red?",
      options: ["Venus", "Mars", "Earth"],
      choices_text: "A. Venus\nB. Mars\nC. Earth",
      answer_letter: "B",
      answer_text: "Mars",
    });
  });

  it("refuses an answer outside the options and option counts it cannot letter", () => {
    expect(() => choiceColumns({ question: "q", options: ["a", "b"], answer: 2 })).toThrow(/outside 2 options/);
    expect(() => choiceColumns({ question: "q", options: ["a"], answer: 0 })).toThrow(/1 options/);
    expect(() => choiceColumns({ question: "q", options: Array.from({ length: 27 }, (_, i) => `o${i}`), answer: 0 })).toThrow(/27 options/);
  });

  it("reads nutcracker rows and refuses ones whose letter, index and literal disagree", () => {
    expect(nutcrackerItem(mc("Which planet is red?", ["Venus", "Mars"], 1), "here")).toEqual({ question: "Which planet is red?", options: ["Venus", "Mars"], answer: 1 });
    const bad = [
      { ...mc("q", ["a", "b"], 1), correct_options: ["A"] },
      { ...mc("q", ["a", "b"], 1), correct_options_literal: ["a"] },
      { ...mc("q", ["a", "b"], 0), correct_options_idx: [0, 1] },
      { ...mc("q", ["a", "b"], 0), options: "a, b" },
      { ...mc("q", ["a", "b"], 0), centerpiece: 7 },
    ];
    for (const row of bad) expect(() => nutcrackerItem(row as never, "line 3")).toThrow(/^line 3: /);
  });
});

describe("the seeded option shuffle", () => {
  const items = Array.from({ length: 200 }, (_, i) => ({ question: `Question number ${i}?`, options: ["true", "false 1", "false 2", "false 3"], answer: 0 }));

  it("keeps the right option right, and is the same on every call", () => {
    for (const item of items) {
      const s = shuffleChoices(item, MC1_SHUFFLE_SALT);
      expect(s.options[s.answer]).toBe("true");
      expect([...s.options].sort()).toEqual([...item.options].sort());
      expect(shuffleChoices(item, MC1_SHUFFLE_SALT)).toEqual(s);
    }
  });

  it("spreads the answer over every position, so position says nothing", () => {
    const counts = [0, 0, 0, 0];
    for (const item of items) counts[shuffleChoices(item, MC1_SHUFFLE_SALT).answer]!++;
    for (const c of counts) expect(c).toBeGreaterThan(25);
  });

  it("depends on the salt and the question, not the row position", () => {
    const a = items.map((i) => shuffleChoices(i, MC1_SHUFFLE_SALT).answer);
    const b = items.map((i) => shuffleChoices(i, "another salt").answer);
    expect(a).not.toEqual(b);
    expect(fnv1a("abc")).toBe(0x1a47e90b);
  });
});
