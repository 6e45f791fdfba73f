import { describe, expect, it } from "vitest";
import { depthField, MAX_JSON_DEPTH, tooDeepPath } from "./json-depth";

function arrays(depth: number): unknown {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe("tooDeepPath", () => {
  it.each([
    ["a scalar", 1, undefined],
    ["null", null, undefined],
    ["an empty object", {}, undefined],
    ["arrays at the limit", arrays(MAX_JSON_DEPTH), undefined],
  ])("accepts %s", (_name, value, path) => {
    expect(tooDeepPath(value)).toBe(path);
  });

  it("names the path to the first container past the limit", () => {
    expect(tooDeepPath({ a: 1, b: { c: [[1]] } }, 3)).toEqual(["b", "c", 0]);
    expect(tooDeepPath(arrays(MAX_JSON_DEPTH + 1))).toEqual(Array(MAX_JSON_DEPTH).fill(0));
  });

  it("reports the first offender in document order", () => {
    expect(tooDeepPath({ x: [[[1]]], y: [[[2]]] }, 3)).toEqual(["x", 0, 0]);
  });

  it("walks 100,000 levels without recursion", () => {
    expect(tooDeepPath(arrays(100_000))).toHaveLength(MAX_JSON_DEPTH);
  });
});

describe("depthField", () => {
  it.each([
    [["params", "a"], undefined, "params.a"],
    [["a", 0, 0, 0, 0, 0, 0, 0, 0, 0], undefined, "a.0.0.0.0.0.0.0.…"],
    [["x"], "structured", "structured.x"],
    [[], undefined, "(body)"],
  ])("writes %j (prefix %s) as %s", (path, prefix, field) => {
    expect(depthField(path, prefix)).toBe(field);
  });
});
