/**
 * MMLU-Pro's answer extraction on replies shaped like real chain-of-thought
 * outputs: each of upstream's three steps, the order between them, and the
 * seeded guess for a reply with no letter; and the catalog's MMLU-Pro
 * scorer spec end to end through the registry.
 */
import { describe, expect, it } from "vitest";
import { builtinById } from "../catalog";
import { extractMmluProAnswer, UPSTREAM_GUESS } from "./mmlu-pro-answer";
import { scoreAttempt } from "./registry";
import { ScoringSpec } from "./spec";

describe("extractMmluProAnswer", () => {
  // [reply, letter, step]
  const table: [string, string | null, string | null][] = [
    ["Adding the two rates gives 12 m/s. The answer is (C).", "C", "answer is"],
    ["... so the answer is C", "C", "answer is"],
    ["The answer is (J)", "J", "answer is"],
    // The first "answer is" wins, as re.search returns the first match.
    ["At first the answer is (B), but checking again the answer is (D).", "B", "answer is"],
    // Case-sensitive: "Answer is" is not step 1; no "Answer:" either, so the last standalone letter.
    ["Answer is (E) after all, not F", "F", "last letter"],
    // A letter past J is not a letter here.
    ["the answer is (K). Hmm, maybe G", "G", "last letter"],
    ["Reasoning...\nAnswer: D", "D", "Answer:"],
    ["answer: h", null, null],
    // Within the first line that matches, the greedy .* takes its last "Answer:".
    ["Answer: A or Answer: B\nAnswer: C", "B", "Answer:"],
    // \s* crosses line breaks, as in Python.
    ["Final Answer:\n\nI", "I", "Answer:"],
    // Step 3 counts any standalone capital, the article "A" included, as upstream does.
    ["I would pick B, since A fan spins.", "A", "last letter"],
    ["Option (G) fits best.", "G", "last letter"],
    // Letters inside words, or next to digits and underscores, are not standalone (Unicode-aware like Python's \b).
    ["ABC DEF x_B B2 éA", null, null],
    ["I cannot tell which one is right.", "I", "last letter"],
    ["no letters here at all", null, null],
    ["", null, null],
  ];
  it.each(table)("%j → %s", (reply, letter, step) => {
    const got = extractMmluProAnswer(reply);
    expect(got).toEqual(letter === null ? null : { letter, step });
  });

  it("keeps CPython's seeded guess for 1 to 10 options", () => {
    // python3 -c "import random; [random.seed(12345) or random.randint(0, n - 1) for n in range(1, 11)]"
    expect(UPSTREAM_GUESS).toEqual([0, 1, 1, 3, 3, 3, 3, 6, 6, 6]);
  });
});

describe("the MMLU-Pro scorer spec", () => {
  const spec = ScoringSpec.parse(builtinById("bm_mmlu_pro")!.scoring);
  const ten = Array.from({ length: 10 }, (_, i) => `option ${i}`);
  const score = (output: string, expected: string, choices = ten, row?: Record<string, unknown>) => scoreAttempt({ output, expected, choices, spec, row });

  it("is the multiple-choice scorer with MMLU-Pro's extraction", () => {
    expect(spec).toEqual({ type: "multiple_choice", extraction: "mmlu_pro" });
  });

  it("scores the extracted letter against the key, saying which step read it", async () => {
    expect(await score("Let me compute... The answer is (H).", "H")).toEqual({ reward: 1, reason: "answered H (read by 'answer is'), the correct letter" });
    expect(await score("Answer: B", "H")).toEqual({ reward: 0, reason: "answered B (read by 'Answer:'), expected H" });
    // The flexible scorer would read "(C)" in the first sentence's claim; upstream reads the later standalone letter.
    expect((await score("The claim (C) is false; I go with E", "E")).reward).toBe(1);
  });

  it("gives a reply without a letter upstream's seeded guess, compared with answer_index", async () => {
    // Ten options: the guess is G (index 6).
    expect(await score("unsure.", "G", ten, { answer_index: 6 })).toEqual({ reward: 1, reason: "no answer letter; upstream's seeded guess for 10 options is G, which is the key" });
    expect(await score("unsure.", "C", ten, { answer_index: 2 })).toEqual({ reward: 0, reason: "no answer letter; upstream's seeded guess for 10 options is G, not the key" });
    // Four options: index 3 (D).
    expect((await score("???", "D", ten.slice(0, 4), { answer_index: 3 })).reward).toBe(1);
    // Question 3983's quirk: `answer` is C but answer_index 1; a parsed letter is scored against C, the guess against index 1.
    expect((await score("The answer is (C).", "C", ten.slice(0, 3), { answer_index: 1 })).reward).toBe(1);
    expect((await score("no idea", "C", ten.slice(0, 3), { answer_index: 1 })).reward).toBe(1);
    // Without the row, the key's own index stands in.
    expect((await score("no idea", "G", ten)).reward).toBe(1);
  });

  it("leaves the default extraction unchanged for the other multiple-choice built-ins", async () => {
    const mmlu = ScoringSpec.parse(builtinById("bm_mmlu")!.scoring);
    expect(mmlu).toEqual({ type: "multiple_choice" });
    expect((await scoreAttempt({ output: "unsure.", expected: "G", choices: ten, spec: mmlu })).reward).toBe(0);
  });
});
