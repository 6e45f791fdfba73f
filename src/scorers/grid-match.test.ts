/**
 * ARC-AGI's grid scoring on replies shaped like real ones: the last grid is
 * the answer whatever its notation (spaced digits, commas, brackets, run-
 * together digits, one-line JSON), prose and scratch work around it, and an
 * exact match of size and cells is the only pass.
 */
import { describe, expect, it } from "vitest";
import { builtinById } from "../catalog";
import { lastGrid, renderGrid } from "./grid-match";
import { scoreAttempt } from "./registry";
import { ScoringSpec } from "./spec";

describe("lastGrid", () => {
  // [reply, grid]
  const table: [string, number[][] | null][] = [
    ["0 7 7\n7 7 7\n0 7 7", [[0, 7, 7], [7, 7, 7], [0, 7, 7]]],
    ["The rule mirrors each row.\n\nTest output:\n1 2\n3 4\n\nThat is my answer.", [[1, 2], [3, 4]]],
    ["```\n[1, 2],\n[3, 4]\n```", [[1, 2], [3, 4]]],
    ["0,1,2\n3,4,5", [[0, 1, 2], [3, 4, 5]]],
    ["012\n345", [[0, 1, 2], [3, 4, 5]]],
    ["Answer: [[5, 0], [0, 5]].", [[5, 0], [0, 5]]],
    // The last grid wins: a scratch grid before the answer, or two grids of different widths back to back.
    ["First try:\n1 1\n1 1\nCorrected:\n2 2\n2 2", [[2, 2], [2, 2]]],
    ["1 1 1\n2 2\n3 3", [[2, 2], [3, 3]]],
    // A JSON grid after a text grid, and the other way round.
    ["1 1\n1 1\n[[3]]", [[3]]],
    ["[[3]]\n4 4", [[4, 4]]],
    // Not grids: prose with numbers, a ragged block, cells above 9, a 31-wide row.
    ["It has 3 rows and 4 columns.", null],
    ["1 2 3\nsome words\n", [[1, 2, 3]]],
    ["10 11\n12 13", null],
    [Array.from({ length: 31 }, () => "0").join(" "), null],
    ["", null],
  ];
  it.each(table)("%j", (reply, grid) => {
    expect(lastGrid(reply)).toEqual(grid);
  });

  it("reads back every grid it renders", () => {
    const g = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 0, 1]];
    expect(renderGrid(g)).toBe("0 1 2 3\n4 5 6 7\n8 9 0 1");
    expect(lastGrid(renderGrid(g))).toEqual(g);
  });
});

describe("the ARC-AGI scorer", () => {
  const spec = ScoringSpec.parse(builtinById("bm_arc_agi")!.scoring);
  const expected = JSON.stringify([[0, 7], [7, 0]]);
  const score = (output: string) => scoreAttempt({ output, expected, spec });

  it("passes only an exact match, and says why not", async () => {
    expect(await score("Test output:\n0 7\n7 0")).toEqual({ reward: 1, reason: "the 2×2 grid matches exactly" });
    expect(await score("0 7\n7 7")).toEqual({ reward: 0, reason: "1 of 4 cells differ" });
    expect(await score("0 7 0\n7 0 7")).toEqual({ reward: 0, reason: "the grid is 2×3, expected 2×2" });
    expect(await score("I could not find the rule.")).toEqual({ reward: 0, reason: "no grid in the reply" });
  });

  it("cannot score a row without a grid as its answer", async () => {
    expect((await scoreAttempt({ output: "0", expected: "not a grid", spec })).reward).toBeNull();
    expect((await scoreAttempt({ output: "0", expected: null, spec })).reward).toBeNull();
  });
});
