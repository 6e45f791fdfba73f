/** RealWorldQA's pinned source: VLMEvalKit's RealWorldQA table (765 photographs with multiple-choice questions, images in base64), by the md5 VLMEvalKit states. Pure data. */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

export const REALWORLDQA_DATA = vlmevalDataset(
  "builtin.realworldqa",
  [vlmevalFile("RealWorldQA", "4de008f55dc4fd008ca9e15321dc44b7")],
  "CC-BY-ND-4.0",
  "xAI's RealWorldQA (765 questions on real photographs) as VLMEvalKit publishes it, its options split into columns A, B, C, D.",
);
