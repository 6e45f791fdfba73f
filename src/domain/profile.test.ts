import { describe, expect, it } from "vitest";
import { canonicalJson } from "../datasets/canonical-json";
import { parseProfileRef, profileContent } from "./profile";

describe("parseProfileRef", () => {
  it.each([
    ["team/eval@1", { name: "team/eval", version: "1" }],
    ["eval@v1.2-rc_3", { name: "eval", version: "v1.2-rc_3" }],
    ["a@B", { name: "a", version: "B" }],
  ])("parses %s", (ref, parsed) => {
    expect(parseProfileRef(ref)).toEqual(parsed);
  });

  it.each(["team/eval", "@1", "eval@", "Team@1", "/eval@1", "a@b@c", "a@1 2", `${"a".repeat(101)}@1`, `a@${"1".repeat(51)}`])(
    "refuses %s",
    (ref) => {
      expect(parseProfileRef(ref)).toBeUndefined();
    },
  );
});

describe("canonicalJson", () => {
  it("sorts keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it("gives the same text for the same content in any key order", () => {
    expect(profileContent({ t: 0.2, m: "x" }, { K: "s" })).toBe(profileContent({ m: "x", t: 0.2 }, { K: "s" }));
    expect(profileContent({ t: 0.2 }, { K: "s" })).not.toBe(profileContent({ t: 0.2 }, { K: "t" }));
    expect(profileContent({ K: "s" }, {})).not.toBe(profileContent({}, { K: "s" }));
  });

  it.each([
    ["s", '"s"'],
    [1.5, "1.5"],
    [true, "true"],
    [null, "null"],
    [[], "[]"],
    [{}, "{}"],
  ])("renders %j as %s", (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });
});
