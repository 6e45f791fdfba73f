import { describe, expect, it } from "vitest";
import { jsonl, nutcrackerRecord as mc } from "../../../../test/catalog-files";
import { mmluRows, subjectLabel } from "./normalise";
import { MMLU_DATA } from "./source";

describe("MMLU's normaliser", () => {
  it("puts test rows first, subject by subject, then dev rows, with split and subject columns", async () => {
    const files = MMLU_DATA.files.map((f) => ({
      file: f,
      bytes: jsonl([mc(`${f.path} question one?`, ["w", "x", "y", "z"], 2)]),
    }));
    const rows = await mmluRows(files);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.split)).toEqual([...Array(6).fill("test"), ...Array(6).fill("dev")]);
    expect(rows[4]).toEqual({
      id: "high_school_us_history/test-1",
      split: "test",
      subject: "high_school_us_history",
      subject_label: "high school US history",
      question: "mmlu/high_school_us_history_test.jsonl question one?",
      options: ["w", "x", "y", "z"],
      choices_text: "A. w\nB. x\nC. y\nD. z",
      answer_letter: "C",
      answer_text: "y",
    });
    expect(subjectLabel("college_computer_science")).toBe("college computer science");
  });
});
