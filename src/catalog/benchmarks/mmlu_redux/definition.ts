/**
 * MMLU-Redux: how a run executes it, as lm-evaluation-harness's
 * mmlu_redux generative tasks do: only the questions the annotators
 * labelled correct (the default split), its zero-shot letter prompt, the
 * first standalone A–D of the reply as the answer. The corrected-answer
 * form is the variant MMLU-Redux (corrected). Pure data; the detail page
 * is about.ts.
 */
import type { BenchmarkDefinition } from "../../types";
import { mmluReduxRows } from "./normalise";
import { MMLU_REDUX_DATA, MMLU_REDUX_SUBJECTS } from "./source";

/** lm-evaluation-harness's mmlu_redux generative doc_to_text. */
export const REDUX_TEMPLATE =
  "{question}\n{choices_text}\nPlease respond with the correct letter (A, B, C or D) without any additional comments, only the correct letter:";

/** How both forms are asked and scored. */
export const REDUX_TASKS: Pick<BenchmarkDefinition, "prompt_template" | "answer_column" | "scoring" | "subsets" | "few_shot"> = {
  prompt_template: REDUX_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice", extraction: "first_letter" },
  subsets: [...MMLU_REDUX_SUBJECTS],
  few_shot: { supported: true, default: 0, split: null, note: "Zero-shot, as lm-evaluation-harness runs it; examples would be questions outside the run's selection." },
};

export const definition: BenchmarkDefinition = {
  id: "bm_mmlu_redux",
  name: "MMLU-Redux",
  category: "knowledge",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: MMLU_REDUX_DATA,
  normalise: mmluReduxRows,
  split: "ok",
  ...REDUX_TASKS,
  sample_size: 5330,
};
