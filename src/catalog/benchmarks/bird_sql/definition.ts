/** Text-to-SQL (BIRD): how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_bird_sql",
  name: "Text-to-SQL (BIRD)",
  category: "coding",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://bird-bench.github.io (dev set download: questions plus the SQLite databases)",
    revision: null,
    license: "CC-BY-SA-4.0",
    notes: "The databases are several gigabytes; the test set is hidden and scored by the organisers.",
  },
  split: "dev",
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("execution-accuracy"),
  subsets: ["simple", "moderate", "challenging"],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot with the schema and evidence in the prompt." },
  sample_size: null,
};
