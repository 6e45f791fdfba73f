/** ChartQA's table for the test mirror (no copy is in ../shared): VLMEvalKit's ChartQA_TEST layout, made-up charts and questions, one row sharing another's chart by index. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, tsvFile } from "../../../../test/mini-vision";
import { CHARTQA_DATA } from "./source";

export function miniFiles(): MiniFile[] {
  return [
    tsvFile(CHARTQA_DATA.files[0]!.path, ["index", "image", "question", "answer", "split"], [
      { index: "0", image: b64(fakePng("chart 0")), question: "What is the made-up revenue of the tallest bar in 2019?", answer: "45", split: "human" },
      { index: "1", image: b64(fakePng("chart 1")), question: "Is the made-up blue line above the red line at\tthe end?", answer: "Yes", split: "augmented" },
      { index: "2", image: "0", question: "What is the made-up difference between the two tallest bars?", answer: "12.5", split: "human" },
      { index: "3", image: b64(fakePng("chart 3")), question: 'Which made-up "segment" of the pie is largest?', answer: "Retail", split: "augmented" },
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
