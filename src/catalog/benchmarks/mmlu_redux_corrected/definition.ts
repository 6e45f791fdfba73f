/**
 * MMLU-Redux (corrected), a variant of MMLU-Redux: the questions labelled
 * correct plus the wrong-groundtruth ones with the annotators' correct
 * answer as the key, asked and scored as MMLU-Redux's. Its own revision
 * (another normaliser over the same pinned files). Pure data; the detail
 * page is about.ts.
 */
import type { BenchmarkDefinition } from "../../types";
import { REDUX_TASKS } from "../mmlu_redux/definition";
import { mmluReduxCorrectedRows } from "../mmlu_redux/normalise";
import { MMLU_REDUX_DATA } from "../mmlu_redux/source";

export const definition: BenchmarkDefinition = {
  id: "bm_mmlu_redux_corrected",
  name: "MMLU-Redux (corrected)",
  category: "knowledge",
  kind: "inline",
  variant_of: "bm_mmlu_redux",
  status: "runnable",
  data: { ...MMLU_REDUX_DATA, name: "builtin.mmlu-redux-corrected" },
  normalise: mmluReduxCorrectedRows,
  split: null,
  ...REDUX_TASKS,
  sample_size: 5432,
};
