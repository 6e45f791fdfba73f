/** MBPP+: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { mbppPlusRows } from "./normalise";
import { MBPP_PLUS_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mbpp_plus",
  name: "MBPP+",
  category: "coding",
  kind: "inline",
  variant_of: "bm_mbpp",
  status: "runnable",
  data: MBPP_PLUS_DATA,
  normalise: mbppPlusRows,
  split: null,
  prompt_template: "Please provide a self-contained Python script that solves the following problem in a markdown code block:\n```\n{prompt}```",
  answer_column: "solution",
  scoring: {
    type: "code_execution",
    language: "python",
    harness: "evalplus",
    test_column: "inputs",
    entry_point_column: "entry_point",
    reference_column: "canonical_solution",
    oracle_column: "oracle",
    timeout_s: 120,
    memory_mb: 4096,
  },
  subsets: [],
  few_shot: {
    supported: false,
    default: 0,
    split: null,
    note: "Run zero-shot, as EvalPlus does: the first original test in the prompt shows the function's name and signature.",
  },
  sample_size: 399,
};
