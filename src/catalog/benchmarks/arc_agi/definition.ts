/** ARC-AGI: how a run executes it (its data, prompt and scorer), and how ARC-AGI-2 shares it. Pure data; the detail page is about.ts. */
import type { BenchmarkDefinition } from "../../types";
import { arcAgiRows } from "./normalise";
import { ARC_AGI_DATA } from "./source";

/** ARC-AGI-1 and -2 share the prompt: the demonstrations and the test input, never a test output. */
const ARC_PROMPT =
  "Each example below shows an input grid and its output grid. Grids are written one row per line, each cell a digit 0-9 separated by spaces. " +
  "Find the rule that turns every input into its output and apply it to the test input.\n\n{examples}\n\nTest input:\n{test_input}\n\n" +
  "Reply with the test output grid in the same format. The last grid in your reply is read as your answer.";

/** How both ARC sets are asked and scored: one row per test input, its demonstrations in the prompt, the last grid of the reply matched exactly. */
export const ARC_TASKS: Pick<BenchmarkDefinition, "split" | "prompt_template" | "answer_column" | "scoring" | "min_attempts" | "subsets" | "few_shot"> = {
  split: null,
  prompt_template: ARC_PROMPT,
  answer_column: "test_output",
  scoring: { type: "grid_match" },
  min_attempts: 2,
  subsets: [],
  few_shot: {
    supported: false,
    default: 0,
    split: null,
    note: "Every task carries its own demonstrations. Do not set few-shot: examples from other rows would show other tasks' test outputs.",
  },
};

export const definition: BenchmarkDefinition = {
  id: "bm_arc_agi",
  name: "ARC-AGI",
  category: "reasoning",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: ARC_AGI_DATA,
  normalise: arcAgiRows,
  ...ARC_TASKS,
  sample_size: 419,
};
