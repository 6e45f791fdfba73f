import { describe, expect, it } from "vitest";
import { b64, fakePng, pyList, tsvFile } from "../../test/mini-vision";
import { hallusionbenchLoader } from "./benchmarks/hallusionbench/normalise";
import { mathvistaLoader } from "./benchmarks/mathvista/normalise";
import { MMMU_PRO_PROMPTS, mmmuProLoader } from "./benchmarks/mmmu_pro/normalise";
import { MMMU_PRO_STANDARD, MMMU_PRO_VISION } from "./benchmarks/mmmu_pro/source";
import { realworldqaLoader } from "./benchmarks/realworldqa/normalise";
import type { EmbeddedLoader, ExtractedRow } from "./types";
import { answerList } from "./vlmeval-tsv";

/** The rows a loader makes of a generated table. */
async function load(loader: EmbeddedLoader, path: string, header: string[], rows: Record<string, string>[]): Promise<ExtractedRow[]> {
  const out: ExtractedRow[] = [];
  const file = tsvFile(path, header, rows);
  for await (const r of loader.rows({ path, url: "https://example.invalid/t.tsv", format: "tsv" }, new Blob([file.text]).stream())) out.push(r);
  return out;
}

const A = b64(fakePng("a"));
const B = b64(fakePng("b"));
const HB = ["index", "image", "question", "answer", "category", "l2-category"];
const hb = (index: string, image: string, answer = "Yes") => ({ index, image, question: "Is the made-up line rising?", answer, category: "VD", "l2-category": "chart" });

describe("VLMEvalKit's tables", () => {
  it("store a shared image once and let rows name it by index; several images as a Python list, in order", async () => {
    const rows = await load(hallusionbenchLoader, "vlmevalkit/HallusionBench.tsv", HB, [hb("VD_chart_0_1_2_3", A), hb("VD_chart_0_1_4_5", "VD_chart_0_1_2_3", "No")]);
    expect(rows.map((r) => r.images.length)).toEqual([1, 0]);
    expect(rows[1]!.row.image).toEqual(rows[0]!.row.image);
    expect(rows[0]!.row).toMatchObject({ id: "VD_chart_0_1_2_3", subset: "chart", figure_group: "chart_1_2", question_group: "chart_1_3" });
    const pro = await load(mmmuProLoader, MMMU_PRO_STANDARD.path, ["index", "image", "question", "A", "B", "C", "answer"], [{ index: "7", image: pyList([A, B]), question: "Compare <image 1> and <image 2>.", A: "x", B: "y", C: "z", answer: "C" }]);
    expect((pro[0]!.row.images as { file: string }[]).map((c) => c.file)).toEqual(pro[0]!.images.map((i) => i.path));
    expect(pro[0]!.images).toHaveLength(2);
    expect(pro[0]!.row).toMatchObject({ id: "standard_7", split: "standard", options: ["x", "y", "z"], prompt: `Compare <image 1> and <image 2>.\nA. x\nB. y\nC. z\n${MMMU_PRO_PROMPTS.standard}` });
    const vision = await load(mmmuProLoader, MMMU_PRO_VISION.path, ["index", "image", "question", "A", "B", "answer"], [{ index: "7", image: A, question: "placeholder", A: "x", B: "y", answer: "A" }]);
    expect(vision[0]!.row).toMatchObject({ id: "vision_7", split: "vision", question: null, prompt: MMMU_PRO_PROMPTS.vision });
  });

  it.each([
    [[hb("VD_chart_0_1_2_3", "VD_chart_9_9_9_9")], "names no earlier row's image"],
    [[hb("VD_chart_0_1_2_3", "@".repeat(80))], "an image cell is not base64"],
    [[hb("VD_chart_0_1_2_3", b64(new TextEncoder().encode("plain text that is not an image at all, long enough to be more than sixty-four characters")))], "not a PNG, JPEG, GIF or WebP image"],
    [[hb("VD_chart_0_1", A)], "has no set, figure and question ids"],
    [[hb("VD_chart_0_1_2_3", A, "Maybe")], "the answer 'Maybe' is not Yes or No"],
    [[hb("VD_chart_0_1_2_3", A), hb("VD_chart_0_1_2_3", A)], "index 'VD_chart_0_1_2_3' appears twice"],
    [[], "has no rows"],
  ])("refuses a malformed table (%#)", async (rows, message) => {
    await expect(load(hallusionbenchLoader, "vlmevalkit/HallusionBench.tsv", HB, rows)).rejects.toThrow(message);
  });

  it("MathVista: the option letter from the choices when the table has none; RealWorldQA: VLMEvalKit's multiple-choice prompt", async () => {
    const mv = await load(mathvistaLoader, "vlmevalkit/MathVista_MINI.tsv", ["index", "image", "question", "answer", "question_type", "answer_type", "choices", "task"], [
      { index: "1", image: A, question: "Which made-up fraction?", answer: "8/11", question_type: "multi_choice", answer_type: "text", choices: pyList(["3/11", "8/11"]), task: "figure question answering" },
      { index: "2", image: B, question: "How many made-up blocks?", answer: "14", question_type: "free_form", answer_type: "integer", choices: "", task: "math word problem" },
    ]);
    expect(mv.map((r) => [r.row.answer_option, r.row.choices, r.row.subset])).toEqual([["B", ["3/11", "8/11"], "figure question answering"], [null, [], "math word problem"]]);
    const rw = await load(realworldqaLoader, "vlmevalkit/RealWorldQA.tsv", ["index", "image", "question", "A", "B", "answer"], [{ index: "0", image: A, question: "Is the made-up car parked?", A: "Yes", B: "No", answer: "A" }]);
    expect(rw[0]!.row.prompt).toBe("Question: Is the made-up car parked?\nOptions:\nA. Yes\nB. No\nPlease select the correct answer from the options above. \n");
    await expect(load(realworldqaLoader, "vlmevalkit/RealWorldQA.tsv", ["index", "image", "question", "A", "B", "answer"], [{ index: "0", image: A, question: "q", A: "Yes", B: "No", answer: "C" }])).rejects.toThrow("the answer 'C' is not one of its 2 option letters");
  });

  it("reads an answer cell as a Python list of accepted answers, or one answer", () => {
    expect(answerList("['1995', 'March 1995']")).toEqual(["1995", "March 1995"]);
    expect(answerList("[0, 1] interval")).toEqual(["[0, 1] interval"]);
    expect(answerList("45")).toEqual(["45"]);
  });
});
