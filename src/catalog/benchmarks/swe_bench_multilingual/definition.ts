/** SWE-bench Multilingual: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_swe_bench_multilingual",
  name: "SWE-bench Multilingual",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/SWE-bench/SWE-bench_Multilingual",
    revision: null,
    license: null,
    notes: "300 task instances from 42 repositories; evaluated with the SWE-bench harness.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("swe-bench-tests"),
  subsets: ["c", "cpp", "go", "java", "javascript", "typescript", "php", "ruby", "rust"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
