/** IFBench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { ifbenchRows } from "./normalise";
import { IFBENCH_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_ifbench",
  name: "IFBench",
  category: "instruction",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: IFBENCH_DATA,
  normalise: ifbenchRows,
  split: null,
  prompt_template: "{prompt}",
  answer_column: "instructions",
  scoring: { type: "instruction_checks", level: "prompt", mode: "strict" },
  subsets: [],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as published." },
  sample_size: 300,
};
