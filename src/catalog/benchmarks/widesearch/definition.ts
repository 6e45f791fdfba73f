/** WideSearch: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_widesearch",
  name: "WideSearch",
  category: "agent",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://widesearch-seed.github.io (tasks and gold tables released by ByteDance Seed)",
    revision: null,
    license: null,
    notes: "200 tasks, half in English and half in Chinese, each with a gold table.",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("table-match"),
  subsets: ["en", "zh"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
};
