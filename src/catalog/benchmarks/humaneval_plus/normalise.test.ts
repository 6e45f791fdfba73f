// HumanEval+'s loader on the generated HumanEvalPlus.jsonl.gz (mini.ts) and on
// the pinned v0.1.10 file itself when ../shared is present: inputs kept as the
// source's text, find_zero's oracle and each task's atol as row data.
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../../crypto/hash";
import { gzip } from "../../../../test/catalog-files";
import { HUMANEVAL_PLUS_DATA } from "./source";
import { miniFiles } from "./mini";
import { humanevalPlusRows } from "./normalise";

const FILE = HUMANEVAL_PLUS_DATA.files[0]!;
const mini = async () => gzip(new TextEncoder().encode(miniFiles()[0]!.text));
const inputsOf = (row: Record<string, unknown>) => JSON.parse(row.inputs as string) as { base: unknown[][]; plus: unknown[][] };

describe("humaneval_plus loader (generated file)", () => {
  it("gives one row per task: the stripped prompt shown, the prompt, contract and solution the reference is built from, raw inputs, oracle", async () => {
    const rows = await humanevalPlusRows([{ file: FILE, bytes: await mini() }]);
    expect(rows.map((r) => r.id)).toEqual(["HumanEval/0", "HumanEval/1", "HumanEval/2", "HumanEval/3", "HumanEval/4"]);
    expect(rows[0]).toEqual({
      id: "HumanEval/0",
      task_id: "HumanEval/0",
      task: 'def add_three(n: int) -> int:\n    """ Return n plus three.\n    >>> add_three(1)\n    4\n    """',
      prompt: '\n\ndef add_three(n: int) -> int:\n    """ Return n plus three.\n    >>> add_three(1)\n    4\n    """\n',
      entry_point: "add_three",
      contract: '\n    assert isinstance(n, int), "invalid inputs" # $_CONTRACT_$\n',
      canonical_solution: "    return n + 3\n",
      // 9007199254740993 stays as written: JavaScript would read it as ...992.
      inputs: '{"base": [[1], [0]], "plus": [[-3], [9007199254740993], [123456789]]}',
      oracle: { atol: 0, arguments: null, output: "exact" },
    });
    expect(rows[1]!.oracle).toEqual({ atol: 1e-6, arguments: null, output: "exact" });
    expect(rows[1]!.inputs).toContain("[[[1.0, 2.0]], [[0.1, 0.2, 0.3]]]");
    expect(rows[2]!.oracle).toEqual({ atol: 0.0001, arguments: null, output: "poly" });
  });

  it.each([
    ['{"task_id": "HE/1", "prompt": "", "entry_point": "f", "canonical_solution": "", "contract": "", "base_input": [], "atol": 0, "plus_input": []}', "line 1: task_id 'HE/1' is not HumanEval/<n>"],
    ['{"task_id": "HumanEval/1", "prompt": "", "entry_point": "f", "canonical_solution": "", "contract": "", "base_input": 3, "atol": 0, "plus_input": []}', "line 1: base_input and plus_input must be lists"],
    ['{"task_id": "HumanEval/1", "prompt": "", "entry_point": "f", "canonical_solution": "", "contract": "", "base_input": [], "atol": -1, "plus_input": []}', "line 1: atol is not a non-negative number"],
    ['{"task_id": "HumanEval/1", "prompt": "", "entry_point": "f", "canonical_solution": "", "base_input": [], "atol": 0, "plus_input": []}', "line 1: 'contract' is not text"],
    ['{"task_id": "HumanEval/1", "base_input": [1, 2', "line 1: unterminated array or object"],
  ])("names the line that breaks the format: %s", async (line, message) => {
    const bytes = await gzip(new TextEncoder().encode(`${line}\n`));
    await expect(humanevalPlusRows([{ file: FILE, bytes }])).rejects.toThrow(`humanevalplus/v0.1.10/HumanEvalPlus.jsonl.gz ${message}`);
  });
});

describe("humaneval_plus loader (the pinned file)", () => {
  it.runIf(inject("sharedPresent"))("gives 164 rows from bytes matching the pin, with 1,570 base and 122,683 plus inputs kept whole", async () => {
    const res = await fetch(`${inject("datasetsUrl")}/${FILE.path}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(FILE.bytes);
    expect(await sha256Hex(bytes)).toBe(FILE.sha256);
    const rows = await humanevalPlusRows([{ file: FILE, bytes }]);
    expect(rows).toHaveLength(164);
    expect([rows[0]!.id, rows.at(-1)!.id]).toEqual(["HumanEval/0", "HumanEval/163"]);
    const inputs = rows.map(inputsOf);
    expect(inputs.reduce((n, i) => n + i.base.length, 0)).toBe(1570);
    expect(inputs.reduce((n, i) => n + i.plus.length, 0)).toBe(122_683);
    // Three float tasks carry an atol; HumanEval/32 is checked by its root, as EvalPlus checks find_zero.
    expect(rows.filter((r) => (r.oracle as { atol: number }).atol > 0).map((r) => r.id)).toEqual(["HumanEval/2", "HumanEval/4", "HumanEval/32"]);
    expect(rows.filter((r) => (r.oracle as { output: string }).output === "poly").map((r) => r.id)).toEqual(["HumanEval/32"]);
    // The largest task, the one that bounds a sandbox request: HumanEval/80's inputs, under 200 KB.
    const largest = rows.reduce((a, b) => ((a.inputs as string).length >= (b.inputs as string).length ? a : b));
    expect([largest.id, (largest.inputs as string).length < 200_000]).toEqual(["HumanEval/80", true]);
    expect(rows.every((r) => (r.contract as string).includes("$_CONTRACT_$") || r.contract === "")).toBe(true);
  });
});
