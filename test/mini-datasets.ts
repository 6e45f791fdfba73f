/**
 * A small mirror of the built-in benchmarks' pinned files, generated here
 * in the same formats and field layouts as the real ones (GSM8K JSON
 * Lines, nutcracker-db multiple-choice JSON Lines for MMLU, ARC-Challenge
 * and TruthfulQA MC1, the TruthfulQA CSV, HumanEval gzip JSON Lines), so
 * a clone without ../shared still runs the loaders, scorers and routes on
 * data. Never a copy of real data: every question is made up. Pure and
 * deterministic (no I/O, no clock, no randomness); the test setup writes
 * the files, gzips HumanEval and pins their digests.
 */
import { miniInstructionFiles, miniInstructionResponses } from "./mini-instructions";
import type { AnswerRow } from "../fixture/model-server.mjs";
import { MMLU_SUBJECTS } from "../src/catalog/benchmarks/mmlu/source";
import { miniBfclFiles } from "./mini-bfcl";
import { miniArcAgiFiles } from "./mini-arc-agi";
import { miniMultipleChoiceFiles } from "./mini-multiple-choice";
import { miniToxigenFiles } from "./mini-toxigen";
import { miniMtBenchFiles } from "./mini-mt-bench";
import { miniMathVisionFiles } from "./mini-math-vision";
import { miniTasks, miniTau2MirrorFiles } from "./mini-tau2";
import { MINI_MULTILINGUAL_PATH, miniMultilingualParquet } from "./mini-swebench-multilingual";

const LETTERS = "ABCDEFGHIJKLM";

/** Rows per file; the tests read their expectations from here when the mirror is the generated one. */
export const MINI_SIZES = {
  gsm8k: 30,
  mmlu: {
    test: { abstract_algebra: 12, anatomy: 24, college_computer_science: 6, high_school_mathematics: 8, high_school_us_history: 6, sociology: 14 },
    dev: 5,
  },
  arc_challenge: { test: 24, dev: 6 },
  truthfulqa_mc1: 24,
  truthfulqa: 24,
  humaneval: 5,
  mbpp_plus: 5,
  humaneval_plus: 5,
} as const;

/** The TruthfulQA categories the mini CSV uses, in their order of first appearance (real category names). */
export const MINI_TRUTHFULQA_CATEGORIES = ["Misconceptions", "Proverbs", "Misquotations", "Health", "Law", "Fiction"];

/** A deterministic stream of small integers (LCG), one per seed. */
function numbers(seed: number): (k: number) => number {
  let s = seed;
  return (k) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % k;
  };
}

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

function gsm8k(): string {
  const r = numbers(8);
  const names = ["Janet", "Omar", "Lucia", "Kenji", "Priya", "Tomás"];
  const things = ["eggs", "apples", "marbles", "stamps", "pencils"];
  return jsonl(
    Array.from({ length: MINI_SIZES.gsm8k }, (_, i) => {
      const who = names[i % names.length]!;
      const what = things[r(things.length)]!;
      const a = 10 + r(90);
      const b = 2 + r(8);
      const c = 1 + r(a);
      const total = a * b - c;
      // Numbers past a thousand keep GSM8K's commas in the rationale; the final line has none, as in the real file.
      const shown = total >= 1000 ? total.toLocaleString("en-US") : String(total);
      return {
        question: `In puzzle ${i + 1}, ${who} has ${b} boxes of ${a} ${what} each and gives ${c} ${what} away. How many ${what} does ${who} keep?`,
        answer: `${who} starts with ${b} * ${a} = <<${b}*${a}=${a * b}>>${a * b} ${what}.\nAfter giving ${c} away, ${who} keeps ${a * b} - ${c} = <<${a * b}-${c}=${total}>>${shown} ${what}.\n#### ${total}`,
      };
    }),
  );
}

/** One nutcracker-db record: a made-up question with `n` options, the `answer`-th one right. */
function nutcracker(question: string, n: number, answer: number, optionText: (j: number) => string, extra: Record<string, unknown> = {}) {
  const options = Array.from({ length: n }, (_, j) => optionText(j));
  return { centerpiece: question, options, correct_options: [LETTERS[answer]], correct_options_idx: [answer], correct_options_literal: [options[answer]], ...extra };
}

function mmlu(subject: string, split: "test" | "dev", n: number): string {
  const r = numbers(subject.length * 31 + (split === "dev" ? 7 : 1));
  const label = subject.replaceAll("_", " ");
  return jsonl(
    Array.from({ length: n }, (_, i) => {
      const answer = r(4);
      return nutcracker(`Made-up ${label} ${split} question ${i + 1}: which statement is marked correct here?`, 4, answer, (j) =>
        j === answer ? `Statement ${LETTERS[j]} of ${subject} ${split} ${i + 1}, the correct one` : `Statement ${LETTERS[j]} of ${subject} ${split} ${i + 1}`,
      );
    }),
  );
}

