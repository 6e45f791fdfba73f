/** HumanEval+: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_humaneval_plus",
  name: "HumanEval+",
  category: "coding",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/evalplus/humanevalplus_release (releases) and https://huggingface.co/datasets/evalplus/humanevalplus",
    revision: null,
    license: "Apache-2.0",
    notes: "Versioned releases of the HumanEval problems with the extended test inputs.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("evalplus-tests"),
  subsets: [],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot: the prompt is the function stub itself." },
  sample_size: null,
};
