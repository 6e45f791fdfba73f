/** DeepPlanning: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_deep_planning",
  name: "DeepPlanning",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://qwenlm.github.io/Qwen-Agent/en/benchmarks/deepplanning (code and data in the Qwen-Agent project)",
    revision: null,
    license: null,
    notes: "Travel-planning tasks in Chinese and English and shopping tasks in English, each with an offline sandbox database and rule-based checkers.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("constraint-checker"),
  subsets: ["travel", "shopping"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
