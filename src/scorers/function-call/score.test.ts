/**
 * The BFCL AST checker, rule by rule: one table per rule, each row a call
 * and the verdict BFCL's ast_checker.py gives it.
 */
import { describe, expect, it } from "vitest";
import { FunctionCallSpec } from "../spec";
import type { ToolCall } from "../../domain/tools";
import { scoreFunctionCall } from "./score";
import { standardizeString } from "./values";
import { parsePyJson, pyEquals, PyFloat, pyType } from "./py-values";
import { nameRestorer, wireName } from "./names";

const spec = FunctionCallSpec.parse({ type: "function_call" });

const AREA = {
  name: "geometry.area",
  description: "Area of a triangle.",
  parameters: {
    type: "dict",
    properties: {
      base: { type: "integer" },
      height: { type: "float" },
      unit: { type: "string" },
      shape: { type: "any" },
      sides: { type: "array", items: { type: "integer" } },
      point: { type: "tuple", items: { type: "float" } },
      opts: { type: "dict", properties: { round: { type: "boolean" }, label: { type: "string" } } },
      layers: { type: "array", items: { type: "dict" } },
      exact: { type: "boolean" },
    },
    required: ["base", "height"],
  },
};
const OTHER = { name: "weather.get", description: "Weather.", parameters: { type: "dict", properties: { city: { type: "string" } }, required: ["city"] } };

const AREA_TRUTH = {
  "geometry.area": {
    base: [10],
    height: [5.0],
    unit: ["square meters", "m^2", ""],
    shape: ["triangle", ""],
    sides: [[3, 4, 5], ""],
    point: [[1.5, 2.0], ""],
    opts: [{ round: [true], label: ["Big Area", ""] }, ""],
    layers: [[{ depth: [1] }, { depth: [2] }], ""],
    exact: [false, ""],
  },
};

let n = 0;
const call = (name: string, args: string): ToolCall => ({ id: `c${n++}`, name, arguments: args });

function score(category: string, functions: unknown[], truth: unknown, calls: ToolCall[] | undefined, output = "") {
  return scoreFunctionCall({
    output,
    expected: truth === null ? null : JSON.stringify(truth).replace(/"height":\[5\]/, '"height":[5.0]').replace(/\[1\.5,2\]/, "[1.5,2.0]"),
    spec,
    tool_calls: calls,
    row: { functions, category },
  });
}
const simple = (args: string, name = "geometry_area") => score("simple_python", [AREA], [AREA_TRUTH], [call(name, args)]);

describe("function_call: names", () => {
  it("offers dotted names with '_' and maps the model's names back", () => {
    expect(wireName("math.hypot")).toBe("math_hypot");
    const back = nameRestorer(["math.hypot", "spotify.play"]);
    expect([back("math_hypot"), back("spotify_play"), back("unknown_fn")]).toEqual(["math.hypot", "spotify.play", "unknown_fn"]);
  });

  it.each([
    { name: "geometry_area", reward: 1 },
    { name: "geometry.area", reward: 1 },
    { name: "weather_get", reward: 0 },
    { name: "area", reward: 0 },
  ])("a call named $name → $reward", ({ name, reward }) => {
    expect(simple('{"base": 10, "height": 5.0}', name).reward).toBe(reward);
  });
});

describe("function_call: required, optional and unexpected parameters", () => {
  it.each([
    { args: '{"base": 10, "height": 5.0}', reward: 1, why: "" },
    { args: '{"base": 10}', reward: 0, why: "simple_function_checker:missing_required: Missing required parameter: 'height'." },
    { args: '{"base": 10, "height": 5.0, "colour": "red"}', reward: 0, why: "simple_function_checker:unexpected_param: Unexpected parameter: 'colour'." },
    { args: '{"base": 10, "height": 5.0, "unit": "m^2"}', reward: 1, why: "" },
  ])("$args → $reward", ({ args, reward, why }) => {
    const r = simple(args);
    expect(r.reward).toBe(reward);
    if (why) expect(r.reason).toBe(why);
  });

  it("refuses a left-out parameter that the answer does not mark optional", () => {
    const truth = { "geometry.area": { base: [10], height: [5.0], unit: ["meters"] } };
    expect(score("simple_python", [AREA], [truth], [call("geometry_area", '{"base": 10, "height": 5.0}')]).reason).toBe(
      "simple_function_checker:missing_optional: Optional parameter 'unit' not provided and not marked as optional.",
    );
  });

  it("refuses a parameter the function has but the answer does not list", () => {
    const truth = { "geometry.area": { base: [10], height: [5.0] } };
    expect(score("simple_python", [AREA], [truth], [call("geometry_area", '{"base": 10, "height": 5.0, "unit": "m"}')]).reason).toBe(
      "simple_function_checker:unexpected_param: Unexpected parameter: 'unit'.",
    );
  });
});

