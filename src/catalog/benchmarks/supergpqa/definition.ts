/** SuperGPQA: how a run executes it (its data, prompt and scorer). Pure data; the detail page is about.ts. */
import { supergpqaRows } from "./normalise";
import { SUPERGPQA_DATA, SUPERGPQA_DISCIPLINES } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_supergpqa",
  name: "SuperGPQA",
  category: "knowledge",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: SUPERGPQA_DATA,
  normalise: supergpqaRows,
  split: null,
  // SuperGPQA's zero-shot prompt (config/prompt/zero-shot.yaml) around the question and its lettered options.
  prompt_template:
    "Answer the following multiple choice question. There is only one correct answer. The last line of your response should be in the format " +
    "'Answer: $LETTER' (without quotes), where LETTER is one of A, B, C, D, E, F, G, H, I, or J.\n\n{question}\n{options_text}\n",
  answer_column: "answer_letter",
  scoring: { type: "supergpqa" },
  subsets: SUPERGPQA_DISCIPLINES.map(([d]) => d),
  few_shot: {
    supported: false,
    default: 0,
    split: null,
    note: "Run zero-shot, SuperGPQA's headline setting (its five-shot prompt uses five fixed worked examples that are not among the questions).",
  },
  sample_size: 26_529,
};
