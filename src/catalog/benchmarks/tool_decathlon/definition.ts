/** Tool Decathlon: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_tool_decathlon",
  name: "Tool Decathlon",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/hkust-nlp/Toolathlon",
    revision: null,
    license: null,
    notes: "Tasks with initial environment states, MCP server configurations and evaluation scripts; several applications run in local containers.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("task-eval-script"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