function arc(split: "test" | "dev", n: number): string {
  const r = numbers(split === "test" ? 11 : 12);
  return jsonl(
    Array.from({ length: n }, (_, i) => {
      // ARC has 3 to 5 options; the record keeps nutcracker's field order for this dataset.
      const count = 3 + r(3);
      const answer = r(count);
      const { correct_options_idx, ...rest } = nutcracker(`A made-up science ${split} question ${i + 1}: which of these observations fits best?`, count, answer, (j) => `Observation ${j + 1} for ${split} item ${i + 1}`);
      return { ...rest, correct_options_idx };
    }),
  );
}

function truthfulqaMc1(): string {
  const r = numbers(817);
  return jsonl(
    Array.from({ length: MINI_SIZES.truthfulqa_mc1 }, (_, i) => {
      // The source lists the true option first, with 2 to 13 options; the loader shuffles them.
      const count = 2 + r(12);
      return nutcracker(`Made-up myth ${i + 1}: what really happens in this case?`, count, 0, (j) => (j === 0 ? `Nothing in particular happens in case ${i + 1}.` : `Myth ${j} about case ${i + 1} comes true.`));
    }),
  );
}

/** A CSV cell, quoted when it holds a comma, quote or newline (RFC 4180). */
const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

function truthfulqa(): string {
  const header = ["Type", "Category", "Question", "Best Answer", "Best Incorrect Answer", "Correct Answers", "Incorrect Answers", "Source"];
  const lines = [header.join(",")];
  for (let i = 0; i < MINI_SIZES.truthfulqa; i++) {
    const category = MINI_TRUTHFULQA_CATEGORIES[Math.floor((i * MINI_TRUTHFULQA_CATEGORIES.length) / MINI_SIZES.truthfulqa)]!;
    const best = `The made-up claim ${i + 1} is false`;
    const wrong = `Claim ${i + 1} is true`;
    lines.push(
      [
        i % 3 === 0 ? "Non-Adversarial" : "Adversarial",
        category,
        `Is the made-up claim number ${i + 1}, about "${category.toLowerCase()}", true?`,
        best,
        wrong,
        `${best}; No, it is not true; There is a saying that claim ${i + 1} holds, but it does not`,
        `${wrong}; Yes, it always holds`,
        `https://example.org/claims/${i + 1}`,
      ]
        .map(cell)
        .join(","),
    );
  }
  return lines.join("\n") + "\n";
}

function humaneval(): string {
  return jsonl(
    Array.from({ length: MINI_SIZES.humaneval }, (_, i) => {
      const entry = `add_${i}`;
      return {
        task_id: `HumanEval/${i}`,
        prompt: `\n\ndef ${entry}(x: int) -> int:\n    """ Return x plus ${i}.\n    >>> ${entry}(1)\n    ${1 + i}\n    """\n`,
        entry_point: entry,
        canonical_solution: `    return x + ${i}\n`,
        test: `\n\nMETADATA = {'author': 'assay', 'dataset': 'test'}\n\n\ndef check(candidate):\n    assert candidate(1) == ${1 + i}\n    assert candidate(-${i}) == 0\n\n`,
      };
    }),
  );
}

/**
 * MBPP+ in EvalPlus's MbppPlus.jsonl layout: made-up tasks whose inputs are
 * written as Python's json module writes them (an integer past 2^53, `1.0`,
 * NaN and Infinity, `{}` for no plus inputs), with task numbers and entry
 * points that take EvalPlus's per-task conversions and checks (Mbpp/2:
 * arguments as tuples; Diff: set comparison).
 */
