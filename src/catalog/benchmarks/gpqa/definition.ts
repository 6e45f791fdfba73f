/**
 * GPQA (the Diamond cut, 198 questions): how a run executes it, as
 * openai/simple-evals does: its chain-of-thought multiple-choice prompt,
 * the options in its seed-0 order, the letter read by its "Answer: X"
 * pattern. Pure data; the detail page is about.ts.
 */
import type { BenchmarkDefinition } from "../../types";
import { gpqaRows } from "./normalise";
import { GPQA_DATA } from "./source";

/** simple-evals' QUERY_TEMPLATE_MULTICHOICE, with the row's columns in its placeholders. */
const SIMPLE_EVALS_TEMPLATE =
  "Answer the following multiple choice question. The last line of your response should be of the following format: " +
  "'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step before answering.\n\n" +
  "{question}\n\nA) {option_a}\nB) {option_b}\nC) {option_c}\nD) {option_d}";

export const definition: BenchmarkDefinition = {
  id: "bm_gpqa",
  name: "GPQA",
  category: "reasoning",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: GPQA_DATA,
  normalise: gpqaRows,
  split: null,
  prompt_template: SIMPLE_EVALS_TEMPLATE,
  answer_column: "answer_letter",
  scoring: { type: "multiple_choice", extraction: "simple_evals" },
  subsets: ["Biology", "Chemistry", "Physics"],
  few_shot: {
    supported: false,
    default: 0,
    split: null,
    note: "Zero-shot with chain of thought, as simple-evals runs it; examples would put other questions into the prompt.",
  },
  sample_size: 198,
};
