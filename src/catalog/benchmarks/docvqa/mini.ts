/** DocVQA's table for the test mirror (no copy is in ../shared): VLMEvalKit's DocVQA_VAL layout, made-up pages, answers as Python lists. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, pyList, tsvFile } from "../../../../test/mini-vision";
import { DOCVQA_DATA } from "./source";

export function miniFiles(): MiniFile[] {
  return [
    tsvFile(DOCVQA_DATA.files[0]!.path, ["index", "image", "question", "answer"], [
      { index: "10", image: b64(fakePng("page 1")), question: "What is the made-up date on the letterhead?", answer: pyList(["March 3, 1995", "3 March 1995"]) },
      { index: "11", image: "10", question: "Who signed the made-up letter at the bottom?", answer: pyList(["Dr. Brown"]) },
      { index: "12", image: b64(fakePng("page 2")), question: "What is the made-up total in the invoice table?", answer: pyList(["$1,250.00", "1250"]) },
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
