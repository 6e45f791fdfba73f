/** LiveCodeBench v6: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_livecodebench_v6",
  name: "LiveCodeBench v6",
  category: "coding",
  kind: "runner",
  variant_of: null,
  status: "unavailable",
  data: {
    kind: "external",
    location: "https://huggingface.co/datasets/livecodebench/code_generation_lite (version_tag release_v6)",
    revision: "release_v6",
    license: null,
    notes: "Problems carry their contest date; the hidden tests are large, compressed blobs.",
  },
  split: "test",
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("livecodebench-hidden-tests"),
  subsets: ["easy", "medium", "hard"],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot." },
  sample_size: null,
};
