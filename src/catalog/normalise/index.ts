/**
 * The normalisers: pinned source files in, the rows of a built-in
 * revision out. They keep the source's content and add what prompts and
 * scorers need (ids, split and subset columns, lettered options), so a
 * template stays a plain `{column}` fill and the revision digest covers
 * exactly what the model is shown. Deterministic: the same bytes always
 * give the same rows. Pure, no I/O beyond in-memory decompression.
 */
import type { JsonObject } from "../../datasets/canonical-json";
import { MMLU_SUBJECTS } from "../sources";
import type { LoaderName } from "../types";
import { bfclRows } from "./bfcl";
import { choiceColumns, shuffleChoices } from "./choices";
import { instructionRows } from "./instructions";
import { mbppPlusRows } from "./mbpp-plus";
import { arcAgiRows } from "./arc-agi";
import { hellaswagRows, mmluProRows } from "./multiple-choice-sets";
import { nutcrackerItem } from "./nutcracker";
import { toxigenRows } from "./toxigen";
import { mathVisionRows } from "./math-vision";
import { mtBenchRows } from "./mt-bench";
import { fileAt, recordsOf, text, type LoadedFile } from "./read";
import { swebenchRows } from "../../environments/swebench/verified-data";

export type { LoadedFile } from "./read";

/** Salt of TruthfulQA MC1's option shuffle; changing it changes the revision, so bump its version with it. */
export const MC1_SHUFFLE_SALT = "assay/truthfulqa-mc1/v1";

type Normaliser = (files: LoadedFile[]) => Promise<JsonObject[]>;

const gsm8k: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "gsm8k/test.jsonl"));
  return records.map((r, i) => {
    const where = `gsm8k/test.jsonl line ${i + 1}`;
    const answer = text(r, "answer", where);
    if (!/####\s*\S/.test(answer)) throw new Error(`${where}: the answer has no '#### <final>' line`);
    return { id: `test-${i + 1}`, question: text(r, "question", where), answer };
  });
};

/** "high_school_us_history" → "high school us history" (with US and the like kept readable). */
export function subjectLabel(subject: string): string {
  return subject
    .split("_")
    .map((w) => (w === "us" ? "US" : w))
    .join(" ");
}

const mmlu: Normaliser = async (files) => {
  const rows: JsonObject[] = [];
  // Test rows first, subject by subject, then the dev rows the few-shot examples come from.
  for (const split of ["test", "dev"] as const) {
    for (const subject of MMLU_SUBJECTS) {
      const path = `mmlu/${subject}_${split}.jsonl`;
      const records = await recordsOf(fileAt(files, path));
      records.forEach((r, i) => {
        const item = nutcrackerItem(r, `${path} line ${i + 1}`);
        rows.push({ id: `${subject}/${split}-${i + 1}`, split, subject, subject_label: subjectLabel(subject), ...choiceColumns(item) });
      });
    }
  }
  return rows;
};

const arcChallenge: Normaliser = async (files) => {
  const rows: JsonObject[] = [];
  for (const split of ["test", "dev"] as const) {
    const path = `arc_challenge/${split}.jsonl`;
    const records = await recordsOf(fileAt(files, path));
    records.forEach((r, i) => rows.push({ id: `${split}-${i + 1}`, split, ...choiceColumns(nutcrackerItem(r, `${path} line ${i + 1}`)) }));
  }
  return rows;
};

const truthfulqaMc1: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "truthfulqa_mc1/test.jsonl"));
  return records.map((r, i) => {
    const item = shuffleChoices(nutcrackerItem(r, `truthfulqa_mc1/test.jsonl line ${i + 1}`), MC1_SHUFFLE_SALT);
    return { id: `mc1-${i + 1}`, ...choiceColumns(item) };
  });
};

