/**
 * The BFCL loader: questions joined with their possible answers, functions
 * converted to tools as BFCL's harness converts them, ground truth kept as
 * JSON text with its floats. On generated files in the published format,
 * and on the real pinned files when ../shared is there (where every row's
 * first acceptable answer must also pass the checker).
 */
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../../crypto/hash";
import { FunctionCallSpec } from "../../../scorers/spec";
import { scoreFunctionCall } from "../../../scorers/function-call/score";
import { isDict, parsePyJson, PyFloat, toJsonText, type PyValue } from "../../../scorers/function-call/py-values";
import { BFCL_DATA } from "./source";
import type { JsonObject } from "../../../datasets/canonical-json";
import type { SourceFile } from "../../types";
import { castProperties, bfclTool, PYTHON_HINT } from "./tools";
import { BFCL_CATEGORIES, bfclRows } from "./normalise";
import type { LoadedFile } from "../../types";
import { MINI_BFCL_ROWS, miniBfclFiles } from "../../../../test/mini-bfcl";

const enc = (s: string) => new TextEncoder().encode(s);
const spec = FunctionCallSpec.parse({ type: "function_call" });

function generated(): LoadedFile[] {
  return miniBfclFiles().map((f) => ({ file: { ...BFCL_DATA.files.find((p) => p.path === f.path)!, sha256: "0".repeat(64), bytes: f.text.length }, bytes: enc(f.text) }));
}

/**
 * The calls a model answering right would make: each expected call with its
 * first acceptable values, names as offered. An optional parameter the
 * function does not have is left out (some answers list one: parallel_multiple_12).
 */
function rightCalls(truth: string, row: Record<string, unknown>) {
  const docs = row.functions as { name: string; parameters: { properties: Record<string, unknown> } }[];
  const pick = (options: PyValue): PyValue | undefined => {
    const v = Array.isArray(options) ? options.find((o) => o !== "") : options;
    return v === undefined ? undefined : resolve(v);
  };
  const resolve = (v: PyValue): PyValue =>
    Array.isArray(v) ? v.map(resolve) : isDict(v) ? Object.fromEntries(Object.entries(v).flatMap(([k, o]) => { const p = pick(o); return p === undefined ? [] : [[k, p]]; })) : v;
  return (parsePyJson(truth) as PyValue[]).map((c, i) => {
    const [name, params] = Object.entries(c as Record<string, PyValue>)[0]!;
    const known = docs.find((d) => d.name === name)?.parameters.properties ?? {};
    const kept = Object.fromEntries(Object.entries(params as Record<string, PyValue[]>).filter(([k, o]) => Object.hasOwn(known, k) || !o.includes("")));
    return { id: `c${i}`, name: name.replaceAll(".", "_"), arguments: toJsonText(resolve(kept)) };
  });
}

describe("BFCL tools, as BFCL converts function documents for OpenAI and Anthropic", () => {
  it.each([
    { given: { type: "dict" }, sent: { type: "object" } },
    { given: { type: "float", description: "Height." }, sent: { type: "number", format: "float", description: "Height. This is a float type value." } },
    { given: { type: "tuple", items: { type: "float" } }, sent: { type: "array", items: { type: "number" } } },
    { given: { type: "any" }, sent: { type: "string" } },
    { given: { type: "HashMap" }, sent: { type: "object" } },
    { given: { type: "weird" }, sent: { type: "string" } },
    { given: { description: "no type" }, sent: { description: "no type", type: "string" } },
    { given: { type: "array", items: { type: "dict", properties: { x: { type: "float" } } } }, sent: { type: "array", items: { type: "object", properties: { x: { type: "number", format: "float", description: " This is a float type value." } } } } },
    { given: { type: "array", items: { type: "array", items: { type: "integer" } } }, sent: { type: "array", items: { type: "array", items: { type: "integer" } } } },
    { given: { type: "dict", properties: { y: { type: "boolean" } } }, sent: { type: "object", properties: { y: { type: "boolean" } } } },
  ])("$given.type → $sent.type", ({ given, sent }) => {
    expect(castProperties({ p: given as unknown as JsonObject })).toEqual({ p: sent });
  });

  it("renames dotted functions, makes the parameters an object and appends the Python hint", () => {
    const doc = { name: "math.factorial", description: "Factorial.", parameters: { type: "dict", properties: { n: { type: "integer" } }, required: ["n"] } };
    expect(bfclTool(doc)).toEqual({
      name: "math_factorial",
      description: `Factorial.${PYTHON_HINT}`,
      parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    });
    expect(doc.parameters.type).toBe("dict");
  });
});

