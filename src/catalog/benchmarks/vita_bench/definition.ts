/** VITA-Bench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_vita_bench",
  name: "VITA-Bench",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://vitabench.github.io (code, dataset and leaderboard)",
    revision: null,
    license: null,
    notes: "Single-scenario and cross-scenario tasks with their environments, user profiles and rubrics.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("rubric-sliding-window"),
  subsets: ["delivery", "in_store", "travel", "cross_scenario"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
