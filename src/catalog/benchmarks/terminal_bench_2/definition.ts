/** Terminal-Bench 2.0: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { terminalBenchRows } from "./normalise";
import { TERMINAL_BENCH_2_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_terminal_bench_2",
  name: "Terminal-Bench 2.0",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "needs_runner",
  data: TERMINAL_BENCH_2_DATA,
  normalise: terminalBenchRows,
  split: null,
  // The task's instruction.md, verbatim: what Harbor gives the agent.
  prompt_template: "{instruction}",
  answer_column: null,
  scoring: runnerVerifier("task-tests"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: 89,
  needs: ["container images"],
};
