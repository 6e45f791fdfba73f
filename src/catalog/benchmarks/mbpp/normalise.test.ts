// MBPP's loader on small generated files in mbpp.jsonl's format, and on the
// pinned file itself when ../shared is present.
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../../crypto/hash";
import { MBPP_DATA } from "./source";
import { mbppRows, mbppSplit } from "./normalise";

const FILE = MBPP_DATA.files[0]!;
const enc = new TextEncoder();

/** One mbpp.jsonl line as upstream writes it (Windows line ends inside code). */
function task(id: number, extra: Record<string, unknown> = {}) {
  return {
    text: `Write a function to add ${id}.`,
    code: `def add_${id}(x):\r\n  return x + ${id}`,
    task_id: id,
    test_setup_code: "",
    test_list: [`assert add_${id}(1) == ${1 + id}`, `assert add_${id}(0) == ${id}`, `assert add_${id}(-${id}) == 0`],
    challenge_test_list: [],
    ...extra,
  };
}

const bytesOf = (rows: unknown[]) => enc.encode(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");

describe("mbpp loader (generated rows)", () => {
  it("splits by task id, leads the prompt split with the paper's shots 2, 3, 4, and keeps tests and setup code", async () => {
    const ids = [1, 2, 3, 4, 5, 11, 367, 510, 511, 600, 601, 974];
    const rows = await mbppRows([{ file: FILE, bytes: bytesOf(ids.map((id) => task(id, id === 367 ? { test_setup_code: "root = Node(1)\r\nroot.left = None" } : {}))) }]);
    expect(rows.map((r) => r.task_id)).toEqual([2, 3, 4, 1, 5, 11, 367, 510, 511, 600, 601, 974]);
    expect(rows.map((r) => r.split)).toEqual(["prompt", "prompt", "prompt", "prompt", "prompt", "test", "test", "test", "validation", "validation", "train", "train"]);
    expect(rows[5]).toEqual({
      id: "mbpp-11",
      task_id: 11,
      split: "test",
      text: "Write a function to add 11.",
      code: "def add_11(x):\n  return x + 11",
      solution: "```python\ndef add_11(x):\n  return x + 11\n```",
      test_list: ["assert add_11(1) == 12", "assert add_11(0) == 11", "assert add_11(-11) == 0"],
      tests: "assert add_11(1) == 12\nassert add_11(0) == 11\nassert add_11(-11) == 0",
      test_setup_code: "",
      challenge_test_list: [],
    });
    expect(rows.find((r) => r.task_id === 367)!.test_setup_code).toBe("root = Node(1)\nroot.left = None");
  });

  it("refuses a row without its test list, naming the line", async () => {
    await expect(mbppRows([{ file: FILE, bytes: bytesOf([task(11), { ...task(12), test_list: "assert x" }]) }])).rejects.toThrow("mbpp/mbpp.jsonl line 2: test_list is not a list of strings");
  });

  it.each([
    [1, "prompt"],
    [10, "prompt"],
    [11, "test"],
    [510, "test"],
    [511, "validation"],
    [600, "validation"],
    [601, "train"],
  ])("task %i is in the %s split", (id, split) => expect(mbppSplit(id)).toBe(split));
});

describe("mbpp loader (the pinned file)", () => {
  it.runIf(inject("sharedPresent"))("gives 974 rows, 500 of them in the test split, from bytes matching the pin", async () => {
    const res = await fetch(`${inject("datasetsUrl")}/${FILE.path}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(FILE.bytes);
    expect(await sha256Hex(bytes)).toBe(FILE.sha256);
    const rows = await mbppRows([{ file: FILE, bytes }]);
    expect(rows).toHaveLength(974);
    expect(rows.filter((r) => r.split === "test").map((r) => r.task_id)).toEqual(Array.from({ length: 500 }, (_, i) => i + 11));
    expect(rows.slice(0, 3).map((r) => r.task_id)).toEqual([2, 3, 4]);
    expect(rows.filter((r) => r.test_setup_code !== "").map((r) => r.task_id)).toContain(367);
  });
});