describe("function_call: types", () => {
  it.each([
    { args: '{"base": 10, "height": 5}', reward: 1, note: "int where float is declared (Python's conversion)" },
    { args: '{"base": 10.0, "height": 5.0}', reward: 0, note: "float where int is declared" },
    { args: '{"base": "10", "height": 5.0}', reward: 0, note: "string where int is declared" },
    { args: '{"base": true, "height": 5.0}', reward: 0, note: "bool is not int" },
    { args: '{"base": 10, "height": 5.0, "shape": "triangle"}', reward: 1, note: "any reads as str" },
    { args: '{"base": 10, "height": 5.0, "shape": 3}', reward: 0, note: "any is str, not int" },
    { args: '{"base": 10, "height": 5.0, "sides": [3, 4, 5]}', reward: 1, note: "array of int" },
    { args: '{"base": 10, "height": 5.0, "sides": [3, 4.5, 5]}', reward: 0, note: "an item of the wrong type" },
    { args: '{"base": 10, "height": 5.0, "sides": "3,4,5"}', reward: 0, note: "string where array is declared" },
    { args: '{"base": 10, "height": 5.0, "point": [1.5, 2.0]}', reward: 1, note: "tuple read as list" },
    { args: '{"base": 10, "height": 5.0, "point": [1.5, 2]}', reward: 1, note: "an optional list's items pass the type check; 2 == 2.0 as in Python" },
    { args: '{"base": 10, "height": 5.0, "exact": "false"}', reward: 0, note: "string where bool is declared" },
  ])("$note: $args → $reward", ({ args, reward }) => {
    expect(simple(args).reward).toBe(reward);
  });

  it("names the type error as BFCL does", () => {
    expect(simple('{"base": "10", "height": 5.0}').reason).toBe(
      "type_error:simple: Incorrect type for parameter 'base'. Expected type integer, got str. Parameter value: '10'.",
    );
    // Upstream's nested check passes any value when an acceptable value is not a list (the optional marker ""); the value check then fails it.
    expect(simple('{"base": 10, "height": 5.0, "sides": [3, 4.5, 5]}').reason).toMatch(/^value_error:list\/tuple: Invalid value for parameter 'sides'/);
    const truth = { "geometry.area": { base: [10], height: [5.0], point: [[1.5, 2.0]] } };
    expect(score("simple_python", [AREA], [truth], [call("geometry_area", '{"base": 10, "height": 5.0, "point": [1.5, 2]}')]).reason).toBe(
      "type_error:nested: Nested type checking failed for parameter 'point'. Expected outer type tuple with inner type float. Parameter value: [1.5, 2].",
    );
  });

  it("accepts a value of the answer's type when it differs from the declared one (BFCL's variables)", () => {
    const truth = { "geometry.area": { base: ["n"], height: [5.0] } };
    expect(score("simple_python", [AREA], [truth], [call("geometry_area", '{"base": "n", "height": 5.0}')]).reward).toBe(1);
    expect(score("simple_python", [AREA], [truth], [call("geometry_area", '{"base": "N", "height": 5.0}')]).reward).toBe(0);
  });

  it("fails a declared type BFCL's Python mapping does not know (upstream raises)", () => {
    const doc = { name: "f", description: "", parameters: { type: "dict", properties: { x: { type: "HashMap" } }, required: [] } };
    expect(score("simple_python", [doc], [{ f: { x: ["a"] } }], [call("f", '{"x": "a"}')]).reason).toBe(
      "type_error:unknown: Parameter 'x' declares type 'HashMap', which BFCL's Python checker does not know.",
    );
  });
});

