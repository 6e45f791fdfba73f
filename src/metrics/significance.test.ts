import { describe, expect, it } from "vitest";
import { deltaVerdict, verdictText } from "./significance";

describe("deltaVerdict", () => {
  it.each<[number | null, number | null, string]>([
    [-0.2, 0.18, "no_difference"],
    [0.2, 0.18, "no_difference"],
    [-0.2, 0.01, "worse"],
    [0.2, 0.049, "better"],
    [-0.2, 0.05, "no_difference"],
    [0, 0.001, "no_difference"],
    [-0.2, null, "untested"],
    [null, 0.01, "untested"],
  ])("delta %s with p = %s is %s", (delta, p, verdict) => {
    expect(deltaVerdict(delta, p)).toBe(verdict);
  });

  it("says so in words when there is no significant change", () => {
    expect(["better", "worse", "no_difference", "untested"].map((v) => verdictText(v as never))).toEqual(["", "", "no significant difference", "not tested"]);
  });
});
