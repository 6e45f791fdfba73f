import { describe, expect, it } from "vitest";
import { breakdown, bySubset, byTask, compareBreakdown } from "./breakdown";
import { outcomesOf } from "./fixtures";

const SUBSETS: Record<string, string | null> = { A: "math", B: "math", C: "code", D: null };
const subsetOf = (m: string) => SUBSETS[m] ?? null;
const RUN = outcomesOf({ A: [1, 0], B: [1, 1], C: [0, "invalid"], D: ["queued", "queued"] }, subsetOf);

describe("breakdown", () => {
  it("aggregates each subset on its own, the unlabelled group last", () => {
    expect(breakdown(RUN, { k: 2, missing_policy: "unknown" }, bySubset)).toEqual([
      {
        key: "code",
        score: 0,
        pass: 0,
        pass_at_k: null,
        pass_hat_k: null,
        score_counts: { total: 2, scored: 1, missing: 1, invalid: 1, total_members: 1, complete_members: 0 },
        // One attempt of one member: Wilson for 0/1.
        score_ci95: [0, expect.closeTo(0.7934506856227626, 12)],
        display: { score: "0%", coverage: "score 0, 1/2 attempts scored, 0/1 members complete" },
      },
      {
        key: "math",
        score: 0.75,
        pass: 0.75,
        pass_at_k: 1,
        pass_hat_k: 0.5,
        score_counts: { total: 4, scored: 4, missing: 0, invalid: 0, total_members: 2, complete_members: 2 },
        // Two clusters {1,0}, {1,1}: Wilson on n_eff = 4 / deff · (1.96 / t(0.975, 1) = 12.7)², almost nothing.
        score_ci95: [expect.closeTo(0.010273460178877813, 12), expect.closeTo(0.9988479842575868, 12)],
        display: { score: "75%", coverage: "score 0.75, 4/4 attempts scored, 2/2 members complete" },
      },
      {
        key: null,
        score: null,
        pass: null,
        pass_at_k: null,
        pass_hat_k: null,
        score_counts: { total: 2, scored: 0, missing: 2, invalid: 0, total_members: 1, complete_members: 0 },
        score_ci95: null,
        display: { score: null, coverage: "score n/a, 0/2 attempts scored, 0/1 members complete" },
      },
    ]);
  });

  it("gives one row per task, under the run's missing policy", () => {
    const rows = breakdown(RUN, { k: 2, missing_policy: "as_failure" }, byTask);
    expect(rows.map((r) => [r.key, r.score, r.pass_at_k, r.pass_hat_k, r.display.score])).toEqual([
      ["A", 0.5, 1, 0, "50%"],
      ["B", 1, 1, 1, "100%"],
      ["C", 0, 0, 0, "0%"],
      ["D", null, null, null, null],
    ]);
  });

  it("is empty without outcomes", () => {
    expect(breakdown([], { k: 1, missing_policy: "unknown" }, bySubset)).toEqual([]);
  });
});

describe("compareBreakdown", () => {
  it("compares each subset present on either side", () => {
    const b = outcomesOf({ A: [1, 1], B: [0, 1], C: [1, 1], E: [1, 1] }, (m) => (m === "E" ? "new" : subsetOf(m)));
    const rows = compareBreakdown(RUN, b, { k: 2, missing_policy: "unknown" }, bySubset);
    expect(rows.map((r) => [r.key, r.delta, r.test.n_shared, r.excluded_members, r.regressions, r.improvements])).toEqual([
      ["code", 1, 1, 0, [], ["C"]],
      ["math", 0, 2, 0, ["B"], ["A"]],
      ["new", null, 0, 1, [], []],
      [null, null, 0, 1, [], []],
    ]);
  });
});
