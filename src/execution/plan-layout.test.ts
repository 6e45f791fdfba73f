import { describe, expect, it } from "vitest";
import { slotsBetween, type PlanMember } from "./plan-layout";

const members: PlanMember[] = [
  [4, "t4", "d4", "x"],
  [9, "t9", "d9", null],
];

describe("slotsBetween", () => {
  it("lays out member-major, targets then attempts", () => {
    expect(slotsBetween(members, { base: 100, k: 2, targets: 2 }, 0, 8)).toEqual([
      [100, "a", "t4", 0, 4, "d4", "x", 0],
      [101, "a", "t4", 0, 4, "d4", "x", 1],
      [102, "b", "t4", 0, 4, "d4", "x", 0],
      [103, "b", "t4", 0, 4, "d4", "x", 1],
      [104, "a", "t9", 1, 9, "d9", null, 0],
      [105, "a", "t9", 1, 9, "d9", null, 1],
      [106, "b", "t9", 1, 9, "d9", null, 0],
      [107, "b", "t9", 1, 9, "d9", null, 1],
    ]);
  });

  it("pages without gaps or overlaps and stops at the last member", () => {
    const layout = { base: 0, k: 3, targets: 1 as const };
    const paged = [...slotsBetween(members, layout, 0, 4), ...slotsBetween(members, layout, 4, 100)];
    expect(paged.map((s) => s[0])).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
