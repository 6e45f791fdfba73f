/** MMMU-Pro's two tables for the test mirror (no copy is in ../shared): VLMEvalKit's MMMU_Pro_10c (ten options, one question with two images as a Python list) and MMMU_Pro_V (a screenshot each). Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, pyList, tsvFile } from "../../../../test/mini-vision";
import { MMMU_PRO_STANDARD, MMMU_PRO_VISION } from "./source";

const LETTERS = "ABCDEFGHIJ".split("");

export function miniFiles(): MiniFile[] {
  const options = (i: number) => Object.fromEntries(LETTERS.map((l, j) => [l, `made-up option ${j + 1} of question ${i}`]));
  const header = ["index", "image", "question", ...LETTERS, "answer", "subject"];
  return [
    tsvFile(MMMU_PRO_STANDARD.path, header, [
      { index: "0", image: pyList([b64(fakePng("pro 0 a")), b64(fakePng("pro 0 b"))]), question: "Which made-up figure, <image 1> or <image 2>, shows the stable structure?", ...options(0), answer: "D", subject: "Physics" },
      { index: "1", image: b64(fakePng("pro 1")), question: "What does the made-up ledger in <image 1> total?", ...options(1), answer: "J", subject: "Accounting" },
      { index: "2", image: b64(fakePng("pro 2")), question: "Which made-up painting style does <image 1> show?", ...options(2), answer: "A", subject: "Art" },
    ]),
    tsvFile(MMMU_PRO_VISION.path, header, [
      { index: "0", image: b64(fakePng("pro screenshot 0")), question: "placeholder", ...options(0), answer: "D", subject: "Physics" },
      { index: "1", image: b64(fakePng("pro screenshot 1")), question: "placeholder", ...options(1), answer: "J", subject: "Accounting" },
      { index: "2", image: b64(fakePng("pro screenshot 2")), question: "placeholder", ...options(2), answer: "A", subject: "Art" },
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
