/** Terminal-Bench 2.0: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_terminal_bench_2",
  name: "Terminal-Bench 2.0",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/laude-institute/terminal-bench and the Harbor registry (dataset terminal-bench@2.0)",
    revision: null,
    license: null,
    notes: "Each task is a directory with an instruction, a container environment, a reference solution and tests.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("task-tests"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