describe("BFCL loader on generated files", () => {
  it("joins each question with its answer, keeps floats, and gives irrelevance no ground truth", async () => {
    const rows = await bfclRows(generated());
    expect(rows).toHaveLength(BFCL_CATEGORIES.length * MINI_BFCL_ROWS);
    expect(rows.map((r) => r.category)).toEqual(BFCL_CATEGORIES.flatMap((c) => Array(MINI_BFCL_ROWS).fill(c)));
    const first = rows[0]!;
    expect(first).toMatchObject({ id: "simple_python_0", category: "simple_python", question: expect.stringMatching(/^What is the area of a rectangle 3 meters wide/) });
    expect(first.ground_truth).toBe('[{"geometry.rectangle_area": {"width": [3], "height": [4.5], "unit": ["meters", "m", ""]}}]');
    expect((first.tools as { name: string }[]).map((t) => t.name)).toEqual(["geometry_rectangle_area"]);
    const multiple = rows.find((r) => r.id === "multiple_0")!;
    expect(parsePyJson(multiple.ground_truth as string)).toEqual([{ plan_route: { start: [[new PyFloat(0.5), new PyFloat(2)]], options: [{ avoid_tolls: [true], mode: ["car", "driving", ""] }] } }]);
    expect(rows.filter((r) => r.category === "irrelevance").every((r) => r.ground_truth === null)).toBe(true);
  });

  it("passes every row's expected calls and fails them for irrelevance", async () => {
    for (const row of await bfclRows(generated())) {
      const calls = row.ground_truth === null ? [{ id: "c", name: (row.tools as { name: string }[])[0]!.name, arguments: "{}" }] : rightCalls(row.ground_truth as string, row);
      const r = scoreFunctionCall({ output: "", expected: row.ground_truth as string | null, spec, tool_calls: calls, row });
      expect([row.id, r.reward]).toEqual([row.id, row.ground_truth === null ? 0 : 1]);
    }
  });

  it.each([
    { what: "a question without its answer", edit: (f: LoadedFile[]) => f.map((x) => (x.file.path.endsWith("possible_answer/BFCL_v4_multiple.json") ? { ...x, bytes: enc(new TextDecoder().decode(x.bytes).split("\n").slice(1).join("\n")) } : x)), error: /multiple_0 has no possible answer/ },
    { what: "an answer that is not JSON", edit: (f: LoadedFile[]) => f.map((x) => (x.file.path.endsWith("possible_answer/BFCL_v4_parallel.json") ? { ...x, bytes: enc('{"id": "parallel_0", "ground_truth": [1.]}') } : x)), error: /BFCL_v4_parallel\.json line 1: expected ',' or '\]'/ },
    { what: "a question with two turns", edit: (f: LoadedFile[]) => f.map((x) => (x.file.path === "bfcl/BFCL_v4_irrelevance.json" ? { ...x, bytes: enc('{"id": "irrelevance_0", "question": [[{"role": "user", "content": "a"}], []], "function": [{"name": "f"}]}') } : x)), error: /irrelevance\.json line 1: expected one turn with one message/ },
  ])("refuses $what, naming the file and line", async ({ edit, error }) => {
    await expect(bfclRows(edit(generated()))).rejects.toThrow(error);
  });
});

describe("BFCL loader on the pinned files", () => {
  it.runIf(inject("sharedPresent"))("loads 1,240 rows from bytes matching the pins, and every first acceptable answer passes the checker", async () => {
    const files: LoadedFile[] = [];
    for (const file of BFCL_DATA.files as SourceFile[]) {
      const bytes = new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${file.path}`)).arrayBuffer());
      expect([file.path, bytes.length, await sha256Hex(bytes)]).toEqual([file.path, file.bytes, file.sha256]);
      files.push({ file, bytes });
    }
    const rows = await bfclRows(files);
    const count = (c: string) => rows.filter((r) => r.category === c).length;
    expect(BFCL_CATEGORIES.map(count)).toEqual([400, 200, 200, 200, 240]);
    expect(rows[1]).toMatchObject({
      id: "simple_python_1",
      question: "Calculate the factorial of 5 using math functions.",
      ground_truth: '[{"math.factorial": {"number": [5]}}]',
      tools: [{ name: "math_factorial", description: `Calculate the factorial of a given number.${PYTHON_HINT}`, parameters: { type: "object", required: ["number"] } }],
    });
    const failed: string[] = [];
    for (const row of rows.filter((r) => r.ground_truth !== null)) {
      const r = scoreFunctionCall({ output: "", expected: row.ground_truth as string, spec, tool_calls: rightCalls(row.ground_truth as string, row), row });
      if (r.reward !== 1) failed.push(`${row.id}: ${r.reason}`);
    }
    expect(failed).toEqual([]);
  });
});