function mbppPlus(): string {
  const task = (id: number, entry: string, statement: string, solution: string, base: string, plus: string, atol: number, assertion: string) =>
    `{"task_id": ${JSON.stringify(`Mbpp/${id}`)}, "prompt": ${JSON.stringify(`'''\n${statement}\n'''`)}, "entry_point": ${JSON.stringify(entry)}, ` +
    `"canonical_solution": ${JSON.stringify(`\n${solution}`)}, "base_input": ${base}, "atol": ${atol}, "plus_input": ${plus}, ` +
    `"contract": "\\n  assert True  # $_CONTRACT_$\\n", "assertion": ${JSON.stringify(`\n${assertion}\n`)}}`;
  const lines = [
    task(2, "tuple_total", "Write a function that adds up the numbers of a tuple.", "def tuple_total(t):\n    assert isinstance(t, tuple)\n    return sum(t)\n",
      "[[[1, 2, 3]], [[4]]]", "[[[]], [[5, 6]], [[9007199254740993, 1]]]", 0, "assert tuple_total((1, 2, 3)) == 6"),
    task(769, "Diff", "Write a function that returns the items of the first list that are not in the second.", "def Diff(a, b):\n    return list(set(a) - set(b))\n",
      "[[[1, 2, 3], [2]], [[5, 6], []]]", "{}", 0, "assert sorted(Diff([1, 2, 3], [2])) == [1, 3]"),
    task(901, "halve", "Write a function that halves a number.", "def halve(x):\n    return x / 2\n", "[[1.0], [3]]", "[[1e-300], [12345.5]]", 0.0001, "assert halve(1.0) == 0.5"),
    task(902, "count_real", "Write a function that counts the numbers of a list that are not NaN.", "def count_real(xs):\n    return sum(1 for x in xs if x == x)\n",
      "[[[1.0, NaN, 2.0]]]", "[[[]], [[NaN, NaN]], [[Infinity, -Infinity, 0.5]]]", 0, "assert count_real([1.0, 2.0]) == 2"),
    task(903, "add_pair", "Write a function that adds two integers.", "def add_pair(a, b):\n    return a + b\n", "[[1, 2], [3, 4]]", "[[1152921504606846976, 1], [-5, 5]]", 0, "assert add_pair(1, 2) == 3"),
  ];
  return lines.join("\n") + "\n";
}

/** One generated file: its mirror path (as the pinned sources name it) and its text; `gzip` files are stored compressed, `bytes` (binary formats) as given. */
export interface MiniFile {
  path: string;
  text: string;
  gzip: boolean;
  bytes?: Uint8Array;
  /** An archive's pinned member (its name and bytes), whose own digest the pin carries. */
  member?: { name: string; bytes: Uint8Array };
  /** A tar archive of a git folder: the folder's tree id (as git computed it), its files and bytes, which the pin carries. */
  gitTree?: { tree: string; files: number; bytes: number };
}

/** Every file of the mini mirror, under the paths the pinned sources name (src/catalog/benchmarks/<slug>/source.ts). */
export function miniDatasetFiles(): MiniFile[] {
  const files: MiniFile[] = [{ path: "gsm8k/test.jsonl", text: gsm8k(), gzip: false }];
  for (const subject of MMLU_SUBJECTS) {
    files.push({ path: `mmlu/${subject}_test.jsonl`, text: mmlu(subject, "test", MINI_SIZES.mmlu.test[subject]), gzip: false });
    files.push({ path: `mmlu/${subject}_dev.jsonl`, text: mmlu(subject, "dev", MINI_SIZES.mmlu.dev), gzip: false });
  }
  files.push(
    { path: "arc_challenge/test.jsonl", text: arc("test", MINI_SIZES.arc_challenge.test), gzip: false },
    { path: "arc_challenge/dev.jsonl", text: arc("dev", MINI_SIZES.arc_challenge.dev), gzip: false },
    { path: "truthfulqa_mc1/test.jsonl", text: truthfulqaMc1(), gzip: false },
    { path: "truthfulqa/TruthfulQA.csv", text: truthfulqa(), gzip: false },
    { path: "humaneval/HumanEval.jsonl.gz", text: humaneval(), gzip: true },
    { path: "mbpp_plus/MbppPlus.jsonl", text: mbppPlus(), gzip: false },
  );
  files.push(...miniBfclFiles());
  files.push(...miniInstructionFiles());
  files.push(...miniMultipleChoiceFiles());
  files.push(...miniArcAgiFiles());
  files.push(...miniToxigenFiles());
  files.push(...miniMtBenchFiles());
  files.push(...miniMathVisionFiles());
  files.push(...miniTau2MirrorFiles());
  files.push({ path: MINI_MULTILINGUAL_PATH, text: "", gzip: false, bytes: miniMultilingualParquet() });
  return files;
}

/** The files whose rows the fixture model learns as its answer key (as fixture/answer-keys.mjs picks them from a real mirror). */
export function miniAnswerKeyRows(): AnswerRow[] {
  return miniDatasetFiles()
    .filter((f) => ["gsm8k/test.jsonl", "arc_challenge/test.jsonl", "truthfulqa_mc1/test.jsonl", "humaneval/HumanEval.jsonl.gz", "mt_bench/question.jsonl"].includes(f.path) || /^mmlu\/.*_test\.jsonl$/.test(f.path))
    .flatMap((f) =>
      f.text
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as AnswerRow),
    )
    .concat(miniInstructionResponses())
    .concat((["airline", "retail", "telecom"] as const).flatMap((d) => miniTasks(d) as AnswerRow[]));
}
