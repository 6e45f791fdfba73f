import { describe, expect, it } from "vitest";
import { gzip, jsonl, sourceFile } from "../../../../test/catalog-files";
import { humanevalRows } from "./normalise";

describe("HumanEval's normaliser", () => {
  it("inflates the gzip file and keeps the five fields a runner needs", async () => {
    const row = { task_id: "HumanEval/0", prompt: "def f():\n", entry_point: "f", canonical_solution: "    return 1\n", test: "def check(c):\n    assert c() == 1\n", extra: "dropped" };
    const bytes = await gzip(jsonl([row]));
    const out = await humanevalRows([{ file: sourceFile("humaneval/HumanEval.jsonl.gz", "jsonl.gz"), bytes }]);
    const { extra: _extra, ...kept } = row;
    expect(out).toEqual([kept]);
  });
});
