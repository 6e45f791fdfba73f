/** SWE-bench Pro: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { swebenchProTaskRows } from "./normalise";
import { SWEBENCH_PRO_TASKS } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_swe_bench_pro",
  name: "SWE-bench Pro",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "needs_runner",
  data: SWEBENCH_PRO_TASKS,
  normalise: swebenchProTaskRows,
  split: null,
  // The statement, then the requirements and the interface, as the Pro paper's agents get them (proInstruction); the repository at /app.
  prompt_template: "{instruction}",
  answer_column: null,
  scoring: runnerVerifier("swe-bench-pro-tests"),
  // The rows name their language (repo_language), but the public set's eleven repositories are too few per language to be subsets worth picking.
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: 731,
};
