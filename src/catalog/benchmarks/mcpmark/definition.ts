/** MCPMark: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mcpmark",
  name: "MCPMark",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/eval-sys/mcpmark",
    revision: null,
    license: null,
    notes: "Tasks per service with an initial state to set up and a verification script; the Notion tasks start from template pages.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("task-verify-script"),
  subsets: ["notion", "github", "filesystem", "postgres", "playwright"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
