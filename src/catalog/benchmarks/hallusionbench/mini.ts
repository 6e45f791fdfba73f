/** HallusionBench's table for the test mirror (no copy is in ../shared): VLMEvalKit's layout with its index of set, figure and question ids; an original and an edited figure of one made-up chart. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, tsvFile } from "../../../../test/mini-vision";
import { HALLUSIONBENCH_DATA } from "./source";

export function miniFiles(): MiniFile[] {
  const q = (index: string, image: string, question: string, answer: string) => ({ index, image, question, answer, category: "VD", "l2-category": "chart" });
  return [
    tsvFile(HALLUSIONBENCH_DATA.files[0]!.path, ["index", "image", "question", "answer", "category", "l2-category"], [
      q("VD_chart_0_0_0_0", b64(fakePng("chart original")), "According to the made-up chart, did sales rise in 2020?", "Yes"),
      q("VD_chart_0_0_0_1", "VD_chart_0_0_0_0", "According to the made-up chart, is 2020 the best year?", "No"),
      q("VD_chart_0_0_1_0", b64(fakePng("chart edited")), "According to the edited made-up chart, did sales rise in 2020?", "No"),
      q("VD_chart_0_0_1_1", "VD_chart_0_0_1_0", "According to the edited made-up chart, is 2020 the best year?", "No"),
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
