/**
 * MT-Bench's judge: the [[rating]] parser as FastChat reads it, the judge
 * prompts for each turn (with and without reference answers), and how
 * ratings become the reward and the per-turn dimensions, a missing rating
 * being upstream's -1 (left out), never 0.
 */
import { describe, expect, it } from "vitest";
import { mtBenchJudgeMessages, parseRating, scoreMtBenchJudge } from "./mt-bench-judge";
import { ScoringSpec } from "./spec";
import type { JudgeMessage } from "./types";

const spec = ScoringSpec.parse({ type: "mt_bench_judge" }) as Extract<ScoringSpec, { type: "mt_bench_judge" }>;
const turns = [
  { question: "What is 2 + 2?", answer: "It is 4." },
  { question: "And times 3?", answer: "That makes 12." },
];

describe("parseRating", () => {
  it.each([
    ["The answer is helpful.\n\nRating: [[8]]", 8],
    ["Rating: [[7.5]]", 7.5],
    ["[[10]]", 10],
    ["Rating: [[5.]]", 5],
    // The first match counts, as re.search takes it.
    ["I first thought [[3]] but then [[9]].", 3],
    // The fallback: single brackets.
    ["Rating: [6]", 6],
    ["[[8]] beats the fallback [2]", 8],
    ["A [2] appears before [[8]]", 8],
    // Taken as written: upstream neither clamps nor rounds.
    ["Rating: [[0]]", 0],
    ["Rating: [[11]]", 11],
  ])("%j → %d", (text, want) => expect(parseRating(text)).toBe(want));

  it.each([["Rating: 8/10"], ["Rating: [[eight]]"], ["[[-3]]"], [""], ["Rating: **8**"]])("%j has no rating: -1", (text) => expect(parseRating(text)).toBe(-1));
});

describe("the judge prompts", () => {
  it("turn 1 without a reference: the question and the answer, general criteria, the [[rating]] format", () => {
    const [system, user] = mtBenchJudgeMessages({ turns, references: null }, 1);
    expect(system).toEqual({ role: "system", content: "You are a helpful assistant." });
    expect(user!.content).toContain("[Question]\nWhat is 2 + 2?");
    expect(user!.content).toContain("[The Start of Assistant's Answer]\nIt is 4.\n[The End of Assistant's Answer]");
    expect(user!.content).toMatch(/helpful, relevant, accurate/);
    expect(user!.content).toContain('"[[rating]]"');
    expect(user!.content).not.toContain("Reference");
    expect(user!.content).not.toContain("That makes 12.");
  });

  it("turn 1 with a reference: correctness against the reference answer", () => {
    const [, user] = mtBenchJudgeMessages({ turns, references: ["4", "12"] }, 1);
    expect(user!.content).toContain("[The Start of Reference Answer]\n4\n[The End of Reference Answer]");
    expect(user!.content).toMatch(/correctness and helpfulness/);
    expect(user!.content.indexOf("Reference Answer")).toBeLessThan(user!.content.indexOf("Assistant's Answer"));
  });

  it("turn 2: the whole conversation, only the second answer graded; with a reference, the reference conversation first", () => {
    const [system, user] = mtBenchJudgeMessages({ turns, references: null }, 2);
    expect(system!.content).toMatch(/second question only/);
    expect(system!.content).toContain('"[[rating]]"');
    expect(user!.content).toBe(
      "<|The Start of Assistant A's Conversation with User|>\n\n### User:\nWhat is 2 + 2?\n\n### Assistant A:\nIt is 4.\n\n### User:\nAnd times 3?\n\n### Assistant A:\nThat makes 12.\n\n<|The End of Assistant A's Conversation with User|>",
    );
    const [, withRef] = mtBenchJudgeMessages({ turns, references: ["4", "12"] }, 2);
    expect(withRef!.content).toMatch(/^<\|The Start of Reference Answer\|>\n\n### User:\nWhat is 2 \+ 2\?\n\n### Reference answer:\n4\n\n### User:\nAnd times 3\?\n\n### Reference answer:\n12\n\n<\|The End of Reference Answer\|>\n\n\n<\|The Start of Assistant A's/);
  });
});

describe("scoreMtBenchJudge", () => {
  const judgeSaying = (...replies: string[]) => {
    const seen: JudgeMessage[][] = [];
    return { seen, judge: async (m: JudgeMessage[]) => ({ text: replies[seen.push(m) - 1]! }) };
  };

  it("rates each turn on its own call; the reward is their mean on 1–10, with turn_1, turn_2 and overall", async () => {
    const { seen, judge } = judgeSaying("Fine.\nRating: [[8]]", "Weaker.\nRating: [[5]]");
    const r = await scoreMtBenchJudge({ output: "", expected: null, spec, turns, row: { reference_answers: ["4", "12"] } }, { judge });
    expect(seen).toHaveLength(2);
    expect(seen[0]![1]!.content).toContain("[The Start of Reference Answer]");
    expect(seen[1]![1]!.content).toContain("### Reference answer:\n12");
    expect(r.reward).toBe(6.5);
    expect(r.structured).toMatchObject({ composite: 6.5, dimensions: { turn_1: 8, turn_2: 5, overall: 6.5 }, weights: { overall: 2 } });
    expect(r.reason).toMatch(/turn 1 rated 8, turn 2 rated 5 on 1–10 \(against the reference answers\)/);
  });

  it("a turn without a rating is -1, left out of the means (never 0); neither rated leaves the attempt unscored", async () => {
    const one = await scoreMtBenchJudge({ output: "", expected: null, spec, turns, row: { reference_answers: null } }, { judge: judgeSaying("Good. [[9]]", "I cannot decide.").judge });
    expect(one.reward).toBe(9);
    expect(one.structured!.dimensions).toEqual({ turn_1: 9, overall: 9 });
    expect(one.structured!.weights).toEqual({ overall: 1 });
    expect(one.reason).toMatch(/turn 2 unrated \(-1, left out\)/);
    const none = await scoreMtBenchJudge({ output: "", expected: null, spec, turns }, { judge: judgeSaying("Hmm.", "Hmm.").judge });
    expect(none.reward).toBeNull();
    expect(none.reason).toMatch(/no rating for either turn/);
  });

  it("needs a judge and a two-turn conversation", async () => {
    expect((await scoreMtBenchJudge({ output: "x", expected: null, spec, turns })).reward).toBeNull();
    const r = await scoreMtBenchJudge({ output: "x", expected: null, spec }, { judge: judgeSaying("[[9]]", "[[9]]").judge });
    expect(r).toMatchObject({ reward: null, reason: expect.stringMatching(/two turns; this attempt has 0/) });
  });

  it("judge errors propagate for the attempt's retry", async () => {
    const judge = async () => {
      throw new Error("judge 503");
    };
    await expect(scoreMtBenchJudge({ output: "", expected: null, spec, turns }, { judge })).rejects.toThrow("judge 503");
  });
});
