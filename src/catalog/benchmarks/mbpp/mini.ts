/**
 * MBPP's file for the test mirror without ../shared: mbpp.jsonl's layout
 * (task_id, text, code with Windows line ends, test_list, test_setup_code,
 * challenge_test_list) for made-up tasks 1-4 (the prompt split, the
 * 3-shot examples among them) and 11-16 (test). Test data only.
 */
import type { MiniFile } from "../../../../test/mini-datasets";

const TASK_IDS = [1, 2, 3, 4, 11, 12, 13, 14, 15, 16];

export function miniFiles(): MiniFile[] {
  const lines = TASK_IDS.map((id) =>
    JSON.stringify({
      text: `Write a function to add ${id} to a number.`,
      code: `def add_${id}(x):\r\n    return x + ${id}`,
      task_id: id,
      test_setup_code: "",
      test_list: [`assert add_${id}(1) == ${1 + id}`, `assert add_${id}(0) == ${id}`],
      challenge_test_list: [],
    }),
  );
  return [{ path: "mbpp/mbpp.jsonl", text: lines.join("\n") + "\n", gzip: false }];
}
