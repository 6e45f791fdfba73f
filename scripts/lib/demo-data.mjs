// The demo's questions: the first 50 of GSM8K's test split when ../shared
// has it (real data, never copied into the repo), else 50 grade-school word
// problems generated here, each with its exact answer.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// ASSAY_SHARED_DIR hides or moves it, as for the tests.
const GSM8K = join(process.env.ASSAY_SHARED_DIR || join("..", "shared"), "datasets", "gsm8k", "test.jsonl");

const NAMES = ["Ava", "Ben", "Chen", "Dara", "Eli", "Fatima", "Gus", "Hana", "Ivan", "Jade"];
const THINGS = ["apples", "stickers", "marbles", "books", "pencils", "cookies", "stamps", "shells"];

/** A deterministic word problem and its answer (LCG, so every machine gets the same 50). */
function generated(n) {
  let s = 20251129;
  const r = (k) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % k);
  return Array.from({ length: n }, (_, i) => {
    const who = NAMES[r(NAMES.length)];
    const what = THINGS[r(THINGS.length)];
    const a = 10 + r(90);
    const b = 2 + r(9);
    const c = 1 + r(a);
    const kind = i % 3;
    if (kind === 0) return { id: `demo-${i + 1}`, question: `${who} has ${a} ${what}, buys ${b} packs of ${c} more, and gives away ${c}. How many ${what} does ${who} have now?`, answer: String(a + b * c - c) };
    if (kind === 1) return { id: `demo-${i + 1}`, question: `${who} sells ${what} for $${b} each and sells ${a} of them on Monday and ${c} on Tuesday. How many dollars does ${who} make?`, answer: String(b * (a + c)) };
    return { id: `demo-${i + 1}`, question: `A box holds ${b} ${what}. ${who} fills ${a} boxes and then loses ${c} ${what}. How many ${what} are left?`, answer: String(a * b - c) };
  });
}

/** {rows, source, answers}: rows to upload ({question, answer}); answers for the fixture model's key. */
export function demoQuestions(n = 50) {
  if (existsSync(GSM8K)) {
    const rows = readFileSync(GSM8K, "utf8")
      .split("\n")
      .filter(Boolean)
      .slice(0, n)
      .map((line, i) => {
        const r = JSON.parse(line);
        return { id: `gsm8k-test-${i + 1}`, question: r.question, answer: r.answer.split("####").pop().trim().replace(/,/g, "") };
      });
    return { rows, source: "GSM8K test split (first 50, from ../shared/datasets)", answerFile: GSM8K };
  }
  return { rows: generated(n), source: "50 generated grade-school word problems (no ../shared on this machine)", answerFile: null };
}
