/** MBPP's rows: every task with its split by task id, its tests and setup, the paper's 3-shot examples first. Pure. */
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";

/** MBPP's split of a task id (its README): 1–10 prompt, 11–510 test, 511–600 validation, 601–974 train. */
export function mbppSplit(taskId: number): string {
  if (taskId <= 10) return "prompt";
  if (taskId <= 510) return "test";
  if (taskId <= 600) return "validation";
  return "train";
}

/** The paper's 3-shot examples (task ids 2, 3, 4) lead the prompt split, so a run's first three examples are them. */
const MBPP_SHOTS = [2, 3, 4];

export const mbppRows: Normaliser = async (files) => {
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
