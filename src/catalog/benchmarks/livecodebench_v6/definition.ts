/** LiveCodeBench v6: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { livecodebenchRows } from "./normalise";
import { LIVECODEBENCH_V6_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_livecodebench_v6",
  name: "LiveCodeBench v6",
  category: "coding",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: LIVECODEBENCH_V6_DATA,
  normalise: livecodebenchRows,
  split: null,
  // LiveCodeBench's generic chat prompt; its system message ("You are an expert Python programmer...") opens the user message,
  // as Assay's built-ins carry no system prompt.
  prompt_template:
    "You are an expert Python programmer. You will be given a question (problem specification) and will generate a correct Python program " +
    "that matches the specification and passes all tests.\n\n### Question:\n{question_content}\n\n{format}### Answer: (use the provided format with backticks)\n\n",
  answer_column: null,
  scoring: { type: "livecodebench" },
  date_column: "release_date",
  subsets: ["easy", "medium", "hard"],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as LiveCodeBench's chat models are." },
  sample_size: 175,
};
