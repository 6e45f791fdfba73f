/** HumanEval+: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { humanevalPlusRows } from "./normalise";
import { HUMANEVAL_PLUS_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_humaneval_plus",
  name: "HumanEval+",
  category: "coding",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: HUMANEVAL_PLUS_DATA,
  normalise: humanevalPlusRows,
  split: null,
  // EvalPlus's instruction for chat models (its OpenAI provider): the stripped prompt in a python fence.
  prompt_template: "Please provide a self-contained Python script that solves the following problem in a markdown code block:\n```python\n{task}\n```",
  answer_column: "canonical_solution",
  scoring: {
    type: "code_execution",
    language: "python",
    harness: "evalplus",
    test_column: "inputs",
    entry_point_column: "entry_point",
    prompt_column: "prompt",
    contract_column: "contract",
    reference_column: "canonical_solution",
    oracle_column: "oracle",
    timeout_s: 120,
    memory_mb: 4096,
  },
  subsets: [],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as EvalPlus does: the prompt is the function's signature and docstring." },
  sample_size: 164,
};