describe("function_call: values", () => {
  it.each([
    { input: "April 1, 2024", out: "april12024" },
    { input: "New-York_City", out: "newyorkcity" },
    { input: "x^2 * y / z", out: "x2yz" },
    { input: "it's", out: 'it"s' },
  ])("standardises '$input' to '$out'", ({ input, out }) => {
    expect(standardizeString(input)).toBe(out);
  });

  it.each([
    { args: '{"base": 10, "height": 5.0, "unit": "Square Meters"}', reward: 1, note: "case and spaces ignored" },
    { args: '{"base": 10, "height": 5.0, "unit": "square_meters."}', reward: 1, note: "punctuation ignored" },
    { args: '{"base": 10, "height": 5.0, "unit": "sq m"}', reward: 0, note: "another string" },
    { args: '{"base": 11, "height": 5.0}', reward: 0, note: "another number" },
    { args: '{"base": 10, "height": 5.0, "sides": [3, 4, 5]}', reward: 1, note: "list equal" },
    { args: '{"base": 10, "height": 5.0, "sides": [5, 4, 3]}', reward: 0, note: "list in another order" },
    { args: '{"base": 10, "height": 5.0, "opts": {"round": true, "label": "big area"}}', reward: 1, note: "dict, string standardised" },
    { args: '{"base": 10, "height": 5.0, "opts": {"round": true}}', reward: 1, note: "dict, optional key left out" },
    { args: '{"base": 10, "height": 5.0, "opts": {"label": "big area"}}', reward: 0, note: "dict, required key left out" },
    { args: '{"base": 10, "height": 5.0, "opts": {"round": true, "extra": 1}}', reward: 0, note: "dict, unknown key" },
    { args: '{"base": 10, "height": 5.0, "layers": [{"depth": 1}, {"depth": 2}]}', reward: 1, note: "list of dicts" },
    { args: '{"base": 10, "height": 5.0, "layers": [{"depth": 2}, {"depth": 1}]}', reward: 0, note: "list of dicts out of order" },
    { args: '{"base": 10, "height": 5.0, "layers": [{"depth": 1}]}', reward: 0, note: "list of dicts too short" },
    { args: '{"base": 10, "height": 5.0, "exact": false}', reward: 1, note: "bool" },
    { args: '{"base": 10, "height": 5.0, "exact": true}', reward: 0, note: "the other bool" },
  ])("$note → $reward", ({ args, reward }) => {
    expect(simple(args).reward).toBe(reward);
  });

  it("reports a wrong string with the acceptable values", () => {
    expect(simple('{"base": 10, "height": 5.0, "unit": "sq m"}').reason).toBe(
      "value_error:string: Invalid value for parameter 'unit': 'sq m'. Expected one of ['square meters', 'm^2', '']. Case insensitive.",
    );
  });
});

