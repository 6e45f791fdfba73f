/** HallusionBench's pinned source: VLMEvalKit's HallusionBench table (yes/no questions with their figures in base64), by the md5 VLMEvalKit states. Pure data. */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

export const HALLUSIONBENCH_DATA = vlmevalDataset(
  "builtin.hallusionbench",
  [vlmevalFile("HallusionBench", "0c23ac0dc9ef46832d7a24504f2a0c7c")],
  "BSD-3-Clause (HallusionBench)",
  "HallusionBench's yes/no questions with their figures (original and edited) as VLMEvalKit publishes them.",
);
