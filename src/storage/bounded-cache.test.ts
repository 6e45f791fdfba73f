import { describe, expect, it } from "vitest";
import { ByteCache, parsedBytes } from "./bounded-cache";

describe("ByteCache", () => {
  it("holds at most its budget, letting the least recently read go first", () => {
    const c = new ByteCache<string>(100);
    c.set("a", "A", 40);
    c.set("b", "B", 40);
    expect(c.get("a")).toBe("A"); // a is now the most recently read
    c.set("c", "C", 40);
    expect([c.has("a"), c.has("b"), c.has("c"), c.bytes]).toEqual([true, false, true, 80]);
  });

  it("does not keep an entry bigger than the budget, nor let it push the others out", () => {
    const c = new ByteCache<string>(100);
    c.set("a", "A", 60);
    c.set("huge", "H", 101);
    expect([c.has("huge"), c.has("a"), c.bytes]).toEqual([false, true, 60]);
  });

  it("replacing an entry counts its new size only", () => {
    const c = new ByteCache<string>(100);
    c.set("a", "A", 60);
    c.set("a", "A2", 30);
    expect([c.get("a"), c.bytes, c.size]).toEqual(["A2", 30, 1]);
  });

  it("estimates a parsed JSON text at three bytes a character", () => {
    expect(parsedBytes(1_000)).toBe(3_000);
  });
});
