/**
 * MMMU-Pro's pinned source: VLMEvalKit's two MMMU-Pro tables, the standard
 * setting with ten options (MMMU_Pro_10c) and the vision setting, where
 * the question and its options are inside a screenshot (MMMU_Pro_V), each
 * by the md5 VLMEvalKit states. Pure data.
 */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

export const MMMU_PRO_STANDARD = vlmevalFile("MMMU_Pro_10c", "22cee868fe6b680d14b99bfff6db8172");
export const MMMU_PRO_VISION = vlmevalFile("MMMU_Pro_V", "d01441a87b3dbe721b5a04652ae38009");

export const MMMU_PRO_DATA = vlmevalDataset(
  "builtin.mmmu-pro",
  [MMMU_PRO_STANDARD, MMMU_PRO_VISION],
  "Apache-2.0",
  "MMMU-Pro's 1,730 questions in its two settings as VLMEvalKit publishes them: standard with up to ten options (MMMU_Pro_10c) and vision, the question photographed or screenshotted with its options (MMMU_Pro_V).",
);
