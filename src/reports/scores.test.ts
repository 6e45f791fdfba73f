import { describe, expect, it } from "vitest";
import { aggregate, breakdown, bySubset, compareAB } from "../metrics";
import type { AttemptOutcome } from "../metrics";
import type { PlanMember } from "../execution/plan-layout";
import { completeWithPlan } from "./plan-rows";
import { compareRows } from "./ab-view";
import { curveSet } from "./curve-set";
import { scoreRow } from "./score-row";
import { subsetBreakdown } from "./subset-breakdown";
import { taskRows } from "./task-rows";
import type { BenchmarkFacts, MemberRow } from "./member-rows";

/** The member rows SQL would give for these outcomes (one target). */
function rowsOf(outcomes: AttemptOutcome[], target: "a" | "b" = "a"): MemberRow[] {
  const byMember = new Map<string, MemberRow>();
  for (const o of outcomes) {
    let r = byMember.get(o.member);
    if (!r) {
      r = { target, member_index: byMember.size, member_key: o.member, subset: o.subset ?? null, rows: 0, scored: 0, sum: 0, binary: true, unit: true, invalid: 0 };
      byMember.set(o.member, r);
    }
    r.rows += 1;
    if (o.reward === null) {
      if (o.terminal) r.invalid += 1;
      continue;
    }
    r.scored += 1;
    r.sum += o.reward;
    r.binary &&= o.reward === 0 || o.reward === 1;
    r.unit &&= o.reward >= 0 && o.reward <= 1;
  }
  return [...byMember.values()];
}

const out = (member: string, attempt_index: number, reward: number | null, subset: string | null, terminal = true): AttemptOutcome => ({
  member,
  attempt_index,
  reward,
  terminal,
  dispatched: true,
  subset,
});

const OUTCOMES: AttemptOutcome[] = [
  out("A", 0, 1, "x"),
  out("A", 1, 0, "x"),
  out("B", 0, 1, "x"),
  out("B", 1, 1, "x"),
  out("C", 0, 0, "y"),
  out("C", 1, null, "y"),
  out("D", 0, 0.5, null),
  out("D", 1, null, null, false),
];

const facts = (k: number, member_count: number, over: Partial<BenchmarkFacts> = {}): BenchmarkFacts => ({
  benchmark_id: "bm_1",
  name: "b",
  status: "completed",
  error: null,
  k,
  member_count,
  dataset_digest: "d",
  planning_complete: true,
  scorer: "exact_match",
  ...over,
});

