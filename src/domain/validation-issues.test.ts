import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeValue, issuesToFieldErrors, validationDetail } from "./validation-issues";

const Body = z.strictObject({
  name: z.string().min(2).max(5),
  kind: z.enum(["inline", "runner"]),
  attempts: z.number().int().min(1).max(3),
  scoring: z.discriminatedUnion("type", [z.strictObject({ type: z.literal("contains") }), z.strictObject({ type: z.literal("regex"), pattern: z.string() })]),
  tags: z.array(z.string()).max(1).optional(),
});

const errorsOf = (input: unknown) => {
  const r = Body.safeParse(input);
  if (r.success) throw new Error("expected a failure");
  return issuesToFieldErrors(r.error, input);
};

const good = { name: "abc", kind: "inline", attempts: 2, scoring: { type: "contains" } };

describe("issuesToFieldErrors", () => {
  it.each<[string, Record<string, unknown>, { field: string; message: string }[]]>([
    ["an unknown discriminator", { scoring: { type: "bleu" } }, [{ field: "scoring.type", message: "expected one of contains, regex; got 'bleu'" }]],
    ["a missing discriminator", { scoring: {} }, [{ field: "scoring.type", message: "expected one of contains, regex; got nothing (the field is missing)" }]],
    ["an enum miss", { kind: "batch" }, [{ field: "kind", message: "expected one of inline, runner; got 'batch'" }]],
    ["a wrong type", { attempts: "2" }, [{ field: "attempts", message: "expected a number; got a string" }]],
    ["a fraction for an integer", { attempts: 1.5 }, [{ field: "attempts", message: "expected an integer; got 1.5" }]],
    ["a number too big", { attempts: 9 }, [{ field: "attempts", message: "expected a number at most 3; got 9" }]],
    ["a string too short", { name: "a" }, [{ field: "name", message: "expected at least 2 characters; got 1" }]],
    ["too many items", { tags: ["a", "b"] }, [{ field: "tags", message: "expected at most 1 items; got 2" }]],
    ["a missing field", { name: undefined }, [{ field: "name", message: "required" }]],
    ["an unknown field", { extra: 1 }, [{ field: "extra", message: "unknown field 'extra'" }]],
    ["a missing field inside a variant", { scoring: { type: "regex" } }, [{ field: "scoring.pattern", message: "required" }]],
  ])("renders %s with what was expected and what was given", (_, change, expected) => {
    expect(errorsOf({ ...good, ...change })).toEqual(expected);
  });

  it("names the body itself when the body is the wrong shape", () => {
    expect(errorsOf([])).toEqual([{ field: "(body)", message: "expected an object; got an array" }]);
  });
});

describe("describeValue", () => {
  it.each([
    ["x".repeat(70), `'${"x".repeat(60)}…'`],
    [null, "null"],
    [[1, 2], "an array of 2"],
    [{ a: 1 }, "an object"],
    [true, "true"],
  ])("shows %j as %s", (value, shown) => {
    expect(describeValue(value)).toBe(shown);
  });
});

describe("validationDetail", () => {
  it("spells out the first five errors and counts the rest", () => {
    const errors = Array.from({ length: 7 }, (_, i) => ({ field: `f${i}`, message: "bad" }));
    expect(validationDetail("body", errors)).toBe("invalid body: f0: bad; f1: bad; f2: bad; f3: bad; f4: bad (and 2 more)");
  });
});
