/** MCP-Atlas: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mcp_atlas",
  name: "MCP-Atlas",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://github.com/scaleapi/mcp-atlas",
    revision: null,
    license: null,
    notes:
      "A public subset of the tasks with their claim lists and a containerised harness of the MCP servers; " +
      "the rest is held out for Scale AI's leaderboard.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("claims-rubric"),
  subsets: [],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
