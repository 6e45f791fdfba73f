// Python's printing, arithmetic, json and pydantic as the τ-bench tools need
// them, each case a value Python 3.11 gives (checked with python3 when written).
import { describe, expect, it } from "vitest";
import { dumpsPy, loadsPy, MAX_DEPTH } from "./json";
import { construct, dict, lit, list, model, opt, S, validate, ValidationError, withDefault } from "./model";
import { add, addN, eq, floatRepr, fixed, lt, mul, num, PyException, repr, round, str, strRepr, sub } from "./ops";
import { PyDate, PyDateTime, PyFloat } from "./values";

const pyf = (v: number) => new PyFloat(v);

describe("float repr", () => {
  it.each([
    [2, "2.0"],
    [1e16, "1e+16"],
    [1e15, "1000000000000000.0"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [1.5e-7, "1.5e-07"],
    [123456789012345678, "1.2345678901234568e+17"],
    [-0, "-0.0"],
    [2.5, "2.5"],
    [3.3333333333333335, "3.3333333333333335"],
    [1e22, "1e+22"],
  ])("repr(%s) is %s", (x, want) => expect(floatRepr(x)).toBe(want));
});

describe("round and format", () => {
  it.each([
    [0.125, 2, 0.12],
    [2.675, 2, 2.67],
    [0.375, 2, 0.38],
    [0.135, 2, 0.14],
    [-0.125, 2, -0.12],
    [170.67999999999998, 2, 170.68],
  ])("round(%s, %s) is %s (half to even on the exact value)", (x, n, want) => expect(num(round(pyf(x), n))).toBe(want));

  it("keeps an int an int", () => expect(round(5, 2)).toBe(5));
  it("formats .2f as Python does", () => {
    expect(fixed(pyf(0.125), 2)).toBe("0.12");
    expect(fixed(pyf(10), 2)).toBe("10.00");
  });
});

describe("arithmetic and comparisons", () => {
  it("keeps int and float apart", () => {
    expect(addN(1, 2)).toBe(3);
    expect(addN(1, pyf(2))).toEqual(pyf(3));
    expect(sub(pyf(100), 30)).toEqual(pyf(70));
    expect(mul(50, 2)).toBe(100);
  });

  it.each([
    [() => addN(1, "2", "+="), "unsupported operand type(s) for +=: 'int' and 'str'"],
    [() => add("a", 1), 'can only concatenate str (not "int") to str'],
    [() => sub("3", 1), "unsupported operand type(s) for -: 'str' and 'int'"],
    [() => lt("3", 1), "'<' not supported between instances of 'str' and 'int'"],
  ])("raises Python's TypeError text", (f, message) => {
    expect(f).toThrow(PyException);
    expect(f).toThrow(message);
  });

  it("repeats a str multiplied by an int", () => expect(mul(3, "ab")).toBe("ababab"));
  it("compares 1 == 1.0 == True and dicts by content", () => {
    expect(eq(1, pyf(1))).toBe(true);
    expect(eq(true, 1)).toBe(true);
    expect(eq(new Map([["a", 1]]), new Map([["a", pyf(1)]]))).toBe(true);
    expect(eq("1", 1)).toBe(false);
  });
});

describe("str and repr", () => {
  it.each([
    ["it's", `"it's"`],
    ['a"b', `'a"b'`],
    [`both'"`, `'both\\'"'`],
    ["\x7f\n\u00e9\u200b", "'\\x7f\\né\\u200b'"],
  ])("repr(%j)", (s, want) => expect(strRepr(s)).toBe(want));

  it("prints values as print() does", () => {
    expect(str(pyf(150))).toBe("150.0");
    expect(str(true)).toBe("True");
    expect(str(null)).toBe("None");
    expect(repr([1, "a", pyf(2), null])).toBe("[1, 'a', 2.0, None]");
    expect(repr(new Map([["k", [1]]]))).toBe("{'k': [1]}");
    expect(str(new PyDateTime(2025, 1, 20, 14, 30))).toBe("2025-01-20 14:30:00");
  });
});

describe("json", () => {
  it("loads 2.0 as a float, 2 as an int, objects in their order (numeric keys included)", () => {
    const v = loadsPy('{"b": 2.0, "10": 1, "2": [1e3, -0, "x\\u00e9"]}') as Map<string, unknown>;
    expect([...v.keys()]).toEqual(["b", "10", "2"]);
    expect(v.get("b")).toEqual(pyf(2));
    expect(v.get("10")).toBe(1);
    expect(v.get("2")).toEqual([pyf(1000), -0, "xé"]);
  });

  it("dumps as json.dumps does: separators, ensure_ascii, floats, dates", () => {
    const v = new Map<string, never>([
      ["a", "\x7f\u00e9\u{1f50b}" as never],
      ["b", [1, pyf(2)] as never],
      ["d", new PyDate(2025, 2, 25) as never],
      ["t", new PyDateTime(2025, 1, 1) as never],
    ]);
    expect(dumpsPy(v)).toBe('{"a": "\\u007f\\u00e9\\ud83d\\udd0b", "b": [1, 2.0], "d": "2025-02-25", "t": "2025-01-01 00:00:00"}');
    expect(dumpsPy(new Map([["z", 1], ["a", 2]]), { sortKeys: true })).toBe('{"a": 2, "z": 1}');
  });

  it("round-trips a document byte for byte", () => {
    const text = '{"x": [1, 2.5, 100.0, true, null], "y": {"k": "v \\"q\\""}}';
    expect(dumpsPy(loadsPy(text))).toBe(text);
  });

  it.each([
    ['{"a": 1', /Expecting ',' delimiter/],
    ["[1, 2] x", /Extra data/],
    ['{"a": "b', /Unterminated string/],
  ])("refuses %j with JSONDecodeError's words", (text, message) => expect(() => loadsPy(text)).toThrow(message));

  it(`refuses nesting deeper than ${MAX_DEPTH} instead of overflowing the stack`, () => {
    expect(() => loadsPy("[".repeat(10_000) + "]".repeat(10_000))).toThrow(/Nested deeper/);
  });
});

describe("pydantic models", () => {
  const Inner = model("Inner", { n: S.int });
  const Thing = model("Thing", {
    name: S.str,
    price: S.float,
    kind: lit("a", "b"),
    tags: withDefault(list(S.str), () => []),
    note: withDefault(opt(S.str), () => null),
    inner: Inner,
    by_key: withDefault(dict(S.int), () => new Map()),
  });

  it("validates in lax mode: int to float, '2' to int, a dict to its model, defaults in declaration order", () => {
    const t = construct(Thing, { inner: new Map([["n", "2"]]), kind: "a", price: 3, name: "x" });
    expect(Object.keys(t)).toEqual(["name", "price", "kind", "tags", "note", "inner", "by_key"]);
    expect(t.price).toEqual(pyf(3));
    expect(t.inner.n).toBe(2);
    expect(dumpsPy(t)).toBe('{"name": "x", "price": 3.0, "kind": "a", "tags": [], "note": null, "inner": {"n": 2}, "by_key": {}}');
  });

  it("keeps a model instance given for a model field (no copy)", () => {
    const inner = construct(Inner, { n: 1 });
    expect(construct(Thing, { name: "x", price: 1, kind: "b", inner }).inner).toBe(inner);
  });

  it("reports every error as pydantic lays them out", () => {
    try {
      validate(Thing, new Map<string, never>([["name", 5 as never], ["price", pyf(1.5) as never], ["kind", "c" as never]]));
      throw new Error("no error");
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as Error).message).toBe(
        [
          "3 validation errors for Thing",
          "name",
          "  Input should be a valid string [type=string_type, input_value=5, input_type=int]",
          "    For further information visit https://errors.pydantic.dev/2.11/v/string_type",
          "kind",
          "  Input should be 'a' or 'b' [type=literal_error, input_value='c', input_type=str]",
          "    For further information visit https://errors.pydantic.dev/2.11/v/literal_error",
          "inner",
          "  Field required [type=missing, input_value={'name': 5, 'price': 1.5, 'kind': 'c'}, input_type=dict]",
          "    For further information visit https://errors.pydantic.dev/2.11/v/missing",
        ].join("\n"),
      );
    }
  });

  it("refuses an int with a fractional part", () => {
    expect(() => construct(Inner, { n: pyf(2.5) })).toThrow(/got a number with a fractional part/);
    expect(construct(Inner, { n: pyf(2) }).n).toBe(2);
  });
});
