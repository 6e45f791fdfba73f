import { describe, expect, it } from "vitest";
import { errorKindOf } from "./run-outcome";
import { isRecorded, matchOutputs, MAX_LISTED_UNMATCHED, noOutputError, outputsColumnErrors, outputText } from "./recorded-outputs";

const members = [
  { key: "a", index: 0 },
  { key: "b", index: 1 },
  { key: "c", index: 2 },
];
const tasks = new Set(["a", "b", "c", "d"]);
const out = (index: number, data: Record<string, unknown>) => ({ index, data: data as never });

describe("matchOutputs", () => {
  it("orders a task's outputs by the attempt column (numbers, then text, then none; ties in file order) and keeps k", () => {
    const outputs = [out(0, { k: "a", n: 2 }), out(1, { k: "a", n: 0 }), out(2, { k: "a" }), out(3, { k: "a", n: "x" }), out(4, { k: "a", n: 0 }), out(5, { k: "b", n: 1 })];
    const r = matchOutputs(members, tasks, outputs, { key_column: "k", attempt_column: "n" }, 4);
    expect(r.plan).toEqual([[1, 4, 0, 3], [5], []]);
    expect(r.match).toEqual({ outputs: 6, matched_tasks: 2, missing_tasks: 1, unmatched_count: 0, unmatched_keys: [], beyond_k: 1 });
  });

  it("reports outputs whose key matches no task (keyless rows named by position), but not those of unselected tasks", () => {
    const outputs = [out(0, { k: "zz" }), out(1, { k: "d" }), out(2, { k: null }), out(3, { k: 7 }), out(4, { k: "c" })];
    const r = matchOutputs(members, tasks, outputs, { key_column: "k" }, 1);
    expect(r.plan).toEqual([[], [], [4]]);
    expect(r.match).toMatchObject({ unmatched_count: 3, unmatched_keys: ["zz", "(row 3: no key)", "7"], matched_tasks: 1, missing_tasks: 2 });
  });

  it("lists at most MAX_LISTED_UNMATCHED keys and counts them all", () => {
    const outputs = Array.from({ length: MAX_LISTED_UNMATCHED + 5 }, (_, i) => out(i, { k: `x${i}` }));
    const r = matchOutputs(members, tasks, outputs, { key_column: "k" }, 1);
    expect(r.match.unmatched_count).toBe(MAX_LISTED_UNMATCHED + 5);
    expect(r.match.unmatched_keys).toHaveLength(MAX_LISTED_UNMATCHED);
  });

  it("without a key column, outputs row i is the output of the task at row index i", () => {
    const r = matchOutputs([{ key: "a", index: 0 }, { key: "c", index: 2 }], new Set(["0", "1", "2"]), [out(0, {}), out(1, {}), out(2, {}), out(3, {})], {}, 1);
    expect(r.plan).toEqual([[0], [2]]);
    expect(r.match).toMatchObject({ matched_tasks: 2, unmatched_count: 1, unmatched_keys: ["3"] });
  });
});

describe("recorded output helpers", () => {
  it.each([
    ["text", "x", "x"],
    ["empty text", "", ""],
    ["a number", 42, "42"],
    ["null", null, null],
    ["absent", undefined, null],
    ["a structure", { a: 1 }, null],
  ])("outputText of %s", (_what, v, want) => expect(outputText(v as never)).toBe(want));

  it("an attempt without a recorded output counts as no_output, whatever its key says", () => {
    expect(errorKindOf("failed", noOutputError("none for task timeout-401 in outs@1"))).toBe("no_output");
  });

  it("names each column the revision lacks by its field", () => {
    expect(outputsColumnErrors("compare_target", { key_column: "id", output_column: "text", attempt_column: "n" }, ["id", "out"]).map((e) => e.field)).toEqual([
      "compare_target.output_column",
      "compare_target.attempt_column",
    ]);
  });

  it.each([
    [{ sourceRunId: null, target: { kind: "outputs" }, compareTarget: { kind: "model" } }, [true, false]],
    [{ sourceRunId: "run_1", target: { kind: "model" }, compareTarget: { kind: "model" } }, [true, true]],
    [{ sourceRunId: null, target: { kind: "model" }, compareTarget: null }, [false, false]],
  ])("isRecorded %#", (run, want) => expect([isRecorded(run, "a"), isRecorded(run, "b")]).toEqual(want));
});
