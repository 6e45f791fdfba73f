/** Text-to-SQL (BIRD): how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { birdLoader } from "./normalise";
import { BIRD_MINI_DEV_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_bird_sql",
  name: "Text-to-SQL (BIRD)",
  category: "coding",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: BIRD_MINI_DEV_DATA,
  normalise: birdLoader,
  split: null,
  // Each row's prompt is BIRD's baseline prompt for it (schema, question, evidence, instruction), built by the loader.
  prompt_template: "{prompt}",
  answer_column: "SQL",
  scoring: { type: "bird_sql" },
  subsets: ["simple", "moderate", "challenging"],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot with the schema and evidence in the prompt, as BIRD's mini-dev baselines are." },
  sample_size: 500,
};
