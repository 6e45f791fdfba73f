/** GSM8K: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { gsm8kRows } from "./normalise";
import { GSM8K_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_gsm8k",
  name: "GSM8K",
  category: "reasoning",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: GSM8K_DATA,
  normalise: gsm8kRows,
  split: null,
  prompt_template:
    "Solve the math word problem below. " +
    "Think step by step, then give the final answer as a number on the last line, in the form \"#### <number>\".\n\nQuestion: {question}",
  answer_column: "answer",
  scoring: { type: "numeric", mode: "flexible" },
  subsets: [],
  few_shot: {
    supported: true,
    default: 0,
    split: null,
    note: "The training split is not loaded, so examples are test problems outside the run's selection, shown with their worked solutions.",
  },
  sample_size: 1319,
};
