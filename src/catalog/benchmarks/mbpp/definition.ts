/** MBPP: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { mbppRows } from "./normalise";
import { MBPP_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mbpp",
  name: "MBPP",
  category: "coding",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MBPP_DATA,
  normalise: mbppRows,
  split: "test",
  prompt_template:
    "You are an expert Python programmer, and here is your task: " +
    "{text} Your code should pass these tests:\n\n{tests}\n\nReply with your code in a single ```python code block.",
  answer_column: "solution",
  scoring: {
    type: "code_execution",
    language: "python",
    harness: "mbpp",
    test_column: "test_list",
    setup_column: "test_setup_code",
    timeout_s: 20,
    memory_mb: 1024,
  },
  subsets: [],
  few_shot: { supported: true, default: 3, split: "prompt", note: "The paper's setup: tasks 2, 3 and 4 of the 'prompt' split, solved, before each task." },
  sample_size: 500,
};
