import { describe, expect, it } from "vitest";
import { inWindow, selectTasks, type TaskRef } from "./selection";

const rows: TaskRef[] = Array.from({ length: 10 }, (_, i) => ({
  index: i,
  key: `t${i}`,
  digest: `d${i}`,
  split: i < 8 ? "test" : "dev",
  subset: i % 2 ? "odd" : "even",
}));
const keys = (spec: Parameters<typeof selectTasks>[1]) => selectTasks(rows, spec).map((r) => r.key);

describe("selectTasks", () => {
  it.each([
    [{}, ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9"]],
    [{ split: "dev" }, ["t8", "t9"]],
    [{ subsets: ["odd"] }, ["t1", "t3", "t5", "t7", "t9"]],
    [{ include: ["t3", "t1", "zz"] }, ["t1", "t3"]],
    [{ exclude: ["t0", "t9"] }, ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"]],
    [{ skip: 7 }, ["t7", "t8", "t9"]],
    [{ limit: 3 }, ["t0", "t1", "t2"]],
    [{ limit: 5, sample_limit: 2 }, ["t0", "t1"]],
    [{ split: "test", subsets: ["even"], skip: 1, limit: 2 }, ["t2", "t4"]],
    [{ skip: 20 }, []],
  ])("%j selects %j", (spec, expected) => {
    expect(keys(spec)).toEqual(expected);
  });

  it("shuffles by seed: the same seed repeats, another seed differs, nothing lost", () => {
    const a = keys({ shuffle: true, seed: 7 });
    expect(keys({ shuffle: true, seed: 7 })).toEqual(a);
    expect(keys({ shuffle: true, seed: 8 })).not.toEqual(a);
    expect([...a].sort()).toEqual(keys({}).sort());
    expect(a).not.toEqual(keys({}));
  });

  it("applies skip and limit after the shuffle", () => {
    const all = keys({ shuffle: true, seed: 3 });
    expect(keys({ shuffle: true, seed: 3, skip: 2, limit: 3 })).toEqual(all.slice(2, 5));
  });
});

describe("a release window (LiveCodeBench's start_date and end_date)", () => {
  const dated: TaskRef[] = ["2025-01-04T12:00:00", "2025-02-15T21:00:00", "2025-04-30T00:00:00", "2025-04-30T15:00:00", null].map((date, i) => ({
    index: i,
    key: `p${i}`,
    digest: `d${i}`,
    split: null,
    subset: null,
    date,
  }));
  it.each([
    [{ start: "2025-02-01" }, ["p1", "p2", "p3"]],
    [{ end: "2025-04-30" }, ["p0", "p1", "p2"]],
    [{ start: "2025-01-04", end: "2025-01-04" }, []],
    [{ start: "2025-01-04", end: "2025-01-05" }, ["p0"]],
    [{}, ["p0", "p1", "p2", "p3"]],
  ])("%j keeps %j (a task released after midnight of the end day is out; an undated one never matches)", (window, expected) => {
    expect(selectTasks(dated, { window }).map((r) => r.key)).toEqual(expected);
  });

  it("compares from each day's midnight", () => {
    expect([inWindow("2025-01-04T00:00:00", { start: "2025-01-04" }), inWindow("2025-01-03T23:59:59", { start: "2025-01-04" }), inWindow(undefined, {})]).toEqual([true, false, false]);
  });
});
