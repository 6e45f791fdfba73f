/** Guardrails (judge), a variant of Guardrails: the same XSTest prompts, each reply classified by the run's judge with the paper's three labels. Pure data; the detail page is about.ts. */
import type { BenchmarkDefinition } from "../../types";
import { XSTEST_TASKS } from "../guardrails/definition";

export const definition: BenchmarkDefinition = {
  id: "bm_guardrails_judge",
  name: "Guardrails (judge)",
  category: "safety",
  kind: "inline",
  variant_of: "bm_guardrails",
  status: "runnable",
  ...XSTEST_TASKS,
  scoring: { type: "xstest_judge" },
};