describe("scores from member rows", () => {
  it.each(["unknown", "as_failure"] as const)("gives what src/metrics gives on the attempts themselves (%s)", (policy) => {
    const row = scoreRow(facts(2, 5), "a", "m", rowsOf(OUTCOMES), policy);
    const agg = aggregate(OUTCOMES, { k: 2, missing_policy: policy, total_members: 5 });
    expect({ score: row.score, pass: row.pass, pass_at_k: row.pass_at_k, pass_hat_k: row.pass_hat_k, score_counts: row.score_counts, uncertainty: row.uncertainty, display: row.display }).toEqual({
      score: agg.score,
      pass: agg.pass,
      pass_at_k: agg.pass_at_k,
      pass_hat_k: agg.pass_hat_k,
      score_counts: agg.score_counts,
      uncertainty: agg.uncertainty,
      display: agg.display,
    });
    const subsets = subsetBreakdown(rowsOf(OUTCOMES), 2, policy);
    expect(subsets.map(({ pass_hat: _, ...rest }) => rest)).toEqual(breakdown(OUTCOMES, { k: 2, missing_policy: policy }, bySubset));
    // pass^1..pass^k per subset: x's members A (1/2) and B (2/2) give pass^1 = 0.75, pass^2 = 0.5; D's reward 0.5 has no curve.
    expect(subsets.map((s) => [s.key, s.pass_hat])).toEqual([
      ["x", [0.75, 0.5]],
      ["y", policy === "as_failure" ? [0, 0] : [0]],
      [null, null],
    ]);
  });

  it("leads τ²-bench with pass^k and carries pass^1..pass^k, overall and per domain", () => {
    const o = [
      ...[1, 1, 1, 1].map((r, i) => out("a1", i, r, "airline")),
      ...[1, 1, 0, 0].map((r, i) => out("a2", i, r, "airline")),
      ...[1, 0, 0, 0].map((r, i) => out("r1", i, r, "retail")),
    ];
    const row = scoreRow(facts(4, 3, { scorer: "tau2" }), "a", "m", rowsOf(o), "unknown");
    expect(row.headline).toBe("pass_hat_k");
    expect(row.pass_hat).toHaveLength(4);
    expect(row.pass_hat![0]).toBeCloseTo(7 / 12, 12);
    expect(row.pass_hat![1]).toBeCloseTo((1 + 1 / 6 + 0) / 3, 12);
    expect(row.pass_hat![3]).toBeCloseTo(row.pass_hat_k!, 12);
    expect(row.subsets.map((s) => [s.key, s.pass_hat])).toEqual([
      ["airline", [0.75, (1 + 1 / 6) / 2, 0.5, 0.5]],
      ["retail", [0.25, 0, 0, 0]],
    ]);
    expect(scoreRow(facts(4, 3), "a", "m", rowsOf(o), "unknown").headline).toBe("score");
  });

  it("has no numbers for a failed or unplanned benchmark", () => {
    expect(scoreRow(facts(1, 0, { status: "failed", error: "boom" }), "a", "m", [], "unknown")).toMatchObject({ score: null, score_counts: null, display: null, subsets: [], error: "boom" });
    expect(scoreRow(facts(1, 0, { status: "pending", k: null, member_count: null }), "a", "m", [], "unknown")).toMatchObject({ score: null, score_counts: null });
  });

  it("compares like compareAB on the attempts, with capped task lists", () => {
    const a = Array.from({ length: 60 }, (_, i) => out(`t${String(i).padStart(2, "0")}`, 0, 0, null));
    const b = a.map((o) => ({ ...o, reward: 1 }));
    const view = compareRows(rowsOf(a, "a"), rowsOf(b, "b"), 1, "unknown");
    const full = compareAB(a, b, { k: 1, missing_policy: "unknown", total_members: 60 });
    expect(view).toEqual({ ...full, improvements: full.improvements.slice(0, 50), improvements_count: 60, regressions_count: 0 });
  });

  it("lists tasks with each target's score and the difference", () => {
    const rows = [...rowsOf([out("A", 0, 1, null)], "a"), ...rowsOf([out("A", 0, 0, null)], "b")];
    expect(taskRows(rows, 1, "unknown").map((t) => [t.task_key, t.a?.score, t.b?.score, t.delta])).toEqual([["A", 1, 0, -1]]);
  });
});

describe("completeWithPlan", () => {
  const plan: PlanMember[] = [
    [10, "A", "dA", "x"],
    [11, "B", "dB", "y"],
    [12, "C", "dC", null],
  ];
  const rows = rowsOf([out("A", 0, 1, "x")]);

  it("adds members without any row, with nothing scored", () => {
    expect(completeWithPlan(rows, plan, "a", 2, false).map((r) => [r.member_key, r.subset, r.scored, r.invalid])).toEqual([
      ["A", "x", 1, 0],
      ["B", "y", 0, 0],
      ["C", null, 0, 0],
    ]);
  });

  it("counts slots without a row as invalid once the run was cancelled", () => {
    expect(completeWithPlan(rows, plan, "a", 2, true).map((r) => [r.member_key, r.invalid])).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 2],
    ]);
  });
});

describe("curveSet", () => {
  it("matches the seed: n = 5, c = 3 gives 90% and 30% at j = 2", () => {
    const o = [1, 1, 1, 0, 0].map((r, i) => out("T", i, r, null));
    const curve = curveSet(facts(5, 1), "a", rowsOf(o), "unknown");
    expect(curve.rows![1]!.pass_at_j).toBeCloseTo(0.9, 12);
    expect(curve.rows![1]!.pass_hat_j).toBeCloseTo(0.3, 12);
    expect(curve.note).toMatch(/^all 1 members have n = 5/);
  });
});

describe("phases of ended attempts", () => {
  it("split inline time into the model call and what follows; agent time is all agent", async () => {
    const { phasesOf } = await import("../db/run-usage");
    expect(phasesOf({ mean_latency_ms: 120.4, mean_wall_ms: 150 })).toEqual({ agent: 120, scoring: 30 });
    expect(phasesOf({ mean_latency_ms: 200, mean_wall_ms: 190 })).toEqual({ agent: 200, scoring: 0 });
    expect(phasesOf({ mean_latency_ms: null, mean_wall_ms: 5000 })).toEqual({ agent: 5000 });
    expect(phasesOf({ mean_latency_ms: null, mean_wall_ms: null })).toBeNull();
  });
});
