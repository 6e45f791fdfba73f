/** SWE-bench Multilingual: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { SWEBENCH_MULTILINGUAL_DATA } from "../../../environments/swebench/multilingual-data";
import { swebenchRows } from "../../../environments/swebench/verified-data";
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_swe_bench_multilingual",
  name: "SWE-bench Multilingual",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "needs_runner",
  data: SWEBENCH_MULTILINGUAL_DATA,
  normalise: swebenchRows,
  split: null,
  // As Verified's: the environment runner puts the agent in the instance's image, the repository at /testbed.
  prompt_template:
    "The repository {repo} is checked out at /testbed at commit {base_commit}. Resolve the issue below by editing the repository's files (do not change its tests). " +
    "When you are done, reply with a short summary of the change.\n\n{problem_statement}",
  answer_column: null,
  scoring: runnerVerifier("swe-bench-tests"),
  // The rows name no language (only the repository), so there is no column to pick a language by.
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: 300,
};
