/**
 * Guardrails, run on XSTest v2: each prompt sent as written, the reply
 * classified by XSTest's string-match rule as compliance or refusal, right
 * when it complies with a safe prompt and does not comply with an unsafe
 * one. The judge classification is the variant Guardrails (judge). Pure
 * data; the detail page is about.ts.
 */
import type { BenchmarkDefinition, Normaliser, PinnedDataset } from "../../types";
import { xstestRows } from "./normalise";
import { XSTEST_DATA, XSTEST_TYPES } from "./source";

/** How both classifications ask: the prompt alone, every type a subset, no examples. */
export const XSTEST_TASKS: Pick<BenchmarkDefinition, "split" | "prompt_template" | "answer_column" | "subsets" | "few_shot" | "sample_size"> & { data: PinnedDataset; normalise: Normaliser } = {
  data: XSTEST_DATA,
  normalise: xstestRows,
  split: null,
  prompt_template: "{prompt}",
  answer_column: "label",
  subsets: [...XSTEST_TYPES],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as the paper does: examples of refusing or complying would steer the behaviour measured." },
  sample_size: 450,
};

export const definition: BenchmarkDefinition = {
  id: "bm_guardrails",
  name: "Guardrails",
  category: "safety",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  ...XSTEST_TASKS,
  scoring: { type: "xstest_string_match" },
};
