import { describe, expect, it } from "vitest";
import { ScoringSpec } from "./spec";
import { scoreYesNo, yesNoOf } from "./yes-no";
import { processPunctuation } from "./vlmeval-text";

const spec = ScoringSpec.parse({ type: "yes_no" }) as { type: "yes_no" };
const row = { question: "Is the line rising", figure_group: "VD_chart_1_0", question_group: "VD_chart_1_2" };

describe("HallusionBench's yes/no reading (YOrN_Extraction)", () => {
  it.each([
    ["Yes.", "Yes"],
    ["No, it is falling.", "No"],
    ["Yes and no", "Unknown"],
    ["Absolutely", "Unknown"],
    ["yes-no", "Unknown"],
    ["NO!", "No"],
  ])("%j reads as %s", (reply, read) => {
    expect(yesNoOf(reply)).toBe(read);
  });

  it("strips punctuation as process_punctuation does", () => {
    expect(processPunctuation("a-b , c")).toBe("a b  c");
    expect(processPunctuation("a-b")).toBe("a b");
    expect(processPunctuation("end. 3.5")).toBe("end 3.5");
  });

  it("scores against the gold answer and reports the figure and question groups", async () => {
    expect(await scoreYesNo({ output: "Yes, it rises.", expected: "Yes", spec, row }, {})).toEqual({
      reward: 1,
      reason: "read from the reply: Yes; the answer is Yes",
      structured: { groups: { fAcc: "VD_chart_1_0", qAcc: "VD_chart_1_2" } },
    });
    expect((await scoreYesNo({ output: "It rises.", expected: "Yes", spec, row }, {})).reward).toBe(0);
  });

  it("asks the run's judge only when the reply reads as neither", async () => {
    const asked: string[] = [];
    const judge = async (m: { content: string }[]) => {
      asked.push(m[0]!.content);
      return { text: "Yes" };
    };
    expect((await scoreYesNo({ output: "It rises.", expected: "Yes", spec, row }, { judge })).reward).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("Question: Is the line rising?\nAnswer: It rises.\nYour output: ");
    await scoreYesNo({ output: "No.", expected: "Yes", spec, row }, { judge });
    expect(asked).toHaveLength(1);
  });
});