/** TruthfulQA's `; `-separated answer lists as arrays. */
export function answerList(cell: string): string[] {
  return cell
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const truthfulqa: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "truthfulqa/TruthfulQA.csv"));
  return records.map((r, i) => {
    // Row 1 of the CSV is its header.
    const where = `truthfulqa/TruthfulQA.csv row ${i + 2}`;
    return {
      id: `q-${i + 1}`,
      type: text(r, "Type", where),
      category: text(r, "Category", where),
      question: text(r, "Question", where),
      best_answer: text(r, "Best Answer", where),
      best_incorrect_answer: text(r, "Best Incorrect Answer", where),
      correct_answers: answerList(text(r, "Correct Answers", where)),
      incorrect_answers: answerList(text(r, "Incorrect Answers", where)),
      source: text(r, "Source", where),
    };
  });
};

const humaneval: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "humaneval/HumanEval.jsonl.gz"));
  return records.map((r, i) => {
    const where = `humaneval/HumanEval.jsonl.gz line ${i + 1}`;
    const fields = ["task_id", "prompt", "entry_point", "canonical_solution", "test"] as const;
    return Object.fromEntries(fields.map((f) => [f, text(r, f, where)]));
  });
};

/** MBPP's split of a task id (its README): 1–10 prompt, 11–510 test, 511–600 validation, 601–974 train. */
export function mbppSplit(taskId: number): string {
  if (taskId <= 10) return "prompt";
  if (taskId <= 510) return "test";
  if (taskId <= 600) return "validation";
  return "train";
}

/** The paper's 3-shot examples (task ids 2, 3, 4) lead the prompt split, so a run's first three examples are them. */
const MBPP_SHOTS = [2, 3, 4];

const mbpp: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "mbpp/mbpp.jsonl"));
  const rows = records.map((r, i) => {
    const where = `mbpp/mbpp.jsonl line ${i + 1}`;
    const taskId = r.task_id;
    if (typeof taskId !== "number" || !Number.isInteger(taskId)) throw new Error(`${where}: task_id is not an integer`);
    const tests = r.test_list;
    if (!Array.isArray(tests) || !tests.every((t) => typeof t === "string")) throw new Error(`${where}: test_list is not a list of strings`);
    const challenge = Array.isArray(r.challenge_test_list) ? r.challenge_test_list.filter((t): t is string => typeof t === "string") : [];
    // The source writes code with Windows line ends; the model is shown (and the examples answer with) plain ones.
    const code = text(r, "code", where).replaceAll("\r\n", "\n");
    return {
      id: `mbpp-${taskId}`,
      task_id: taskId,
      split: mbppSplit(taskId),
      text: text(r, "text", where),
      code,
      solution: "```python\n" + code.replace(/\n*$/, "\n") + "```",
      test_list: tests,
      tests: tests.join("\n"),
      test_setup_code: typeof r.test_setup_code === "string" ? r.test_setup_code.replaceAll("\r\n", "\n") : "",
      challenge_test_list: challenge,
    };
  });
  const rank = (id: number) => (MBPP_SHOTS.includes(id) ? MBPP_SHOTS.indexOf(id) - MBPP_SHOTS.length : id);
  return rows.sort((a, b) => rank(a.task_id) - rank(b.task_id));
};

const NORMALISERS: Record<LoaderName, Normaliser> = {
  gsm8k,
  mmlu,
  arc_challenge: arcChallenge,
  truthfulqa_mc1: truthfulqaMc1,
  truthfulqa,
  humaneval,
  bfcl: bfclRows,
  mbpp,
  mbpp_plus: mbppPlusRows,
  ifeval: instructionRows("ifeval/input_data.jsonl"),
  ifbench: instructionRows("ifbench/IFBench_test.jsonl"),
  mmlu_pro: mmluProRows,
  hellaswag: hellaswagRows,
  arc_agi: arcAgiRows,
  toxigen: toxigenRows,
  mt_bench: mtBenchRows,
  math_vision: mathVisionRows,
  swebench: swebenchRows,
};

/** The revision rows of a pinned dataset from its loaded files. Throws, naming the file and line, on data it does not expect. */
export function normaliseRows(loader: LoaderName, files: LoadedFile[]): Promise<JsonObject[]> {
  return NORMALISERS[loader](files);
}
