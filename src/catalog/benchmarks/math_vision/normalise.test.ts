import { describe, expect, it } from "vitest";
import { MATH_VISION_DATA } from "./source";
import { mathVisionOptionsText, mathVisionRows } from "./normalise";

const file = MATH_VISION_DATA.files[0]!;
const load = (lines: unknown[]) => mathVisionRows([{ file, bytes: new TextEncoder().encode(lines.map((l) => JSON.stringify(l)).join("\n") + "\n") }]);
const problem = (over: Record<string, unknown> = {}) => ({
  id: "4",
  question: "How many made-up digits?\n<image1>",
  options: [],
  answer: "6",
  solution: null,
  level: 1,
  subject: "counting",
  image: "images/4.jpg",
  ...over,
});

describe("the MATH-Vision loader", () => {
  it("keeps the source's fields and adds how the options are shown", async () => {
    expect(await load([problem(), problem({ id: "6", options: ["A", "B", "C", "D", "E"], answer: "D", solution: "Look." })])).toEqual([
      { id: "4", subject: "counting", level: 1, question: "How many made-up digits?\n<image1>", options: [], options_text: "", answer: "6", solution: null, image: "images/4.jpg" },
      {
        id: "6",
        subject: "counting",
        level: 1,
        question: "How many made-up digits?\n<image1>",
        options: ["A", "B", "C", "D", "E"],
        options_text: "\n\nChoices: A, B, C, D, E (the options labelled so in the image).",
        answer: "D",
        solution: "Look.",
        image: "images/4.jpg",
      },
    ]);
  });

  it("writes option texts and <imageN> placeholders as (A) … lines", () => {
    expect(mathVisionOptionsText(["3", "4", "5", "6", "7"])).toBe("\n\nChoices:\n(A) 3\n(B) 4\n(C) 5\n(D) 6\n(E) 7");
    expect(mathVisionOptionsText(["<image2>", "<image3>", "<image4>", "<image5>", "<image6>"])).toBe("\n\nChoices:\n(A) <image2>\n(B) <image3>\n(C) <image4>\n(D) <image5>\n(E) <image6>");
  });

  it.each([
    [problem({ id: 4 }), "'id' is not text"],
    [problem({ options: ["1", "2"], answer: "C" }), "the answer 'C' is not one of the option letters"],
    [problem({ options: "ABCDE" }), "'options' is not a list of text"],
    [problem({ level: "1" }), "'level' is not an integer"],
    [problem({ image: null }), "'image' is not text"],
  ])("refuses a malformed line (%#)", async (line, message) => {
    await expect(load([line])).rejects.toThrow(message);
  });

  it("refuses a repeated id", async () => {
    await expect(load([problem(), problem()])).rejects.toThrow("id '4' appears twice");
  });
});
