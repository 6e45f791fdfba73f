import { describe, expect, it } from "vitest";
import { benchmarkOf, slotAt, type PlanMember } from "./plan-layout";

const members: PlanMember[] = [
  [4, "t4", "d4", "x"],
  [9, "t9", "d9", null],
];
const layout = { runId: "run_1", benchmarkId: "bm_1", base: 100, k: 2, targets: 2 as const };
const brief = (seq: number) => {
  const s = slotAt(members, layout, seq);
  return s && [s.seq, s.target, s.memberKey, s.memberIndex, s.rowIndex, s.taskDigest, s.subset, s.attemptIndex];
};

describe("slotAt", () => {
  it("lays out member-major, targets then attempts", () => {
    expect([100, 101, 102, 103, 104, 105, 106, 107].map(brief)).toEqual([
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

  it("has nothing outside the benchmark's range", () => {
    expect(brief(99)).toBeUndefined();
    expect(brief(108)).toBeUndefined();
  });
});

describe("benchmarkOf", () => {
  it("finds the benchmark holding a seq, skipping unplanned ones", () => {
    const rbs = [
      { id: "a", baseSeq: 0, attemptCount: 10 },
      { id: "failed", baseSeq: 10, attemptCount: 0 },
      { id: "b", baseSeq: 10, attemptCount: 5 },
      { id: "pending", baseSeq: null, attemptCount: null },
    ];
    expect([0, 9, 10, 14, 15].map((s) => benchmarkOf(rbs, s)?.id)).toEqual(["a", "a", "b", "b", undefined]);
  });
});
