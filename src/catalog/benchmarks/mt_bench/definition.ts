/** MT-Bench: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { mtBenchRows } from "./normalise";
import { MT_BENCH_CATEGORIES, MT_BENCH_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_mt_bench",
  name: "MT-Bench",
  category: "chat",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MT_BENCH_DATA,
  normalise: mtBenchRows,
  split: null,
  prompt_template: "{turn_1}",
  answer_column: "reference_answers",
  scoring: { type: "mt_bench_judge", reference_column: "reference_answers" },
  turns_column: "turns",
  subsets: [...MT_BENCH_CATEGORIES],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as upstream: the conversation is the question's own two turns." },
  sample_size: 80,
};
