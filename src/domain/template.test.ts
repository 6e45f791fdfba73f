import { describe, expect, it } from "vitest";
import { cellText, parseTemplate, renderTemplate } from "./template";

describe("parseTemplate", () => {
  it.each([
    ["Q: {question}", [{ text: "Q: " }, { column: "question" }], ["question"]],
    ["{a}{b} and {a}", [{ column: "a" }, { column: "b" }, { text: " and " }, { column: "a" }], ["a", "b"]],
    ["{ spaced }", [{ column: "spaced" }], ["spaced"]],
    ["{{literal}} {x}", [{ text: "{literal} " }, { column: "x" }], ["x"]],
    ['json: {{"k": {v}}}', [{ text: 'json: {"k": ' }, { column: "v" }, { text: "}" }], ["v"]],
    ["no placeholders", [{ text: "no placeholders" }], []],
    ["", [], []],
  ])("parses %j", (template, parts, columns) => {
    expect(parseTemplate(template)).toEqual({ ok: true, parts, columns });
  });

  it.each([
    ["{open", "unclosed '{' at position 0"],
    ["a } b", "unmatched '}' at position 2"],
    ["{}", "empty placeholder at position 0"],
    ["{  }", "empty placeholder at position 0"],
    ["{a{b}}", "'{' inside a placeholder at position 2"],
  ])("refuses %j", (template, error) => {
    expect(parseTemplate(template)).toEqual({ ok: false, error: expect.stringContaining(error) });
  });
});

describe("renderTemplate", () => {
  it("fills placeholders from the row and keeps escaped braces", () => {
    const parsed = parseTemplate("{{{q}}} = {n}; tags {t}; missing [{m}] null [{z}]");
    if (!parsed.ok) throw new Error(parsed.error);
    expect(renderTemplate(parsed.parts, { q: "2+2", n: 4, t: ["a", 1], z: null })).toBe('{2+2} = 4; tags ["a",1]; missing [] null []');
  });

  it.each([
    ["s", "s"],
    [0, "0"],
    [false, "false"],
    [null, ""],
    [undefined, ""],
    [{ a: 1 }, '{"a":1}'],
  ])("renders cell %j as %j", (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
