/** SWE-bench Pro: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_swe_bench_pro",
  name: "SWE-bench Pro",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/ScaleAI/SWE-bench_Pro (public set) and https://github.com/scaleapi/SWE-bench_Pro-os",
    // The pinned commit of the public set (src/environments/swebench/pro-data.ts), not yet loaded by this entry.
    revision: "7ab5114912baf22bb098818e604c02fe7ad2c11f",
    license: null,
    notes: "Only the public set is downloadable; the held-out and commercial sets are evaluated by Scale AI. The public set and the harness's run scripts are pinned (pro-data.ts, pro-scripts.ts); the entry does not load them yet.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("swe-bench-pro-tests"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