describe("function_call: call counts and categories", () => {
  const WEATHER = (city: string) => ({ "weather.get": { city: [city] } });

  it.each([
    { category: "simple_python", calls: [], reward: 0, reason: "ast_decoder:decoder_failed: the model made no function call." },
    { category: "simple_python", calls: [call("geometry_area", '{"base":10,"height":5.0}'), call("geometry_area", '{"base":10,"height":5.0}')], reward: 0, reason: "simple_function_checker:wrong_count: Wrong number of functions: 2 made, 1 expected." },
  ])("$category with $calls.length calls → $reward", ({ category, calls, reward, reason }) => {
    expect(score(category, [AREA], [AREA_TRUTH], calls)).toEqual({ reward, reason });
  });

  it("scores a text answer where a call was expected 0, saying so", () => {
    expect(score("simple_python", [AREA], [AREA_TRUTH], undefined, "The area is 25 square units.")).toEqual({
      reward: 0,
      reason: "ast_decoder:decoder_failed: the model answered in text where a function call was expected.",
    });
  });

  it.each([
    { args: '{"base": 10, "height": 5.0}', name: "geometry_area", reward: 1 },
    { args: '{"city": "Paris"}', name: "weather_get", reward: 0 },
  ])("multiple: picks the expected function among several ($name → $reward)", ({ args, name, reward }) => {
    expect(score("multiple", [OTHER, AREA], [AREA_TRUTH], [call(name, args)]).reward).toBe(reward);
  });

  it.each([
    { cities: ["Paris", "Rome"], reward: 1, note: "in order" },
    { cities: ["Rome", "Paris"], reward: 1, note: "in any order" },
    { cities: ["Paris", "Paris"], reward: 0, note: "one expected call twice" },
    { cities: ["Paris"], reward: 0, note: "one call short" },
    { cities: ["Paris", "Rome", "Oslo"], reward: 0, note: "one call too many" },
  ])("parallel, $note → $reward", ({ cities, reward }) => {
    const calls = cities.map((c) => call("weather_get", JSON.stringify({ city: c })));
    expect(score("parallel", [OTHER], [WEATHER("Paris"), WEATHER("Rome")], calls).reward).toBe(reward);
  });

  it("parallel_multiple: several functions, each call matched to a distinct expected call", () => {
    const calls = [call("weather_get", '{"city": "rome"}'), call("geometry_area", '{"base": 10, "height": 5}'), call("weather_get", '{"city": "PARIS"}')];
    expect(score("parallel_multiple", [AREA, OTHER], [WEATHER("Paris"), AREA_TRUTH, WEATHER("Rome")], calls).reward).toBe(1);
    const wrong = [call("weather_get", '{"city": "rome"}'), call("geometry_area", '{"base": 12, "height": 5}'), call("weather_get", '{"city": "PARIS"}')];
    expect(score("parallel_multiple", [AREA, OTHER], [WEATHER("Paris"), AREA_TRUTH, WEATHER("Rome")], wrong).reason).toMatch(
      /^parallel_function_checker_no_order:cannot_find_match: No call among \[0, 1\] matches expected call 1 \(geometry\.area\)/,
    );
  });

  it("matches parallel calls greedily in the expected calls' order, as upstream does", () => {
    // Expected 0 accepts either city; expected 1 only Rome. Greedy gives Rome to expected 0 and fails where a perfect matching exists.
    const truth = [{ "weather.get": { city: ["Rome", "Paris"] } }, WEATHER("Rome")];
    expect(score("parallel", [OTHER], truth, [call("weather_get", '{"city": "Rome"}'), call("weather_get", '{"city": "Paris"}')]).reward).toBe(0);
    expect(score("parallel", [OTHER], truth, [call("weather_get", '{"city": "Paris"}'), call("weather_get", '{"city": "Rome"}')]).reward).toBe(1);
  });

  it.each([
    { calls: undefined, output: "None of these functions can tell you that.", reward: 1 },
    { calls: [], output: "", reward: 1 },
    { calls: [call("weather_get", '{"city": "Paris"}')], output: "", reward: 0 },
    { calls: [call("weather_get", "{}")], output: "", reward: 0 },
    { calls: [call("weather_get", "not json")], output: "", reward: 1 },
  ])("irrelevance passes only without a valid call ($calls.length calls → $reward)", ({ calls, output, reward }) => {
    expect(score("irrelevance", [OTHER], null, calls, output).reward).toBe(reward);
  });
});

describe("function_call: decoding", () => {
  it.each([
    { args: "not json", reason: /^ast_decoder:decoder_failed: Invalid syntax/ },
    { args: "[1, 2]", reason: /^ast_decoder:decoder_wrong_output_format: Did not output in the specified format/ },
    { args: "[".repeat(100), reason: /nested deeper than 64/ },
  ])("refuses arguments $args", ({ args, reason }) => {
    const r = simple(args);
    expect(r.reward).toBe(0);
    expect(r.reason).toMatch(reason);
  });

  it("keeps JSON floats as floats, as Python's json.loads does", () => {
    expect(pyType(parsePyJson("5"))).toBe("int");
    expect(pyType(parsePyJson("5.0"))).toBe("float");
    expect(pyType(parsePyJson("5e2"))).toBe("float");
    expect(pyEquals(parsePyJson("[1, true, 2.0]"), [1, 1, new PyFloat(2)])).toBe(true);
    expect(pyEquals(parsePyJson('{"a": "x"}'), { a: "y" })).toBe(false);
  });

  it("refuses an integral float where an int is declared, as Python's json.loads reads it", () => {
    expect(simple('{"base": 10.0, "height": 5.0}').reason).toBe(
      "type_error:simple: Incorrect type for parameter 'base'. Expected type integer, got float. Parameter value: 10.0.",
    );
  });

  it("fails an expected function the row does not document (upstream would crash)", () => {
    expect(score("multiple", [OTHER], [AREA_TRUTH], [call("geometry_area", '{"base": 10, "height": 5.0}')]).reason).toBe(
      "checker:missing_doc: The expected function 'geometry.area' is not among the row's functions.",
    );
  });

  it("leaves a row without function documents or category unscored", () => {
    expect(scoreFunctionCall({ output: "", expected: "[]", spec, tool_calls: [], row: { category: "simple_python" } }).reward).toBeNull();
    expect(scoreFunctionCall({ output: "", expected: "[]", spec, tool_calls: [], row: { functions: [AREA] } }).reward).toBeNull();
  });
});
