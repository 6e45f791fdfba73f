import { describe, expect, it } from "vitest";
import { canonicalJson, jsonKind, toJsonObject, toJsonValue, type JsonValue } from "./canonical-json";

describe("canonicalJson", () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: [3, { d: 1, c: 2 }], x: null } }, '{"z":{"x":null,"y":[3,{"c":2,"d":1}]}}'],
    [{ "é": "ü", e: "\n" }, '{"e":"\\n","é":"ü"}'],
    [[1, "a", true, null], '[1,"a",true,null]'],
    [{ B: 1, a: 2, _: 3 }, '{"B":1,"_":3,"a":2}'],
    ["x", '"x"'],
    [1.5, "1.5"],
  ])("writes %j as %s", (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it("does not depend on key order", () => {
    expect(canonicalJson(JSON.parse('{"q":"x","a":{"m":1,"n":[2]}}'))).toBe(canonicalJson(JSON.parse('{"a":{"n":[2],"m":1},"q":"x"}')));
  });

  it("writes 10,000 levels without recursion", () => {
    let v: JsonValue = 1;
    for (let i = 0; i < 10_000; i++) v = i % 2 ? [v] : { b: v, a: null };
    const text = canonicalJson(v);
    expect(text.length).toBeGreaterThan(40_000);
    expect(text.startsWith('[{"a":null,"b":[{"a":null,"b":')).toBe(true);
  });

  it("leaves out undefined members and writes undefined elements as null, as JSON.stringify does", () => {
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}');
    expect(canonicalJson(undefined)).toBe("null");
    expect(canonicalJson({ n: Number.NaN })).toBe('{"n":null}');
  });

  it("keeps a __proto__ key as data", () => {
    expect(canonicalJson(JSON.parse('{"__proto__":1,"a":2}'))).toBe('{"__proto__":1,"a":2}');
  });
});

describe("toJsonValue", () => {
  it.each([
    [5n, 5],
    [2n ** 60n, "1152921504606846976"],
    [new Date("2024-01-02T03:04:05Z"), "2024-01-02T03:04:05.000Z"],
    [new Date(NaN), null],
    [new Uint8Array([104, 105]), "aGk="],
    [new Int32Array([1, 2]), [1, 2]],
    [Number.NaN, null],
    [Infinity, null],
    [undefined, null],
    [[1n, { a: 2n }], [1, { a: 2 }]],
    [new Map([["k", 1n]]), { k: 1 }],
  ])("turns %o into %j", (value, json) => {
    expect(toJsonValue(value)).toEqual(json);
  });

  it("keeps a __proto__ field as an own property", () => {
    const out = toJsonObject(JSON.parse('{"__proto__":{"x":1}}'));
    expect(Object.keys(out)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe("jsonKind", () => {
  it.each([
    [null, "null"],
    [[], "array"],
    [{}, "object"],
    ["", "string"],
    [0, "number"],
    [false, "boolean"],
  ])("%j is %s", (value, kind) => {
    expect(jsonKind(value)).toBe(kind);
  });
});
