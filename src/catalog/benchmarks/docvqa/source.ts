/** DocVQA's pinned source: VLMEvalKit's DocVQA_VAL table (the validation split, each page as a base64 image, answers as a list), by the md5 VLMEvalKit states. Pure data. */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

export const DOCVQA_DATA = vlmevalDataset(
  "builtin.docvqa-val",
  [vlmevalFile("DocVQA_VAL", "d5ee77e1926ff10690d469c56b73eabf")],
  "research use (DocVQA's terms)",
  "DocVQA's validation split (5,349 questions over 1,286 document pages; the test split's answers are withheld) as VLMEvalKit publishes it.",
);
