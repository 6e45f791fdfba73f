/** SWE-bench Verified: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { SWEBENCH_VERIFIED_DATA, swebenchRows } from "../../../environments/swebench/verified-data";
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_swe_bench_verified",
  name: "SWE-bench Verified",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "needs_runner",
  data: SWEBENCH_VERIFIED_DATA,
  normalise: swebenchRows,
  split: null,
  // What the agent is told; the environment runner puts it in the instance's image, the repository at /testbed (the harness's work directory).
  prompt_template:
    "The repository {repo} is checked out at /testbed at commit {base_commit}. Resolve the issue below by editing the repository's files (do not change its tests). " +
    "When you are done, reply with a short summary of the change.\n\n{problem_statement}",
  answer_column: null,
  scoring: runnerVerifier("swe-bench-tests"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: 500,
};
