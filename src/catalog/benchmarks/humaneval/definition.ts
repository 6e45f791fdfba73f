/** HumanEval: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { humanevalRows } from "./normalise";
import { HUMANEVAL_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_humaneval",
  name: "HumanEval",
  category: "coding",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: HUMANEVAL_DATA,
  normalise: humanevalRows,
  split: null,
  prompt_template:
    "Complete the following Python function. " +
    "Reply with the complete function, including its signature, in a single ```python code block.\n\n```python\n{prompt}```",
  answer_column: "canonical_solution",
  scoring: {
    type: "code_execution",
    language: "python",
    harness: "humaneval",
    prompt_column: "prompt",
    test_column: "test",
    entry_point_column: "entry_point",
    timeout_s: 10,
    memory_mb: 1024,
  },
  subsets: [],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot: the prompt is the function stub itself." },
  sample_size: 164,
};
