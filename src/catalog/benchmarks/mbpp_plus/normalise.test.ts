// MBPP+'s loader on the generated MbppPlus.jsonl (test/mini-datasets.ts) and on
// the pinned file itself when ../shared is present: inputs kept as the source's
// text, EvalPlus's per-task conversions and output checks as row data.
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../../crypto/hash";
import { miniDatasetFiles } from "../../../../test/mini-datasets";
import { MBPP_PLUS_DATA } from "./source";
import { splitRawFields } from "../../raw-json";
import { ARGUMENT_CONVERSIONS, mbppPlusRows, OUTPUT_CHECKS, statementOf } from "./normalise";

const FILE = MBPP_PLUS_DATA.files[0]!;
const mini = () => new TextEncoder().encode(miniDatasetFiles().find((f) => f.path === FILE.path)!.text);

describe("splitRawFields", () => {
  it("keeps the named fields' source text (NaN, Infinity, 1.0, integers past 2^53) and parses the rest", () => {
    const line = '{"a": "x\\"]}", "in": [[1.0, NaN], {"k": [9007199254740993]}, -Infinity], "n": 2, "s": [] }';
    expect(splitRawFields(line, ["in", "s"])).toEqual({
      record: { a: 'x"]}', in: null, n: 2, s: null },
      raw: { in: '[[1.0, NaN], {"k": [9007199254740993]}, -Infinity]', s: "[]" },
    });
  });

  it.each([
    ["[1, 2]", "not a JSON object"],
    ['{"a": [1, 2', "unterminated"],
    ['{"a" 1}', "no ':' after a"],
    ['{"a": 1 "b": 2}', "unexpected"],
  ])("refuses %s", (line, message) => expect(() => splitRawFields(line, ["a"])).toThrow(message));
});

describe("mbpp_plus loader (generated file)", () => {
  it("gives one row per task with its prompt, reference, raw inputs and oracle", async () => {
    const rows = await mbppPlusRows([{ file: FILE, bytes: mini() }]);
    expect(rows.map((r) => r.id)).toEqual(["Mbpp/2", "Mbpp/769", "Mbpp/901", "Mbpp/902", "Mbpp/903"]);
    expect(rows[0]).toEqual({
      id: "Mbpp/2",
      task_id: "Mbpp/2",
      task_number: 2,
      text: "Write a function that adds up the numbers of a tuple.",
      prompt: '"""\nWrite a function that adds up the numbers of a tuple.\nassert tuple_total((1, 2, 3)) == 6\n"""\n',
      entry_point: "tuple_total",
      canonical_solution: "def tuple_total(t):\n    assert isinstance(t, tuple)\n    return sum(t)\n",
      solution: "```python\ndef tuple_total(t):\n    assert isinstance(t, tuple)\n    return sum(t)\n```",
      assertion: "\nassert tuple_total((1, 2, 3)) == 6\n",
      contract: "\n  assert True  # $_CONTRACT_$\n",
      inputs: '{"base": [[[1, 2, 3]], [[4]]], "plus": [[[]], [[5, 6]], [[9007199254740993, 1]]]}',
      oracle: { atol: 0, arguments: { each: ["tuple"] }, output: "exact" },
    });
    // `{}` for no plus inputs becomes an empty list; Diff compares as sets; the float task keeps its atol; NaN stays text.
    expect(rows[1]).toMatchObject({ inputs: '{"base": [[[1, 2, 3], [2]], [[5, 6], []]], "plus": []}', oracle: { atol: 0, arguments: null, output: "set" } });
    expect(rows[2]).toMatchObject({ inputs: '{"base": [[1.0], [3]], "plus": [[1e-300], [12345.5]]}', oracle: { atol: 0.0001 } });
    expect(rows[3]!.inputs).toContain("NaN");
  });

  it("names the task that breaks the format", async () => {
    const bad = new TextEncoder().encode('{"task_id": "Mbpp/1", "prompt": "x", "entry_point": "f", "canonical_solution": "", "base_input": 3, "plus_input": [], "atol": 0, "assertion": ""}\n');
    await expect(mbppPlusRows([{ file: FILE, bytes: bad }])).rejects.toThrow("mbpp_plus/MbppPlus.jsonl line 1: base_input and plus_input must be lists");
  });

  it("states EvalPlus's per-task rules as data: 62 tasks converted, 15 entry points compared specially", () => {
    expect(ARGUMENT_CONVERSIONS.size).toBe(62);
    expect(ARGUMENT_CONVERSIONS.get(124)).toEqual({ args: [["float"], ["complex"]] });
    expect(ARGUMENT_CONVERSIONS.get(115)).toEqual({ args: [["list_of", ["set_or_empty_dict"]]] });
    expect(OUTPUT_CHECKS.size).toBe(15);
    expect(statementOf("'''\nWrite a function.\n'''")).toBe("Write a function.");
  });
});

describe("mbpp_plus loader (the pinned file)", () => {
  it.runIf(inject("sharedPresent"))("gives 399 rows from bytes matching the pin, every task's inputs kept whole", async () => {
    const res = await fetch(`${inject("datasetsUrl")}/${FILE.path}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(FILE.bytes);
    expect(await sha256Hex(bytes)).toBe(FILE.sha256);
    const rows = await mbppPlusRows([{ file: FILE, bytes }]);
    expect(rows).toHaveLength(399);
    expect([rows[0]!.id, rows.at(-1)!.id]).toEqual(["Mbpp/2", "Mbpp/809"]);
    // Upstream's conversion list also names six tasks of later releases that this file does not hold.
    const numbers = new Set(rows.map((r) => r.task_number));
    expect([...ARGUMENT_CONVERSIONS.keys()].filter((n) => !numbers.has(n))).toEqual([399, 417, 444, 617, 307, 401]);
    expect(rows.filter((r) => (r.oracle as { arguments: unknown }).arguments !== null)).toHaveLength(56);
    expect(rows.filter((r) => (r.oracle as { output: string }).output !== "exact")).toHaveLength(15);
    expect(rows.find((r) => r.id === "Mbpp/404")!.inputs).toMatch(/Infinity|NaN/);
    expect(rows.filter((r) => (r.oracle as { atol: number }).atol > 0)).toHaveLength(16);
  });
});
