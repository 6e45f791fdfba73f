import { describe, expect, it } from "vitest";
import type { SourceFile } from "../types";
import { choiceColumns, choicesText, fnv1a, shuffleChoices } from "./choices";
import { answerList, MC1_SHUFFLE_SALT, normaliseRows, subjectLabel } from "./index";
import { nutcrackerItem } from "./nutcracker";
import { MMLU_DATA } from "../sources";

const enc = (s: string) => new TextEncoder().encode(s);
const file = (path: string, format: SourceFile["format"] = "jsonl"): SourceFile => ({ path, url: `https://example.test/${path}`, sha256: "0".repeat(64), bytes: 1, format });
const jsonl = (rows: object[]) => enc(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const mc = (question: string, options: string[], idx: number) => ({
  centerpiece: question,
  options,
  correct_options: ["ABCDEFGHIJ"[idx]!],
  correct_options_literal: [options[idx]!],
  correct_options_idx: [idx],
});

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

describe("normalisers", () => {
  it("GSM8K keeps question and worked answer, adds an id, and refuses an answer with no final line", async () => {
    const rows = [{ question: "Tom has 3 apples and buys 2. How many?", answer: "3 + 2 = <<3+2=5>>5\n#### 5" }];
    expect(await normaliseRows("gsm8k", [{ file: file("gsm8k/test.jsonl"), bytes: jsonl(rows) }])).toEqual([{ id: "test-1", ...rows[0] }]);
    await expect(normaliseRows("gsm8k", [{ file: file("gsm8k/test.jsonl"), bytes: jsonl([{ question: "q", answer: "5" }]) }])).rejects.toThrow(
      "gsm8k/test.jsonl line 1: the answer has no '#### <final>' line",
    );
    await expect(normaliseRows("gsm8k", [{ file: file("gsm8k/test.jsonl"), bytes: enc("{not json}\n") }])).rejects.toThrow(/gsm8k\/test.jsonl, line 1: not valid JSON/);
  });

  it("MMLU puts test rows first, subject by subject, then dev rows, with split and subject columns", async () => {
    const files = MMLU_DATA.files.map((f) => ({
      file: f,
      bytes: jsonl([mc(`${f.path} question one?`, ["w", "x", "y", "z"], 2)]),
    }));
    const rows = await normaliseRows("mmlu", files);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.split)).toEqual([...Array(6).fill("test"), ...Array(6).fill("dev")]);
    expect(rows[4]).toEqual({
      id: "high_school_us_history/test-1",
      split: "test",
      subject: "high_school_us_history",
      subject_label: "high school US history",
      question: "mmlu/high_school_us_history_test.jsonl question one?",
      options: ["w", "x", "y", "z"],
      choices_text: "A. w\nB. x\nC. y\nD. z",
      answer_letter: "C",
      answer_text: "y",
    });
    expect(subjectLabel("college_computer_science")).toBe("college computer science");
  });

  it("TruthfulQA MC1 shuffles each question's options away from the source's always-first answer", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => mc(`Is claim ${i} true?`, ["Yes, it is true.", "No.", "Only on Sundays.", "Nobody knows."], 0));
    const out = await normaliseRows("truthfulqa_mc1", [{ file: file("truthfulqa_mc1/test.jsonl"), bytes: jsonl(rows) }]);
    for (const r of out) expect((r.options as string[])["ABCD".indexOf(r.answer_letter as string)]).toBe("Yes, it is true.");
    expect(new Set(out.map((r) => r.answer_letter)).size).toBeGreaterThan(2);
    expect(out[0]).toMatchObject({ id: "mc1-1", question: "Is claim 0 true?", answer_text: "Yes, it is true." });
  });

  it("TruthfulQA splits its answer lists and keeps the category as the subset column", async () => {
    const csv =
      "Type,Category,Question,Best Answer,Best Incorrect Answer,Correct Answers,Incorrect Answers,Source\n" +
      'Adversarial,Misconceptions,What happens if you crack your knuckles a lot?,Nothing in particular happens,You will get arthritis,"Nothing in particular happens; It is harmless",You will get arthritis; You will break your fingers,https://example.org/knuckles\n';
    const out = await normaliseRows("truthfulqa", [{ file: file("truthfulqa/TruthfulQA.csv", "csv"), bytes: enc(csv) }]);
    expect(out).toEqual([
      {
        id: "q-1",
        type: "Adversarial",
        category: "Misconceptions",
        question: "What happens if you crack your knuckles a lot?",
        best_answer: "Nothing in particular happens",
        best_incorrect_answer: "You will get arthritis",
        correct_answers: ["Nothing in particular happens", "It is harmless"],
        incorrect_answers: ["You will get arthritis", "You will break your fingers"],
        source: "https://example.org/knuckles",
      },
    ]);
    expect(answerList(" a ;b;; c ")).toEqual(["a", "b", "c"]);
  });

  it("HumanEval inflates the gzip file and keeps the five fields a runner needs", async () => {
    const row = { task_id: "HumanEval/0", prompt: "def f():\n", entry_point: "f", canonical_solution: "    return 1\n", test: "def check(c):\n    assert c() == 1\n", extra: "dropped" };
    const bytes = await gzip(jsonl([row]));
    const out = await normaliseRows("humaneval", [{ file: file("humaneval/HumanEval.jsonl.gz", "jsonl.gz"), bytes }]);
    const { extra: _extra, ...kept } = row;
    expect(out).toEqual([kept]);
  });

  it("names the file a definition forgot to load", async () => {
    await expect(normaliseRows("arc_challenge", [])).rejects.toThrow("pinned file arc_challenge/test.jsonl was not loaded");
  });
});
