/** RealWorldQA's table for the test mirror (no copy is in ../shared): VLMEvalKit's layout with options in columns A–D, made-up photographs. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, tsvFile } from "../../../../test/mini-vision";
import { REALWORLDQA_DATA } from "./source";

export function miniFiles(): MiniFile[] {
  return [
    tsvFile(REALWORLDQA_DATA.files[0]!.path, ["index", "image", "question", "A", "B", "C", "D", "answer"], [
      { index: "0", image: b64(fakePng("road")), question: "In the made-up photo, how many lanes does the road ahead have?", A: "1", B: "2", C: "3", D: "4", answer: "C" },
      { index: "1", image: b64(fakePng("parking")), question: "In the made-up photo, is the car on the left parked?", A: "Yes", B: "No", answer: "A" },
      { index: "2", image: b64(fakePng("crossing")), question: "In the made-up photo, which way is the pedestrian walking?", A: "left", B: "right", C: "towards the camera", answer: "B" },
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
