// LiveCodeBench's rows from test6.jsonl lines (the generated file in the same
// layout: the real one is pinned by URL only): the prompt's format section,
// public tests as published, hidden tests handed to the revision's file store
// as published, the release date normalised for the window; and the line that
// breaks the format named.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../crypto/hash";
import { sourceFile } from "../../../../test/catalog-files";
import type { RowFiles } from "../../types";
import { miniFiles } from "./mini";
import { livecodebenchRows, releaseDate } from "./normalise";

const at = (line: number) => ({ file: sourceFile("livecodebench/test6.jsonl"), line });

/** A file store that keeps what it is given. */
function store(): RowFiles & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return {
    files,
    async put(path, content) {
      files.set(path, content);
      return { file: path, sha256: await sha256Hex(content), bytes: new TextEncoder().encode(content).length };
    },
  };
}

describe("livecodebench rows", () => {
  it("keeps the problem, the format section of its kind, its public tests, and its hidden tests as a file", async () => {
    const lines = miniFiles()[0]!.text.trim().split("\n");
    const s = store();
    const rows = (await Promise.all(lines.map((l, i) => livecodebenchRows.rows(l, at(i + 1), s)))).flat();
    expect(rows.map((r) => [r.id, r.platform, r.difficulty, r.fn_name, r.release_date])).toEqual([
      ["abc901_a", "atcoder", "easy", "", "2025-01-04T12:00:00"],
      ["abc902_b", "atcoder", "medium", "", "2025-02-15T21:00:00"],
      ["3901", "leetcode", "easy", "maxValue", "2025-03-01T00:00:00"],
      ["2091C", "codeforces", "hard", "", "2025-04-30T15:00:00"],
      ["3902", "leetcode", "medium", "pairs", "2025-01-20T08:30:00"],
      ["abc903_c", "atcoder", "easy", "", "2025-04-10T12:00:00"],
    ]);
    const source = JSON.parse(lines[0]!);
    expect(rows[0]).toEqual({
      id: "abc901_a",
      question_id: "abc901_a",
      question_title: "Made-up Sum",
      question_content: source.question_content,
      platform: "atcoder",
      contest_id: "abc901",
      contest_date: "2025-01-04T12:00:00",
      release_date: "2025-01-04T12:00:00",
      difficulty: "easy",
      subset: "easy",
      starter_code: "",
      fn_name: "",
      format:
        "### Format: Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs). " +
        "Enclose your code within delimiters as follows. Ensure that when the python program runs, it reads the inputs, runs the algorithm and writes output to STDOUT.\n" +
        "```python\n# YOUR CODE HERE\n```\n\n",
      public_tests: source.public_test_cases,
      hidden_tests: { file: "hidden-tests/abc901_a.txt", sha256: await sha256Hex(source.private_test_cases), bytes: source.private_test_cases.length },
    });
    expect(rows[2]!.format).toBe(
      "### Format: You will use the following starter code to write the solution to the problem and enclose your code within delimiters.\n" +
        "```python\nclass Solution:\n    def maxValue(self, nums: List[int]) -> int:\n        \n```\n\n",
    );
    // The hidden tests are kept byte for byte as published: decoding is the sandbox's.
    expect(s.files.get("hidden-tests/abc901_a.txt")).toBe(source.private_test_cases);
    expect(livecodebenchRows.columns).toEqual({ key: "id", split: null, subset: "subset" });
  });

  it.each([
    ["2025-01-04", "2025-01-04T00:00:00"],
    ["2025-01-04T18:30", "2025-01-04T18:30:00"],
    ["2025-01-04 18:30:05.123", "2025-01-04T18:30:05"],
    ["2025-02-30T00:00:00", null],
    ["2025-01-04T18:30:00+00:00", null],
  ])("reads the contest date %s as %s", (value, want) => {
    expect(releaseDate(value)).toBe(want);
  });

  const good = JSON.parse(miniFiles()[0]!.text.split("\n")[0]!);
  it.each([
    [{ ...good, platform: "kattis" }, "platform 'kattis' is not leetcode, atcoder or codeforces"],
    [{ ...good, difficulty: "expert" }, "difficulty 'expert' is not easy, medium or hard"],
    [{ ...good, contest_date: "soon" }, "contest_date 'soon' is not an ISO date and time"],
    [{ ...good, public_test_cases: "[{\"input\": 1}]" }, "public_test_cases is not a list of {input, output}"],
    [{ ...good, metadata: "{" }, "metadata is not JSON"],
    [{ ...good, question_id: "../x" }, "question_id '../x' is not a plain identifier"],
    [{ ...good, private_test_cases: null }, "'private_test_cases' is not text"],
  ])("refuses %j", async (record, message) => {
    await expect(livecodebenchRows.rows(JSON.stringify(record), at(7), store())).rejects.toThrow(`livecodebench/test6.jsonl line 7: ${message}`);
  });
});
