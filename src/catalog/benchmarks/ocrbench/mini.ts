/** OCRBench's table for the test mirror (no copy is in ../shared): VLMEvalKit's OCRBench layout, made-up images, answers as Python lists, a handwritten-maths row. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, pyList, tsvFile } from "../../../../test/mini-vision";
import { OCRBENCH_DATA } from "./source";

export function miniFiles(): MiniFile[] {
  return [
    tsvFile(OCRBENCH_DATA.files[0]!.path, ["index", "image", "question", "answer", "category"], [
      { index: "0", image: b64(fakePng("word stop")), question: "what is written in the made-up image?", answer: pyList(["STOP"]), category: "Regular Text Recognition" },
      { index: "1", image: b64(fakePng("receipt")), question: "What is the made-up total on this receipt?", answer: pyList(["12.50", "$12.50"]), category: "Key Information Extraction" },
      { index: "2", image: b64(fakePng("formula")), question: "Please write out the made-up expression of the formula in the image using LaTeX format.", answer: pyList(["x^{2}+1"]), category: "Handwritten Mathematical Expression Recognition" },
      { index: "3", image: b64(fakePng("shop sign")), question: "What does the made-up shop sign say?", answer: pyList(["open late"]), category: "Scene Text-centric VQA" },
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
