/** ChartQA's pinned source: VLMEvalKit's ChartQA_TEST table (the test split, human and augmented questions, each chart as a base64 image), by the md5 VLMEvalKit states. Pure data. */
import { vlmevalDataset, vlmevalFile } from "../../vlmeval-source";

export const CHARTQA_DATA = vlmevalDataset(
  "builtin.chartqa-test",
  [vlmevalFile("ChartQA_TEST", "c902e0aa9be5582a7aad6dcf52734b42")],
  "GPL-3.0 (ChartQA)",
  "ChartQA's test split (2,500 questions: 1,250 written by people, 1,250 generated) as VLMEvalKit publishes it.",
);
