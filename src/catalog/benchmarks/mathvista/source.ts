/** MathVista's pinned source: VLMEvalKit's MathVista_MINI table (testmini, 1,000 problems with their images in base64), by the md5 VLMEvalKit states. Pure data. */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

export const MATHVISTA_DATA = vlmevalDataset(
  "builtin.mathvista-testmini",
  [vlmevalFile("MathVista_MINI", "f199b98e178e5a2a20e7048f5dcb0464")],
  "CC-BY-SA-4.0",
  "MathVista's testmini (1,000 problems; the test split's answers are withheld) as VLMEvalKit publishes it.",
);
