/** ARC-AGI-2, a variant of ARC-AGI: its own task files, asked and scored as ARC-AGI's. Pure data; the detail page is about.ts. */
import type { BenchmarkDefinition } from "../../types";
import { ARC_TASKS } from "../arc_agi/definition";
import { arcAgiRows } from "../arc_agi/normalise";
import { ARC_AGI_2_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_arc_agi_2",
  name: "ARC-AGI-2",
  category: "reasoning",
  kind: "inline",
  variant_of: "bm_arc_agi",
  status: "runnable",
  data: ARC_AGI_2_DATA,
  normalise: arcAgiRows,
  ...ARC_TASKS,
  sample_size: 167,
};
