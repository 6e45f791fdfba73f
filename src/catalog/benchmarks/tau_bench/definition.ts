/** TAU-Bench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_tau_bench",
  name: "TAU-Bench",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/sierra-research/tau-bench (and tau2-bench)",
    revision: null,
    license: "MIT",
    notes: "Domains with their tools, policies, databases and user-simulation instructions.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("database-state"),
  subsets: ["retail", "airline"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
