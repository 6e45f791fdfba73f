/** SWE-bench Verified: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_swe_bench_verified",
  name: "SWE-bench Verified",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/princeton-nlp/SWE-bench_Verified",
    revision: null,
    license: null,
    notes: "500 task instances with their base commits and test lists; container images per repository.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("swe-bench-tests"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
