import { describe, expect, inject, it } from "vitest";
import { IFBENCH_DATA } from "../ifbench/source";
import { ifbenchRows } from "../ifbench/normalise";
import { IFEVAL_DATA } from "./source";
import type { SourceFile } from "../../types";
import { ifevalRows } from "./normalise";

const enc = (s: string) => new TextEncoder().encode(s);
const file = (path: string): SourceFile => ({ path, url: `https://example.test/${path}`, sha256: "0".repeat(64), bytes: 1, format: "jsonl" });
const jsonl = (rows: object[]) => enc(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");

/** Rows in IFEval's layout (only used kwargs) and IFBench's (every key, unused ones null), made up here. */
const IFEVAL_ROWS = [
  { key: 1001, prompt: "Write a haiku. Do not use any commas.", instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] },
  {
    key: 1005,
    prompt: "Describe rain in fewer than 20 words, twice as two responses.",
    instruction_id_list: ["length_constraints:number_words", "combination:two_responses"],
    kwargs: [{ num_words: 20, relation: "less than" }, {}],
  },
];
const IFBENCH_ROWS = [
  { key: "0", prompt: "Name three fruits. Use the word apple twice.", instruction_id_list: ["count:keywords_multiple"], kwargs: [{ keyword1: "apple", keyword2: null, N: null }] },
];

describe("instruction dataset loaders", () => {
  it("turn IFEval rows into {id, key, prompt, instructions}", async () => {
    expect(await ifevalRows([{ file: file("ifeval/input_data.jsonl"), bytes: jsonl(IFEVAL_ROWS) }])).toEqual([
      { id: "1001", key: 1001, prompt: IFEVAL_ROWS[0]!.prompt, instructions: [{ id: "punctuation:no_comma", kwargs: {} }] },
      {
        id: "1005",
        key: 1005,
        prompt: IFEVAL_ROWS[1]!.prompt,
        instructions: [
          { id: "length_constraints:number_words", kwargs: { num_words: 20, relation: "less than" } },
          { id: "combination:two_responses", kwargs: {} },
        ],
      },
    ]);
  });

  it("drop IFBench's null arguments", async () => {
    const rows = await ifbenchRows([{ file: file("ifbench/IFBench_test.jsonl"), bytes: jsonl(IFBENCH_ROWS) }]);
    expect(rows).toEqual([{ id: "0", key: "0", prompt: IFBENCH_ROWS[0]!.prompt, instructions: [{ id: "count:keywords_multiple", kwargs: { keyword1: "apple" } }] }]);
  });

  it.each([
    [{ ...IFEVAL_ROWS[0], kwargs: [] }, "ifeval/input_data.jsonl line 1: 'kwargs' does not have one entry per instruction"],
    [{ ...IFEVAL_ROWS[0], instruction_id_list: [] }, "ifeval/input_data.jsonl line 1: 'instruction_id_list' is not a non-empty list of ids"],
    [{ ...IFEVAL_ROWS[0], prompt: 3 }, "ifeval/input_data.jsonl line 1: 'prompt' is not text"],
    [{ ...IFEVAL_ROWS[0], kwargs: [[1]] }, "ifeval/input_data.jsonl line 1: kwargs 1 is not an object"],
  ])("refuse a malformed record naming its line: %j", async (row, message) => {
    await expect(ifevalRows([{ file: file("ifeval/input_data.jsonl"), bytes: jsonl([row]) }])).rejects.toThrow(message);
  });

  it("refuse a key that appears twice", async () => {
    await expect(ifevalRows([{ file: file("ifeval/input_data.jsonl"), bytes: jsonl([IFEVAL_ROWS[0]!, IFEVAL_ROWS[0]!]) }])).rejects.toThrow(
      "ifeval/input_data.jsonl: key 1001 appears twice",
    );
  });

  it.runIf(inject("sharedPresent"))("load the real files, whose bytes match the pins", async () => {
    for (const [data, normalise, rowCount, instructionCount] of [
      [IFEVAL_DATA, ifevalRows, 541, 834],
      [IFBENCH_DATA, ifbenchRows, 300, 344],
    ] as const) {
      const f = data.files[0]!;
      const bytes = new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${f.path}`)).arrayBuffer());
      const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
      expect([hex, bytes.length]).toEqual([f.sha256, f.bytes]);
      const rows = await normalise([{ file: f, bytes }]);
      expect(rows).toHaveLength(rowCount);
      const n = rows.reduce((k, r) => k + (r.instructions as unknown[]).length, 0);
      expect(n).toBe(instructionCount);
      for (const r of rows) for (const i of r.instructions as { kwargs: Record<string, unknown> }[]) expect(Object.values(i.kwargs)).not.toContain(null);
    }
  });
});
