/** BFCL v4: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { BFCL_CATEGORIES, bfclRows } from "./normalise";
import { BFCL_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_bfcl_v4",
  name: "BFCL v4",
  category: "agent",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: BFCL_DATA,
  normalise: bfclRows,
  split: null,
  prompt_template: "{question}",
  answer_column: "ground_truth",
  scoring: { type: "function_call", functions_column: "functions", category_column: "category" },
  tools_column: "tools",
  subsets: [...BFCL_CATEGORIES],
  few_shot: { supported: false, default: 0, split: null, note: "BFCL asks each question zero-shot; examples would need earlier tool-call turns." },
  sample_size: 1240,
};
