import { describe, expect, it } from "vitest";
import { MAX_TOKENS, wordDiff } from "./word-diff";

const text = (pieces: { text: string }[]) => pieces.map((p) => p.text).join("");
const changed = (pieces: { text: string; changed: boolean }[]) => pieces.filter((p) => p.changed).map((p) => p.text);

describe("word diff", () => {
  it("marks on each side the words the other lacks, and keeps both texts whole", () => {
    const a = "The answer is 16.\n#### 16";
    const b = "The answer is 17.\n#### 17";
    const d = wordDiff(a, b);
    expect(text(d.a)).toBe(a);
    expect(text(d.b)).toBe(b);
    expect(changed(d.a)).toEqual(["16.", "16"]);
    expect(changed(d.b)).toEqual(["17.", "17"]);
  });

  it("marks nothing for equal texts and everything against an empty one", () => {
    expect(changed(wordDiff("same words here", "same words here").a)).toEqual([]);
    const d = wordDiff("", "new text");
    expect(d.a).toEqual([]);
    expect(d.b).toEqual([{ text: "new text", changed: true }]);
  });

  it("finds an inserted word without marking what follows it", () => {
    const d = wordDiff("a b c d", "a b x c d");
    expect(changed(d.a)).toEqual([]);
    expect(changed(d.b)).toEqual(["x "]);
  });

  it("diffs long outputs on their first tokens and shows the rest unmarked, whole", () => {
    const long = Array.from({ length: MAX_TOKENS }, (_, i) => `w${i}`).join(" ");
    const a = `${long} tail-a`;
    const b = `${long} tail-b`;
    const d = wordDiff(a, b);
    expect(text(d.a)).toBe(a);
    expect(text(d.b)).toBe(b);
    // The tails lie beyond the diffed prefix, so they are not marked.
    expect(changed(d.a).join("")).not.toContain("tail-a");
  });
});
